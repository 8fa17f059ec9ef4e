package dev.uringlab.strategy.baseline;

import dev.uringlab.api.SetupFlags;
import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.IoWqCompletion;
import dev.uringlab.spi.Mainline;

/**
 * io_req_complete_post on an io-wq worker, in its three mainline versions, which differ only
 * in which rings hand the completion to the owner's task work instead of posting from the
 * worker:
 * <ul>
 *   <li>baseline (6.7 on; io_uring.c: "Handle special CQ sync cases via task_work. DEFER_TASKRUN
 *       requires the submitter task context, IOPOLL protects with uring_lock"): rings with
 *       IORING_SETUP_DEFER_TASKRUN or IORING_SETUP_IOPOLL (ctx->lockless_cq);</li>
 *   <li>{@code task-complete} (6.2 to 6.6): DEFER_TASKRUN rings only (ctx->task_complete);</li>
 *   <li>{@code always-post} (6.1): none; the worker posts under the completion lock as the
 *       others do (v6.1-rc7 has no ctx->task_complete: io_issue_sqe, io_uring.c:1755, calls
 *       io_req_complete_post, io_uring.c:864, whose io_cq_lock and io_cq_unlock_post post from
 *       the worker whatever the ring's flags);</li>
 *   <li>{@code worker-post} (5.7 to 6.0): none, posting as 5.x's io_cqring_add_event did (5.6
 *       itself, whose io-wq held a reference of its own and never kept a chain, is strategy-era's
 *       {@code put-work}).</li>
 * </ul>
 * Every other ring's worker takes the completion lock, fills the CQE, commits, unlocks and runs
 * ev_posted itself, and keeps the chain (io_wq_free_work): no thread
 * handoff per CQE. The request itself goes back to the owner: in 6.7 (baseline) through task
 * work (io_free_req via io_req_task_complete, since 6.4: {@link #ioFreeReqViaTaskWork()}), one
 * task_work add per request and one task-work pass of the owner per batch of them; in 6.1
 * ({@code always-post}: seed 000's context, before that change), 6.2 to 6.3 ({@code task-complete})
 * and 5.x onto the locked free list under the completion lock. (6.4 to 6.6 freed through task work too; no profile runs them.) One class for the three, since the mechanism is one and only its
 * condition moved.
 *
 * <p>Trade-off: a worker post takes the completion lock from another thread (contended with the
 * owner's flushes) and wakes the owner through cq_wait; the task-work punt costs a task-work
 * add, a wakeup of the owner and a run there, and, for a chain, a punt back to io-wq per member.
 *
 * <p>Threading: called on an io-wq worker; stateless apart from the final mask.
 */
public final class IoReqCompletePost implements IoWqCompletion {
    private final int puntFlags;
    /** 5.x's io_cqring_add_event ({@link CompletionContext#ioCqringAddEvent}): the lock taken with interrupts off. */
    private final boolean cqringAddEvent;

    /** io_free_req through task work (6.4 on), else onto the locked free list. */
    private final boolean freeViaTaskWork;

    IoReqCompletePost(int puntFlags, boolean cqringAddEvent, boolean freeViaTaskWork) {
        this.puntFlags = puntFlags;
        this.cqringAddEvent = cqringAddEvent;
        this.freeViaTaskWork = freeViaTaskWork;
    }

    @Override
    public boolean ioFreeReqViaTaskWork() {
        return freeViaTaskWork;
    }

    /**
     * The baseline's (6.7 on) io-wq is taken as v6.18.2's, the only profile that resolves to it
     * being linux-6.18 (the io-wq of the kernels between 6.7 and 6.18, which no profile runs, is not
     * checked here).
     */
    @Override
    public boolean ioWqAcctWorkers() {
        return freeViaTaskWork;
    }

    /**
     * io_req_complete_post: punt to task work for the rings the version says, else post under
     * the completion lock (6.x takes it even for a REQ_F_CQE_SKIP request, io_cq_lock before the
     * check; 5.x's io_cqring_add_event took it with interrupts off).
     */
    @Override
    public boolean ioReqCompletePost(CompletionContext cq, IoKiocb req, int setupFlags) {
        if ((setupFlags & puntFlags) != 0) {
            return false;
        }
        if (cqringAddEvent) {
            cq.ioCqringAddEvent(req);
        } else {
            cq.lock();
            cq.ioFillCqeReq(req);
            cq.ioCqUnlockPost();
        }
        return true;
    }

    /** Registers alias {@code baseline} on axis {@code iowq-complete}: 6.7's lockless_cq rule. */
    public static final class Provider extends AbstractStrategyProvider<IoWqCompletion> {
        public Provider() {
            super(Axis.IOWQ_COMPLETE, Axis.BASELINE, "6.7",
                    "the io-wq worker posts its CQE under the completion lock and keeps the chain, except on DEFER_TASKRUN"
                        + " and IOPOLL rings, whose completions go to the owner's task work",
                    ctx -> new IoReqCompletePost(SetupFlags.IORING_SETUP_DEFER_TASKRUN | SetupFlags.IORING_SETUP_IOPOLL, false, true));
        }
    }

    /** Registers alias {@code task-complete} on axis {@code iowq-complete}: 6.2 to 6.6. */
    public static final class TaskCompleteProvider extends AbstractStrategyProvider<IoWqCompletion> {
        public TaskCompleteProvider() {
            super(Axis.IOWQ_COMPLETE, "task-complete", "6.2", Mainline.between("6.2", "6.7"),
                    "the io-wq worker posts its CQE under the completion lock and keeps the chain, except on DEFER_TASKRUN"
                        + " rings (ctx->task_complete), whose completions go to the owner's task work",
                    ctx -> new IoReqCompletePost(SetupFlags.IORING_SETUP_DEFER_TASKRUN, false, false));
        }
    }

    /** Registers alias {@code worker-post} on axis {@code iowq-complete}: 5.7 to 6.0. */
    public static final class WorkerPostProvider extends AbstractStrategyProvider<IoWqCompletion> {
        public WorkerPostProvider() {
            super(Axis.IOWQ_COMPLETE, "worker-post", "5.7", Mainline.between("5.7", "6.1"),
                    "every io-wq worker posts its CQE under the completion lock (io_cqring_add_event) and keeps the chain"
                        + " (io_wq_free_work); by our reading from 5.7, when io-wq stopped holding a reference of its own",
                    ctx -> new IoReqCompletePost(0, true, false));
        }
    }

    /** Registers alias {@code always-post} on axis {@code iowq-complete}: 6.1, every worker posts, 6.x's lock. */
    public static final class AlwaysPostProvider extends AbstractStrategyProvider<IoWqCompletion> {
        public AlwaysPostProvider() {
            super(Axis.IOWQ_COMPLETE, "always-post", "6.1", Mainline.between("6.1", "6.2"),
                    "every io-wq worker posts its CQE under the completion lock (io_req_complete_post: io_cq_lock,"
                        + " io_cq_unlock_post) and keeps the chain, DEFER_TASKRUN rings too",
                    ctx -> new IoReqCompletePost(0, false, false));
        }
    }
}
