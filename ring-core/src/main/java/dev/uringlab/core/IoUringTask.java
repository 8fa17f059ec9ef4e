package dev.uringlab.core;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.TaskWork;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.TracePoint;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * {@code struct io_uring_task} and task work, from io_uring/tctx.c and io_uring/tw.c
 * (io_uring.c before 6.13): io_req_task_work_add, which any thread may call, and
 * tctx_task_work, which the ring owner runs. The task list is the {@code task-work} strategy's
 * (6.1: a lock-free llist; 5.x: a list under {@code tctx->task_lock}); what it was given
 * happens-before what the owner takes from it.
 *
 * <p>The owner's wakeup: a waiting owner is woken by the task work added for it, as
 * task_work_add with TWA_SIGNAL wakes the task. The Dekker pair (offer, then load
 * {@code ownerWaiting}; store {@code ownerWaiting}, then check the queue, in {@link IoWait})
 * loses no wakeup: both fields are volatile. The notification's own steps (task_work_add's
 * cmpxchg, TIF_NOTIFY_SIGNAL set and cleared, task_work_run's pass) are the strategy's, traced
 * where the owner runs its work ({@link TaskWork.Site}: io_cqring_wait's io_run_task_work, or the
 * way back to user space). An add from io-wq's worker run inline in deterministic mode is another
 * task's ({@link IoWq#onInlineWorker}), as the kernel's worker is.
 */
final class IoUringTask {
    private final IoRingCtx ctx;
    /** tctx->task_list: task work queued for the ring owner, from any thread, as the {@code task-work} strategy keeps it. */
    private final TaskWork taskList;
    /** The task work of one round (llist_del_all), owner only. */
    private IoRequest[] twRound = new IoRequest[64];
    /** How many of {@link #twRound} the current round filled. */
    private int twCount;
    /** Collects a round into {@link #twRound}. */
    private final Consumer<IoKiocb> collect = this::collect;
    /** The owner is (about to be) parked in io_cqring_wait: task work must wake it. */
    volatile boolean ownerWaiting;

    IoUringTask(IoRingCtx ctx, TaskWork taskList) {
        this.ctx = ctx;
        this.taskList = taskList;
    }

    /** Whether task work is queued (a lockless look). */
    boolean hasWork() {
        return !taskList.isEmpty();
    }

    private void collect(IoKiocb req) {
        if (twCount == twRound.length) {
            twRound = Arrays.copyOf(twRound, twCount * 2);
        }
        twRound[twCount++] = (IoRequest) req;
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

    /**
     * io_req_task_work_add: queue {@code req}, whose {@code twFunc} is set, for the owner; any
     * thread. A DEFER_TASKRUN ring's goes to its {@code work_llist} ({@link IoLocalWork}, v6.1-rc7
     * io_uring.c:1136-1139), which only a wait for completions runs.
     */
    void ioReqTaskWorkAdd(IoRequest req) {
        ctx.counters.incShared(Counter.TASK_WORK_QUEUED);
        ctx.trace.emit(TracePoint.IO_REQ_TASK_WORK_ADD, req.userData);
        if (ctx.localWork != null) {
            ctx.localWork.ioReqLocalWorkAdd(req);
        } else if (Thread.currentThread() == ctx.owner && !ctx.ioWq.onInlineWorker) {
            taskList.ioReqTaskWorkAddCurrent(req);
        } else {
            taskList.ioReqTaskWorkAdd(req);
        }
        if (ownerWaiting) {
            Thread t = ctx.owner;
            if (t != Thread.currentThread()) {
                LockSupport.unpark(t);
            }
        }
    }

    /**
     * The owner runs its task work at {@code site} (io_run_task_work, or the way back to user
     * space): the strategy's notification part, then tctx_task_work: take what is queued, run it in
     * order, flush the batch (ctx_flush_and_put); repeat while more was queued meanwhile. Owner
     * thread, uring_lock held.
     *
     * @return how many task works ran
     */
    @OutOfLine("tctx_task_work")
    int runTaskWork(TaskWork.Site site) {
        if (!taskList.ioRunTaskWork(site)) {
            return 0;
        }
        int total = 0;
        int n;
        while ((n = takeRound()) != 0) {
            // Each round is one tctx_task_work_run of the kernel (task work queued while a round
            // runs finds the list empty and calls task_work_add again): trace_io_uring_task_work_run.
            ctx.counters.inc(Counter.TASK_WORK_PASS);
            ctx.trace.emit(TracePoint.TCTX_TASK_WORK, n);
            for (int i = 0; i < n; i++) {
                IoRequest req = twRound[i];
                twRound[i] = null;
                ctx.counters.inc(Counter.TASK_WORK_RUN);
                runTaskFunc(req);
            }
            total += n;
            taskList.tctxTaskWorkRan();
            IoComplete.ioSubmitFlushCompletions(ctx);
            taskList.ctxFlushAndPut();
        }
        return total;
    }

    /** Whether the owner has task work or a notification to see to on its way back to user space (lockless looks). */
    boolean exitToUserModePending() {
        return taskList.exitToUserModePending();
    }

    /** One round of tctx_task_work: everything queued so far, into {@link #twRound}; 0 ends the run. */
    private int takeRound() {
        twCount = 0;
        taskList.tctxTaskWorkTake(collect);
        return twCount;
    }

    /**
     * io_run_task_work_ctx (v6.1-rc7 io_uring/io_uring.h:263): a DEFER_TASKRUN ring's local work
     * first ({@link IoLocalWork#ioRunLocalWork}: with mutex_trylock when {@code trylock}, from
     * io_cqring_wait), then the task's own. Owner thread, uring_lock held.
     *
     * @return how many task works ran
     */
    int ioRunTaskWorkCtx(boolean trylock) {
        int ret = ctx.localWork != null ? ctx.localWork.ioRunLocalWork(trylock) : 0;
        return ret + runTaskWork(TaskWork.Site.IO_RUN_TASK_WORK);
    }

    /** Whether task work of either list is queued (a lockless look): io_has_work's part, for a waiter. */
    boolean hasWorkCtx() {
        return hasWork() || (ctx.localWork != null && !ctx.localWork.isEmpty());
    }

    /** io_task_work.func: what the request queued itself to do. */
    void runTaskFunc(IoRequest req) {
        int func = req.twFunc;
        req.twFunc = IoRequest.TW_NONE;
        switch (func) {
            case IoRequest.TW_COMPLETE -> IoComplete.ioReqTaskComplete(ctx, req);
            case IoRequest.TW_SUBMIT -> IoIssue.ioReqTaskSubmit(ctx, req);
            case IoRequest.TW_FAIL -> {
                ctx.trace.emit(TracePoint.IO_REQ_TASK_CANCEL, req.userData, req.res);
                IoComplete.ioReqDeferFailed(ctx, req, req.res);
            }
            case IoRequest.TW_FAIL_LINKS -> IoLinks.ioReqTwFailLinks(ctx, req);
            case IoRequest.TW_POLL -> IoPoll.ioPollTaskFunc(req);
            default -> throw new IllegalStateException("task work without a function: " + req);
        }
    }
}
