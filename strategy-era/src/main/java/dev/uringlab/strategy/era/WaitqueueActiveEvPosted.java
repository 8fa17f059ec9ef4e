package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.EvPosted;
import dev.uringlab.spi.EvPostedContext;
import dev.uringlab.spi.Mainline;

/**
 * io_cqring_ev_posted as in 5.6: {@code if (waitqueue_active(&ctx->wait)) wake_up(&ctx->wait)},
 * then, with an eventfd registered, eventfd_signal on every call, outside the completion lock
 * and with no look at whether the tail moved (io_should_trigger_evfd). The barrier before the
 * look is the one 5.6 paid in __io_commit_cqring, right after the tail store
 * (wq_has_sleeper(&ctx->cq_wait), the ring fd's poll queue), which the emulator has no separate
 * queue for; 5.15 wrote it as an explicit smp_mb() here. Until 6.0, which moved the eventfd
 * under the completion lock (io_eventfd_flush_signal, the baseline).
 *
 * <p>Trade-off: no second completion-lock round trip per posting with an eventfd, but an
 * eventfd signal per ev_posted even when nothing new was posted. Stateless.
 */
public final class WaitqueueActiveEvPosted implements EvPosted {

    /** io_cqring_ev_posted (5.6). */
    @Override
    public void ioCqringEvPosted(EvPostedContext ev) {
        ev.smpMb(); // __io_commit_cqring's wq_has_sleeper, 5.15's smp_mb: orders the tail store before the look
        if (ev.waitqueueActive()) {
            ev.wakeUpCqWait();
        }
        if (ev.hasEventfd()) {
            ev.eventfdSignal();
        }
    }

    /** Registers alias {@value #ALIAS} on axis {@code ev-posted}. */
    public static final class Provider extends AbstractStrategyProvider<EvPosted> {
        /** The alias. */
        public static final String ALIAS = "waitqueue-active";
        private static final WaitqueueActiveEvPosted INSTANCE = new WaitqueueActiveEvPosted();

        public Provider() {
            super(Axis.EV_POSTED, ALIAS, "5.6", Mainline.between("5.6", "6.0"),
                    "waitqueue_active(&ctx->wait) then wake_up; eventfd_signal on every call, outside the completion lock",
                    ctx -> INSTANCE);
        }
    }
}
