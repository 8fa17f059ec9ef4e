/**
 * polled reads: t/io_uring's random 512-byte O_DIRECT reads on a block device, polled
 * ({@code -p1}, IORING_SETUP_IOPOLL) or by interrupt ({@code -p0}), the workload seed 004's
 * author measured. ring-api only: it runs unchanged on the emulated and the real kernel.
 *
 * <p>May not: import an engine (ring-core, ring-native) or a strategy.
 */
package dev.uringlab.workloads.polledreads;
