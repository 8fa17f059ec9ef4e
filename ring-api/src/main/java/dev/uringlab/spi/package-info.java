/**
 * The strategy SPI: one interface per patched mechanism (an {@link dev.uringlab.spi.Axis}),
 * what each may see of the emulated kernel, the provider registry
 * ({@link dev.uringlab.spi.Strategies}, on {@link java.util.ServiceLoader}, keyed by a short
 * alias per implementation; each provider also declares the ring options its strategy reads,
 * {@link dev.uringlab.spi.StrategyOption}, and the kernel's own form of it if any,
 * {@link dev.uringlab.spi.NativeEquivalent}), the ring-engine SPI
 * ({@link dev.uringlab.spi.RingProvider}) and the {@link dev.uringlab.spi.Counters} every
 * mechanism bumps.
 *
 * <table>
 *   <caption>The axes</caption>
 *   <tr><th>key</th><th>interface</th><th>baseline</th><th>seed</th></tr>
 *   <tr><td>{@code completion}</td><td>{@link dev.uringlab.spi.CompletionPosting}</td><td>6.1: batched request CQEs, one lock per aux CQE</td><td>000</td></tr>
 *   <tr><td>{@code req-alloc}</td><td>{@link dev.uringlab.spi.RequestAllocation}</td><td>5.15's request allocation</td><td>001</td></tr>
 *   <tr><td>{@code poll-rearm}</td><td>{@link dev.uringlab.spi.PollRearm}</td><td>list_del_init on wake, add_wait_queue on re-arm</td><td>002</td></tr>
 *   <tr><td>{@code link-cqe}</td><td>{@link dev.uringlab.spi.LinkCqe}</td><td>every request of a link posts</td><td>003</td></tr>
 *   <tr><td>{@code bio-alloc}</td><td>{@link dev.uringlab.spi.BioAllocation}</td><td>each bio from the slab and back</td><td>004</td></tr>
 * </table>
 *
 * <p>A strategy sees this package and {@code dev.uringlab.api} only: the interfaces here carry
 * everything a patch needs of the engine (the completion lock, filling and committing CQEs,
 * ev_posted, the submit state's batch, waitqueue entries, the slab caches). Strategy instances
 * are made per ring and used under the engine's rules stated on each method (which lock is
 * held, which thread calls).
 *
 * <p>The trace every step emits is the subpackage {@code dev.uringlab.spi.trace}; the emulated
 * CPU a thread runs on is {@link dev.uringlab.spi.Cpus}.
 *
 * <p>May not: depend on any other uring-lab module, or hold engine code.
 */
package dev.uringlab.spi;
