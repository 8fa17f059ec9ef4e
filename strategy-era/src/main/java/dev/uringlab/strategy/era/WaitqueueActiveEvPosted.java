package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.EvPosted;
import dev.uringlab.spi.EvPostedContext;
import dev.uringlab.spi.Mainline;

/**
 * io_cqring_ev_posted before 6.0 moved the eventfd under the completion lock: a barrier, then
 * {@code if (waitqueue_active(&ctx->cq_wait)) wake_up(&ctx->cq_wait)}, and with an eventfd
 * registered, eventfd_signal on every call, outside the completion lock and with no look at
 * whether the tail moved (io_should_trigger_evfd). Three shapes, one class:
 * <ul>
 *   <li>{@code waitqueue-active} (5.6 to 5.11): also the SQPOLL thread's waitqueue
 *       ({@code ctx->sqo_wait}). The barrier is the one 5.6 paid in __io_commit_cqring, right
 *       after the tail store (wq_has_sleeper on the ring fd's poll queue).</li>
 *   <li>{@code split-poll-wait} (5.11 to 5.16, by our reading of when io_uring_poll got its
 *       own queue): the SQPOLL thread's wait ({@code ctx->sq_data}), and after the eventfd the
 *       ring fd's own {@code ctx->poll_wait}: four looks per posting. The 5.15 context of seed
 *       001 and 002.</li>
 *   <li>{@code merged-waitqueue} (5.16 to 6.0): seed 001's "merge CQ and poll waitqueues" and
 *       "don't wake sqpoll in io_cqring_ev_posted": the barrier, cq_wait and the eventfd only.</li>
 * </ul>
 *
 * <p>Trade-off: no second completion-lock round trip per posting with an eventfd (6.0's), but an
 * eventfd signal per ev_posted even when nothing new was posted; the split shape pays two more
 * lockless looks per posting, which is what seed 001 took away. Stateless.
 */
public final class WaitqueueActiveEvPosted implements EvPosted {
    private final boolean sqpollWait;
    private final boolean splitPollWait;

    private WaitqueueActiveEvPosted(boolean sqpollWait, boolean splitPollWait) {
        this.sqpollWait = sqpollWait;
        this.splitPollWait = splitPollWait;
    }

    /** io_cqring_ev_posted, in the shape of its kernel. */
    @Override
    public void ioCqringEvPosted(EvPostedContext ev) {
        ev.smpMb(); // "see waitqueue_active() comment": orders the tail store before the looks
        if (ev.waitqueueActive()) {
            ev.wakeUpCqWait();
        }
        if (sqpollWait) {
            ev.sqpollWaitActive(); // never true here: no SQPOLL thread to wake
        }
        if (ev.hasEventfd()) {
            ev.eventfdSignal(false); // 5.x: eventfd_signal(ctx->cq_ev_fd, 1), no key
        }
        if (splitPollWait && ev.pollWaitActive()) {
            ev.wakeUpPollWait();
        }
    }

    /** Registers alias {@value #ALIAS} (5.6 to 5.11) on axis {@code ev-posted}. */
    public static final class Provider extends AbstractStrategyProvider<EvPosted> {
        /** The alias. */
        public static final String ALIAS = "waitqueue-active";
        private static final WaitqueueActiveEvPosted INSTANCE = new WaitqueueActiveEvPosted(true, false);

        public Provider() {
            super(Axis.EV_POSTED, ALIAS, "5.6", Mainline.between("5.6", "5.11"),
                    "waitqueue_active(&ctx->wait) then wake_up, the SQPOLL wait, eventfd_signal on every call outside the lock",
                    ctx -> INSTANCE);
        }
    }

    /** Registers alias {@value #ALIAS} (5.11 to 5.16) on axis {@code ev-posted}. */
    public static final class SplitPollWaitProvider extends AbstractStrategyProvider<EvPosted> {
        /** The alias. */
        public static final String ALIAS = "split-poll-wait";
        private static final WaitqueueActiveEvPosted INSTANCE = new WaitqueueActiveEvPosted(true, true);

        public SplitPollWaitProvider() {
            super(Axis.EV_POSTED, ALIAS, "5.11", Mainline.between("5.11", "5.16"),
                    "cq_wait, the SQPOLL wait, the eventfd and the ring fd's own poll_wait: four looks per posting (5.15)",
                    ctx -> INSTANCE);
        }
    }

    /** Registers alias {@value #ALIAS} (5.16 to 6.0) on axis {@code ev-posted}. */
    public static final class MergedWaitqueueProvider extends AbstractStrategyProvider<EvPosted> {
        /** The alias. */
        public static final String ALIAS = "merged-waitqueue";
        private static final WaitqueueActiveEvPosted INSTANCE = new WaitqueueActiveEvPosted(false, false);

        public MergedWaitqueueProvider() {
            super(Axis.EV_POSTED, ALIAS, "5.16", Mainline.between("5.16", "6.0"),
                    "seed 001: one merged CQ/poll waitqueue and no SQPOLL wake: cq_wait and the eventfd only",
                    ctx -> INSTANCE);
        }
    }
}
