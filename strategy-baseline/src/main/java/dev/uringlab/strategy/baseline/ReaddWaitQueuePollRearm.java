package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;

/**
 * Multishot poll re-arming as in Linux 5.15, before "reduce frequent add_wait_queue()
 * overhead for multi-shot poll request" (seed 002): __io_async_wake takes the entry off the
 * waitqueue with list_del_init on every wakeup and queues the task work; io_poll_task_func,
 * after posting the CQE, puts it back with add_wait_queue, which takes the waitqueue head
 * lock again. Two list operations and a lock round trip per event; the patch keeps the entry
 * queued and gates wakeups with an {@code active} flag instead. Stateless.
 */
public final class ReaddWaitQueuePollRearm implements PollRearm {

    /** __io_async_wake: list_del_init (the head lock is held by the waker), then queue the task work. */
    @Override
    public boolean pollWake(PollWait poll) {
        poll.listDelInit();
        return true;
    }

    /**
     * io_poll_task_func: add_wait_queue again. A wakeup while the entry was off the list found
     * nothing to call, so the engine re-checks ({@link Rearmed#RECHECK}).
     */
    @Override
    public Rearmed pollRearm(PollWait poll) {
        poll.addWaitQueue();
        return Rearmed.RECHECK;
    }

    /** Registers alias {@code baseline} on axis {@code poll-rearm}. */
    public static final class Provider extends AbstractStrategyProvider<PollRearm> {
        private static final ReaddWaitQueuePollRearm INSTANCE = new ReaddWaitQueuePollRearm();

        public Provider() {
            super(Axis.POLL_REARM, Axis.BASELINE, "5.15",
                    "list_del_init on every wakeup, add_wait_queue on every re-arm",
                    ctx -> INSTANCE);
        }
    }
}
