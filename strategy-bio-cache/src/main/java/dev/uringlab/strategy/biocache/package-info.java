/**
 * Seed 004, "Enable bio recycling for polled IO" (Jens Axboe, v5, merged for 5.15): the
 * {@code percpu-cache} implementation of the {@code bio-alloc} axis
 * ({@link dev.uringlab.strategy.biocache.PercpuBioCache}) and the later kernels' IRQ-safe
 * version, {@code percpu-cache-irq} (6.2, {@link dev.uringlab.strategy.biocache.IrqSafePercpuBioCache}).
 * The context the series was measured in is 5.14, strategy-baseline's SlabBioAllocation.
 *
 * <p>May not: depend on anything but ring-api ({@code dev.uringlab.api}, {@code dev.uringlab.spi});
 * the bio slab is reached only through {@link dev.uringlab.spi.StrategyContext#bioSlab()}.
 */
package dev.uringlab.strategy.biocache;
