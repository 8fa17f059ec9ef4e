/**
 * The mechanisms of the seeds' kernels that no seed patches: what makes each race run in its
 * author's kernel (DESIGN.md, "Kernel profiles"). A seed's context is a kernel profile, and
 * where that kernel did something another way than the engine's default (which is the newest
 * kernel's), the way it did it is here, named after its kernel functions, with the mainline
 * releases that ran it ({@link dev.uringlab.spi.StrategyProvider#mainline()}), so that the
 * profile picks it.
 *
 * <table>
 *   <caption>Era mechanisms</caption>
 *   <tr><th>axis</th><th>alias</th><th>class</th><th>kernel</th></tr>
 *   <tr><td>{@code poll-rearm}</td><td>{@code poll-refs}</td><td>{@link dev.uringlab.strategy.era.PollRefsPollRearm}</td><td>6.1 (5.17+)</td></tr>
 *   <tr><td>{@code req-alloc}</td><td>{@code slab}</td><td>{@link dev.uringlab.strategy.era.SlabRequestAllocation}</td><td>5.6 (to 5.12)</td></tr>
 *   <tr><td>{@code link-advance}</td><td>{@code inline}</td><td>{@link dev.uringlab.strategy.era.InlineLinkAdvance}</td><td>5.6 (to 5.11)</td></tr>
 *   <tr><td>{@code ev-posted}</td><td>{@code waitqueue-active}, {@code split-poll-wait}, {@code merged-waitqueue}</td><td>{@link dev.uringlab.strategy.era.WaitqueueActiveEvPosted}</td><td>5.6 (to 6.0)</td></tr>
 *   <tr><td>{@code req-alloc}</td><td>{@code free-stack}</td><td>{@link dev.uringlab.strategy.era.StackRequestAllocation}</td><td>for-5.16 (2021-09-24 to seed 001)</td></tr>
 *   <tr><td>{@code enter-ref}</td><td>{@code percpu-ref}</td><td>{@link dev.uringlab.strategy.era.PercpuRefEnterRef}</td><td>5.6 (to 6.0)</td></tr>
 *   <tr><td>{@code get-cqe}</td><td>{@code head-per-cqe}</td><td>{@link dev.uringlab.strategy.era.HeadPerCqeGetCqe}</td><td>5.6 (to 5.19)</td></tr>
 *   <tr><td>{@code task-work}</td><td>{@code task-state-bit}, {@code task-running}</td><td>{@link dev.uringlab.strategy.era.TaskLockTaskWork}</td><td>5.14, 5.15 (to 6.0)</td></tr>
 *   <tr><td>{@code completion}</td><td>{@code batch-irq}, {@code batch-5.15}</td><td>{@link dev.uringlab.strategy.era.FillEventCompletionPosting}</td><td>5.14 (5.8 to 5.15); 5.15, 5.16 (to 5.17)</td></tr>
 *   <tr><td>{@code iowq-complete}</td><td>{@code put-work}</td><td>{@link dev.uringlab.strategy.era.PutWorkIoWqCompletion}</td><td>5.6 (5.5 to 5.6)</td></tr>
 * </table>
 *
 * <p>The io-wq completion's later ways ({@code worker-post}, {@code task-complete}) are one class
 * with the baseline's, in strategy-baseline: only the condition of io_req_complete_post moved.
 * 5.6's ({@code put-work}) is here: its io-wq held a reference of its own and never kept a chain.
 *
 * <p>Why a module of its own: these are not patches, so they belong to no seed's module, and
 * they are not the pre-patch mechanism of any axis either (the baselines). Keeping them apart
 * keeps each seed's module about its patch alone.
 *
 * <p>May not: see anything but {@code dev.uringlab.api} and {@code dev.uringlab.spi} (never the
 * engine); spare a mechanism work its kernel did.
 */
package dev.uringlab.strategy.era;
