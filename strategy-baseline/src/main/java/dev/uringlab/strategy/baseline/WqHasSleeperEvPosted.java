package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.EvPosted;
import dev.uringlab.spi.EvPostedContext;

/**
 * io_cqring_ev_posted as in 6.1 (io_commit_cqring_flush, then io_cqring_wake): with an eventfd
 * registered, io_eventfd_flush_signal takes the completion lock once more to see whether CQEs
 * were posted since the eventfd's last signal ("io_uring: hide eventfd assumptions in evenfd
 * paths", 6.0) and signals only then; then wq_has_sleeper (a full barrier, then a look at the
 * list) and a wakeup of cq_wait only when someone sleeps there. Stateless.
 */
public final class WqHasSleeperEvPosted implements EvPosted {

    /** io_cqring_ev_posted (6.1). */
    @Override
    public void ioCqringEvPosted(EvPostedContext ev) {
        if (ev.hasEventfd() && ev.ioEventfdFlushCheck()) {
            ev.eventfdSignal();
        }
        ev.smpMb(); // wq_has_sleeper
        if (ev.waitqueueActive()) {
            ev.wakeUpCqWait();
        }
    }

    /** Registers alias {@code baseline} on axis {@code ev-posted}. */
    public static final class Provider extends AbstractStrategyProvider<EvPosted> {
        private static final WqHasSleeperEvPosted INSTANCE = new WqHasSleeperEvPosted();

        public Provider() {
            super(Axis.EV_POSTED, Axis.BASELINE, "6.1",
                    "the eventfd signalled only when the tail moved since its last signal (a second completion-lock round"
                        + " trip), then wq_has_sleeper and a cq_wait wakeup",
                    ctx -> INSTANCE);
        }
    }
}
