package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.EvPosted;
import dev.uringlab.spi.EvPostedContext;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.StrategyContext;

/**
 * What follows a CQ commit since the ring fd's pollers got a waitqueue of their own
 * ({@code ctx->poll_wq}) with lazy activation ("io_uring: add lazy poll_wq activation", Pavel
 * Begunkov, v3 07/11 of 2023-01-09, in the 6.3 merge window: absent from 6.2.12, present in
 * 6.3.8): io_commit_cqring_flush calls the out-of-line __io_commit_cqring_flush whenever
 * {@code ctx->poll_activated} is set (io_uring/io_uring.h:508-513 at v6.18.2), and that wakes
 * poll_wq through io_poll_wq_wake (io_uring.c:573-574), whose wq_has_sleeper is a full barrier
 * before it looks at the list (io_uring.h:387-403, include/linux/wait.h:151-162).
 * io_uring_create sets the flag for every ring without {@code ctx->task_complete}
 * (io_uring.c:3823-3828), so every ring but a DEFER_TASKRUN one pays the call and the barrier on
 * every flush, polled or not; a DEFER_TASKRUN ring sets it only when its fd is first polled
 * (io_uring_poll -> io_activate_pollwq, :2902-2931, through a task work to the submitter).
 *
 * <p>Before 6.3 (6.1-rc7, 6.2.12) the ring fd's pollers waited on cq_wait itself
 * (io_uring_poll's poll_wait, v6.1-rc7 io_uring.c:2653, 6.2.12 :2776), woken by io_cqring_wake's one
 * smp_mb and look (io_uring.h:206-221), and io_commit_cqring_flush went out of line only for
 * an eventfd, timeouts or a drain (io_uring.h:322-326): {@link WqHasSleeperEvPosted}.
 *
 * <p>The order is 6.18's: io_cqring_wake, then io_commit_cqring_flush (__io_cq_unlock_post,
 * io_uring.c:593-604; io_cq_unlock_post, :606-613), as 6.8.1 has it too. 6.3.8 still flushed
 * first and woke after (its io_uring.c:614-621, :642-649); that form is not emulated (no profile runs it).
 *
 * <p>Not emulated: polling the ring fd (no emulated file is a ring, so nothing calls
 * io_uring_poll), hence neither io_activate_pollwq nor its task work: a DEFER_TASKRUN ring's
 * {@code poll_activated} stays clear for its life, as it does in the kernel for a ring nobody
 * polls. The poll_wq itself is real, and a sleeper a test puts there is woken.
 *
 * <p>Trade-off: pollers of the ring fd no longer wake with every cq_wait waiter, nor cq_wait's
 * waiters with them; for that every ring without DEFER_TASKRUN pays one out-of-line call and one
 * full barrier per flush, where 6.2 paid none without an eventfd. Stateless but for the ring's
 * {@code poll_activated}, final here: two shared instances, one per value.
 */
public final class PollWqEvPosted implements EvPosted {
    /** EPOLL_URING_WAKE in the eventfd's wakeup: as 6.2 on. */
    private static final boolean URING_WAKE = true;

    /**
     * ctx->poll_activated as io_uring_create sets it (io_uring.c:3823-3828): set unless the ring
     * is task_complete. Final here: io_activate_pollwq, which would set it later, is not emulated.
     */
    private final boolean pollActivated;

    PollWqEvPosted(boolean pollActivated) {
        this.pollActivated = pollActivated;
    }

    /**
     * io_cqring_wake (io_uring.h:405-414, inlined): __io_wq_wake(&amp;ctx->cq_wait), a barrier
     * then a look at the list, and a wakeup when someone waits in io_cqring_wait; then
     * {@link #ioCommitCqringFlush}.
     */
    @Override
    public void ioCqringEvPosted(EvPostedContext ev) {
        ev.smpMb(); // wq_has_sleeper(&ctx->cq_wait)
        if (ev.waitqueueActive()) {
            ev.wakeUpCqWait();
        }
        ioCommitCqringFlush(ev);
    }

    /**
     * io_commit_cqring_flush (io_uring.h:508-513, inlined): __io_commit_cqring_flush when
     * {@code off_timeout_used || has_evfd || poll_activated} (timeouts are not emulated).
     */
    @Override
    public void ioCommitCqringFlush(EvPostedContext ev) {
        if (pollActivated || ev.hasEventfd()) {
            ev.ioCommitCqringFlush(pollActivated, URING_WAKE);
        }
    }

    /** ctx->poll_activated of this ring. */
    public boolean pollActivated() {
        return pollActivated;
    }

    /** Registers alias {@value #ALIAS} (6.3 on) on axis {@code ev-posted}, the {@code linux-6.18} profile's. */
    public static final class Provider extends AbstractStrategyProvider<EvPosted> {
        /** The alias. */
        public static final String ALIAS = "poll-wq";
        private static final PollWqEvPosted ACTIVATED = new PollWqEvPosted(true);
        private static final PollWqEvPosted LAZY = new PollWqEvPosted(false);

        public Provider() {
            super(Axis.EV_POSTED, ALIAS, "6.3", Mainline.since("6.3"),
                    "cq_wait woken as 6.2, then __io_commit_cqring_flush on every flush of a ring without DEFER_TASKRUN"
                        + " (poll_activated): a call and wq_has_sleeper's barrier on the ring fd's own poll_wq",
                    PollWqEvPosted::forRing);
        }
    }

    /** The instance for a ring: poll_activated as io_uring_create sets it from task_complete. */
    private static PollWqEvPosted forRing(StrategyContext ctx) {
        return ctx.taskComplete() ? Provider.LAZY : Provider.ACTIVATED;
    }
}
