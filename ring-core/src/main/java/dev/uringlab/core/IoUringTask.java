package dev.uringlab.core;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.trace.TracePoint;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * {@code struct io_uring_task} and task work, from io_uring/tctx.c and io_uring/tw.c
 * (io_uring.c before 6.13): io_req_task_work_add, which any thread may call, and
 * tctx_task_work, which the ring owner runs. The task list is a JCTools MPSC queue, as the
 * kernel's is a lockless llist: the offer is the release that publishes the request's fields
 * to the owner, the owner's poll the acquire.
 *
 * <p>The owner's wakeup: a waiting owner is woken by the task work added for it, as
 * task_work_add with TWA_SIGNAL wakes the task. The Dekker pair (offer, then load
 * {@code ownerWaiting}; store {@code ownerWaiting}, then check the queue, in {@link IoWait})
 * loses no wakeup: both fields are volatile.
 */
final class IoUringTask {
    private final IoRingCtx ctx;
    /** tctx->task_list: task work queued for the ring owner, from any thread. */
    private final MpscUnboundedXaddArrayQueue<IoRequest> taskList = new MpscUnboundedXaddArrayQueue<>(256);
    /** The task work of one run (llist_del_all), owner only. */
    private IoRequest[] twRound = new IoRequest[64];
    /** The owner is (about to be) parked in io_cqring_wait: task work must wake it. */
    volatile boolean ownerWaiting;

    IoUringTask(IoRingCtx ctx) {
        this.ctx = ctx;
    }

    /** Whether task work is queued (a lockless look). */
    boolean hasWork() {
        return !taskList.isEmpty();
    }

    /** io_req_task_queue: issue the request from task work (io_req_task_submit). */
    void ioReqTaskQueue(IoRequest req) {
        req.twFunc = IoRequest.TW_SUBMIT;
        ioReqTaskWorkAdd(req);
    }

    /** io_req_task_queue_fail: fail the request with {@code ret} from task work (io_req_task_cancel). */
    void ioReqTaskQueueFail(IoRequest req, int ret) {
        req.setRes(ret, 0);
        req.twFunc = IoRequest.TW_FAIL;
        ioReqTaskWorkAdd(req);
    }

    /** io_req_task_work_add: queue {@code req}, whose {@code twFunc} is set, for the owner; any thread. */
    void ioReqTaskWorkAdd(IoRequest req) {
        ctx.counters.incShared(Counter.TASK_WORK_QUEUED);
        ctx.trace.emit(TracePoint.IO_REQ_TASK_WORK_ADD, req.userData);
        taskList.offer(req);
        if (ownerWaiting) {
            Thread t = ctx.owner;
            if (t != Thread.currentThread()) {
                LockSupport.unpark(t);
            }
        }
    }

    /**
     * tctx_task_work: take what is queued (llist_del_all), run it in order, flush the batch
     * (ctx_flush_and_put); repeat while more was queued meanwhile. Owner thread, uring_lock held.
     *
     * @return how many task works ran
     */
    int runTaskWork() {
        if (taskList.isEmpty()) {
            return 0;
        }
        int total = 0;
        do {
            int n = 0;
            IoRequest r;
            while ((r = taskList.relaxedPoll()) != null) {
                if (n == twRound.length) {
                    twRound = Arrays.copyOf(twRound, n * 2);
                }
                twRound[n++] = r;
            }
            ctx.trace.emit(TracePoint.TCTX_TASK_WORK, n);
            for (int i = 0; i < n; i++) {
                IoRequest req = twRound[i];
                twRound[i] = null;
                ctx.counters.inc(Counter.TASK_WORK_RUN);
                runTaskFunc(req);
            }
            total += n;
            IoComplete.ioSubmitFlushCompletions(ctx);
        } while (!taskList.isEmpty());
        return total;
    }

    /** io_task_work.func: what the request queued itself to do. */
    private void runTaskFunc(IoRequest req) {
        int func = req.twFunc;
        req.twFunc = IoRequest.TW_NONE;
        switch (func) {
            case IoRequest.TW_COMPLETE -> IoComplete.ioReqTaskComplete(ctx, req);
            case IoRequest.TW_SUBMIT -> IoIssue.ioReqTaskSubmit(ctx, req);
            case IoRequest.TW_FAIL -> {
                ctx.trace.emit(TracePoint.IO_REQ_TASK_CANCEL, req.userData, req.res);
                IoComplete.ioReqDeferFailed(ctx, req, req.res);
            }
            case IoRequest.TW_FAIL_LINKS -> IoTimeout.ioReqTwFailLinks(ctx, req);
            case IoRequest.TW_POLL -> IoPoll.ioPollTaskFunc(req);
            default -> throw new IllegalStateException("task work without a function: " + req);
        }
    }
}
