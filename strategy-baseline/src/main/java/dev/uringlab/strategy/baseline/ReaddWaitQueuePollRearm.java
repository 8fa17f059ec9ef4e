package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;

/**
 * Multishot poll re-arming as in Linux 5.15, before "reduce frequent add_wait_queue()
 * overhead for multi-shot poll request" (seed 002): __io_async_wake takes the entry off the
 * waitqueue with list_del_init on every wakeup it takes and queues the task work;
 * io_poll_task_func, after filling the CQE and before io_commit_cqring, under the completion
 * lock, puts it back with add_wait_queue, which takes the waitqueue head lock again. Two list
 * operations and a head-lock round trip per event; the patch keeps the entry queued and gates
 * wakeups with an {@code active} flag instead. Stateless.
 *
 * <p>What 5.15 does not do: look again. A wakeup that comes while the entry is off the list
 * finds nothing to call and is gone; io_poll_task_func reports the mask of the wakeup that
 * queued it ({@code req->result}) and adds the entry back without a vfs_poll. An application
 * drains the file on each CQE (edge-triggered), so data that arrived meanwhile is read then.
 * Line numbers are fs/io_uring.c at v5.15.
 */
public final class ReaddWaitQueuePollRearm implements PollRearm {

    /**
     * io_poll_wake (5797) and io_async_wake (5526) both call __io_async_wake (5244): the event
     * test first ({@code if (mask && !(mask & poll->events)) return 0;}, 5248), then
     * list_del_init (5253, the waker holds the head lock) and io_req_task_work_add (5264).
     */
    @Override
    public boolean pollWake(PollWait poll, int mask) {
        if (mask != 0 && (mask & poll.events()) == 0) {
            return false;
        }
        poll.listDelInit();
        return true;
    }

    /**
     * io_poll_task_func, not done (5382), or io_poll_rewait finding nothing (5285):
     * add_wait_queue, under the completion lock before io_commit_cqring, and nothing more.
     */
    @Override
    public Rearmed pollRearm(PollWait poll) {
        poll.addWaitQueue();
        return Rearmed.NO_ACTION;
    }

    /**
     * __io_poll_remove_one (5652): the remove takes the request when the entry is on the list;
     * off it, a wakeup has queued the task work, and io_poll_remove_one fails (-EALREADY). (5.15
     * also sets {@code poll->canceled} before it looks, so the pending task work ends the poll
     * with -ECANCELED after the failed remove; the engine's remove keeps 6.1's outcome.)
     */
    @Override
    public boolean pollDisarm(PollWait poll) {
        return poll.isQueued();
    }

    /**
     * 5.15's io_poll_task_func re-adds the entry in the CQE's locked section, between the fill and
     * io_commit_cqring (5375-5384); 5.14's after the commit (v5.14 fs/io_uring.c:4968, 4974). The
     * place in the section is the completion strategy's ({@code batch-5.15}, {@code batch-irq}).
     */
    @Override
    public boolean rearmInPost() {
        return true;
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
