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
 *   <tr><td>{@code link-advance}</td><td>{@link dev.uringlab.spi.LinkAdvance}</td><td>6.x: the next member through task work</td><td>era</td></tr>
 *   <tr><td>{@code iowq-complete}</td><td>{@link dev.uringlab.spi.IoWqCompletion}</td><td>6.7: the worker posts, except on DEFER_TASKRUN and IOPOLL rings</td><td>era</td></tr>
 *   <tr><td>{@code ev-posted}</td><td>{@link dev.uringlab.spi.EvPosted}</td><td>6.2: eventfd under the completion lock (EPOLL_URING_WAKE), wq_has_sleeper</td><td>era</td></tr>
 *   <tr><td>{@code enter-ref}</td><td>{@link dev.uringlab.spi.EnterRef}</td><td>6.1: io_uring_enter takes no ctx reference</td><td>era</td></tr>
 *   <tr><td>{@code get-cqe}</td><td>{@link dev.uringlab.spi.GetCqe}</td><td>6.1: the CQ head loaded once per cached free range</td><td>era</td></tr>
 *   <tr><td>{@code task-work}</td><td>{@link dev.uringlab.spi.TaskWork}</td><td>6.1: a lock-free llist</td><td>era</td></tr>
 *   <tr><td>{@code nop-flags}</td><td>{@link dev.uringlab.spi.NopFlagSet}</td><td>before 6.13: IORING_NOP_INJECT_RESULT alone</td><td>era</td></tr>
 * </table>
 *
 * <h2>Kernel profiles and era axes</h2>
 * A {@link dev.uringlab.spi.KernelProfile} ({@code linux-5.6}, {@code linux-5.14},
 * {@code linux-5.15}, {@code linux-6.1}) resolves every axis to what that release ran, from each
 * provider's {@link dev.uringlab.spi.StrategyProvider#mainline()} range; a seed's race is its
 * author's kernel against the same kernel plus the patch. Where the seeds' kernels did a thing
 * no seed patches in different ways, that thing is an <em>era axis</em> of its own
 * ({@code link-advance}, {@code iowq-complete}, {@code ev-posted}, {@code enter-ref}, {@code get-cqe},
 * {@code task-work}, {@code nop-flags};
 * {@link dev.uringlab.spi.Axis#seed()}
 * is {@code era}): its baseline is the newest kernel's way (the engine's default), and each older
 * way is an alias whose range says which releases ran it. Separate axes rather than one "era"
 * axis, because they changed in different releases (link advance by 5.11, ev_posted in
 * 6.0, the io-wq punt in 6.1 and 6.7, the CQ head cache, the enter reference and the lock-free task
 * list between 5.16 and 6.1), so a kernel between two of those changes is a mix that
 * only separate axes can express, and each has its own contract; the profiles keep the user
 * from having to choose them one by one. A profile may also be a development tree on a date
 * ({@code for-5.16-2021-10-04}, seed 001's base: version {@code for-5.16}, between 5.15 and
 * 5.16), and a series that spans axes names the rest of itself
 * ({@link dev.uringlab.spi.StrategyProvider#seriesOnOtherAxes()}), which a profile applies with it.
 *
 * <p>{@link dev.uringlab.spi.PollRearm} lets its strategy drive the poll task work's loop
 * ({@link dev.uringlab.spi.PollRearm.Rearmed}): the 5.15 re-add and the 5.16 flag ask the engine to
 * look for a wakeup missed while they could not take one; 6.1's poll_refs asks for another pass
 * instead, or for nothing.
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
