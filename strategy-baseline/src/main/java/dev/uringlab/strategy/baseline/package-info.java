/**
 * The pre-patch mechanism of every SPI axis, alias {@code baseline}: what each kernel did
 * before the patch series the axis isolates. Each class is small and final, names the kernel
 * code it emulates, and carries its {@link dev.uringlab.spi.StrategyProvider} as a nested
 * {@code Provider} registered in {@code META-INF/services/dev.uringlab.spi.StrategyProvider}.
 *
 * <table>
 *   <caption>Baselines</caption>
 *   <tr><th>axis</th><th>class</th><th>kernel</th></tr>
 *   <tr><td>{@code completion}</td><td>{@link dev.uringlab.strategy.baseline.CompletionBatchPosting}</td><td>6.1</td></tr>
 *   <tr><td>{@code req-alloc}</td><td>{@link dev.uringlab.strategy.baseline.ReqsArrayRequestAllocation}</td><td>5.15</td></tr>
 *   <tr><td>{@code poll-rearm}</td><td>{@link dev.uringlab.strategy.baseline.ReaddWaitQueuePollRearm}</td><td>5.15</td></tr>
 *   <tr><td>{@code link-cqe}</td><td>{@link dev.uringlab.strategy.baseline.EveryRequestLinkCqe}</td><td>5.16</td></tr>
 *   <tr><td>{@code bio-alloc}</td><td>{@link dev.uringlab.strategy.baseline.SlabBioAllocation}</td><td>5.14</td></tr>
 *   <tr><td>{@code link-advance}</td><td>{@link dev.uringlab.strategy.baseline.TaskWorkLinkAdvance}</td><td>6.1</td></tr>
 *   <tr><td>{@code iowq-complete}</td><td>{@link dev.uringlab.strategy.baseline.IoReqCompletePost} (also {@code task-complete},
 *       6.2 to 6.6, {@code always-post}, 6.1, and {@code worker-post}, 5.7 to 6.0: one function whose condition
 *       moved)</td><td>6.7</td></tr>
 *   <tr><td>{@code ev-posted}</td><td>{@link dev.uringlab.strategy.baseline.WqHasSleeperEvPosted} (also
 *       {@code no-uring-wake}, 6.0 and 6.1: the eventfd signalled without EPOLL_URING_WAKE; and
 *       {@link dev.uringlab.strategy.baseline.PollWqEvPosted} {@code poll-wq}, 6.3 on: the ring fd's poll_wq woken from
 *       __io_commit_cqring_flush behind poll_activated)</td><td>6.2</td></tr>
 *   <tr><td>{@code nop-flags}</td><td>{@link dev.uringlab.strategy.baseline.NopFlagsMask} (also {@code file-tw}, 6.17 on:
 *       NOP_FILE, NOP_FIXED_FILE, NOP_FIXED_BUFFER and NOP_TW)</td><td>before 6.13</td></tr>
 * </table>
 * The era axes' baselines are the newest kernel's way, not a pre-patch one (no seed patches
 * them); their older ways live in strategy-era, except the older conditions of
 * io_req_complete_post and 6.1's key-less eventfd signal, which are the same classes.
 *
 * <p>May not: see anything but {@code dev.uringlab.api} and {@code dev.uringlab.spi} (never the
 * engine), or skip work the patch removes: every lock, list operation and allocation is real.
 */
package dev.uringlab.strategy.baseline;
