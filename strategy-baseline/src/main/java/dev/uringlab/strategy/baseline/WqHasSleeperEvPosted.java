package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.EvPosted;
import dev.uringlab.spi.EvPostedContext;
import dev.uringlab.spi.Mainline;

/**
 * io_cqring_ev_posted as in 6.1 and 6.2 (io_commit_cqring_flush, then io_cqring_wake): with an
 * eventfd registered, io_eventfd_flush_signal takes the completion lock once more to see whether CQEs
 * were posted since the eventfd's last signal ("io_uring: hide eventfd assumptions in evenfd
 * paths", 6.0) and signals only then, all of it in __io_commit_cqring_flush, out of line; then
 * io_cqring_wake (io_uring.h:218 in v6.1-rc7: smp_mb, then a look at the list) and a wakeup of
 * cq_wait only when someone sleeps there. Stateless.
 */
public final class WqHasSleeperEvPosted implements EvPosted {
    /** EPOLL_URING_WAKE in the eventfd's wakeup: 6.2 on. */
    private final boolean uringWake;

    private WqHasSleeperEvPosted(boolean uringWake) {
        this.uringWake = uringWake;
    }

    /** io_cqring_ev_posted (6.1). */
    @Override
    public void ioCqringEvPosted(EvPostedContext ev) {
        if (ev.hasEventfd()) {
            ev.ioCommitCqringFlush(false, uringWake); // io_commit_cqring_flush: has_evfd (no poll_activated before 6.3)
        }
        ev.smpMb(); // io_cqring_wake
        if (ev.waitqueueActive()) {
            ev.wakeUpCqWait();
        }
    }

    /**
     * io_commit_cqring_flush alone (a task_complete or IOPOLL ring's __io_cq_unlock_post, 6.2 on):
     * the eventfd as {@link #ioCqringEvPosted}, no io_cqring_wake.
     */
    @Override
    public void ioCommitCqringFlush(EvPostedContext ev) {
        if (ev.hasEventfd()) {
            ev.ioCommitCqringFlush(false, uringWake); // io_commit_cqring_flush: has_evfd (no poll_activated before 6.3)
        }
    }

    /**
     * Registers alias {@code baseline} on axis {@code ev-posted}: 6.2, the eventfd woken with
     * EPOLL_URING_WAKE; 6.3 moved the ring fd's pollers to their own poll_wq, woken behind
     * poll_activated ({@link PollWqEvPosted}).
     */
    public static final class Provider extends AbstractStrategyProvider<EvPosted> {
        private static final WqHasSleeperEvPosted INSTANCE = new WqHasSleeperEvPosted(true);

        public Provider() {
            super(Axis.EV_POSTED, Axis.BASELINE, "6.2", Mainline.between("6.2", "6.3"),
                    "the eventfd signalled only when the tail moved since its last signal (a second completion-lock round"
                        + " trip), then wq_has_sleeper and a cq_wait wakeup",
                    ctx -> INSTANCE);
        }
    }

    /**
     * Registers alias {@value #ALIAS} on axis {@code ev-posted}: 6.0 and 6.1, the same path with
     * a plain eventfd_signal (v6.1-rc7 io_uring/io_uring.c:534, fs/eventfd.c:60: no key), the
     * context of seed 000.
     */
    public static final class NoUringWakeProvider extends AbstractStrategyProvider<EvPosted> {
        /** The alias. */
        public static final String ALIAS = "no-uring-wake";
        private static final WqHasSleeperEvPosted INSTANCE = new WqHasSleeperEvPosted(false);

        public NoUringWakeProvider() {
            super(Axis.EV_POSTED, ALIAS, "6.0", Mainline.between("6.0", "6.2"),
                    "as baseline, but the eventfd is signalled without EPOLL_URING_WAKE (before 6.2)",
                    ctx -> INSTANCE);
        }
    }
}
