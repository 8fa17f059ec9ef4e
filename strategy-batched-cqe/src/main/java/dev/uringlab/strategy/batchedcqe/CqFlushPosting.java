package dev.uringlab.strategy.batchedcqe;

import dev.uringlab.api.SetupFlags;
import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * Completion posting as mainline has done it since 6.15, what seed 000's array became: a
 * multishot request's aux CQE is written into the CQ ring at once from task work
 * (io_req_post_cqe), and only what follows the write is deferred, by a flag
 * ({@code ctx->submit_state.cq_flush}): the tail commit and the post-commit work (the eventfd
 * signal, the cq_wait wakeup) run once, in the next __io_submit_flush_completions, which
 * io_submit_flush_completions calls whenever {@code compl_reqs} is non-empty or the flag is set
 * (io_uring/io_uring.h:216-221 at v6.18.2). On a lockless CQ ({@code ctx->lockless_cq}:
 * DEFER_TASKRUN or IOPOLL) neither the aux write nor the flush takes the completion lock, and on
 * a DEFER_TASKRUN ring ({@code ctx->task_complete}) the flush wakes nobody on cq_wait, since only
 * the ring's own task, which is running, can wait there.
 *
 * <p>History (each checked against the post or tree named): seed 000's 16-entry array (6.2) was
 * removed by "io_uring: get rid of intermediate aux cqe caches" (Pavel Begunkov, v3 of
 * 2024-03-18, in for-6.10/io_uring, so 6.10), which introduced {@code cq_flush} and filled the aux
 * CQE under __io_cq_lock, but still ran __io_cq_unlock_post per CQE: a commit and
 * io_commit_cqring_flush (the eventfd) per aux CQE. "io_uring: don't duplicate flushing in
 * io_req_post_cqe" (Pavel Begunkov, 2025-04-24, upstream 5e16f1a68d28, in the io_uring-6.15 pull of
 * 2025-04-24, so 6.15) dropped that per-CQE post for the bare lock/fill/unlock this class does;
 * "io_uring: ensure deferred completions are flushed for multishot" (Jens Axboe, upstream
 * 687b2bae0eff, 6.15-rc) added the flush of {@code compl_reqs} before the fill. The 6.10 to 6.14
 * form is not emulated (no profile runs it).
 *
 * <p>Trade-off: against 6.1's io_post_aux_cqe (the baseline), one commit and one eventfd signal
 * per task-work run instead of per aux CQE, and no lock at all on a DEFER_TASKRUN ring; against
 * 6.2's array, no copy and no array bound. An aux CQE is visible to the application only at the
 * end of the task-work run that wrote it, as with the array; but a post that finds the CQ full is
 * refused at once (the multishot request ends), where the array accepted it and overflowed it at
 * the flush.
 *
 * <p>The emulated kernel paths (io_uring/io_uring.c at v6.18.2):
 * <ul>
 *   <li>{@link #postAuxCqe} deferred: {@code io_req_post_cqe} (:940-966, called out of line from
 *       poll.c:284); the flush of {@code compl_reqs} it starts with (:950-951) is the engine's,
 *       done before it calls here for every kernel (IoPoll's task func);</li>
 *   <li>{@link #postAuxCqe} not deferred: {@code io_post_aux_cqe} (:904-917);</li>
 *   <li>{@link #flushCompletions}: {@code __io_submit_flush_completions} (:1544-1579) with
 *       {@code __io_cq_lock} (:581-585) and {@code __io_cq_unlock_post} (:593-604) inlined.</li>
 * </ul>
 *
 * <p>Threading: every method runs on the ring owner's thread with {@code ctx->uring_lock} held
 * (the SPI's rule), which is also what makes the lockless CQ safe; {@code cq_flush} is a plain
 * field with a single writer, as {@code submit_state} is in the kernel.
 */
public final class CqFlushPosting implements CompletionPosting {
    private final Trace trace;
    /** ctx->lockless_cq: DEFER_TASKRUN or IOPOLL (io_uring.c:3820-3821). */
    private final boolean locklessCq;
    /** ctx->task_complete: DEFER_TASKRUN without IOPOLL or SQPOLL (io_uring.c:3815-3818). */
    private final boolean taskComplete;
    /** ctx->syscall_iopoll: IOPOLL without SQPOLL (the emulated ring has no SQPOLL), so IOPOLL. */
    private final boolean syscallIopoll;
    /** ctx->submit_state.cq_flush: CQEs written since the last flush, not yet committed. */
    private boolean cqFlush;

    /**
     * @param trace        the ring's trace: io_req_post_cqe, io_post_aux_cqe and
     *                     __io_submit_flush_completions are {@code call} steps
     * @param locklessCq   ctx->lockless_cq ({@link StrategyContext#locklessCq()})
     * @param taskComplete ctx->task_complete ({@link StrategyContext#taskComplete()})
     * @param syscallIopoll ctx->syscall_iopoll
     */
    public CqFlushPosting(Trace trace, boolean locklessCq, boolean taskComplete, boolean syscallIopoll) {
        if (taskComplete && !locklessCq) {
            throw new IllegalArgumentException("a task_complete ring's CQ is lockless (io_uring.c:3820)");
        }
        this.trace = trace;
        this.locklessCq = locklessCq;
        this.taskComplete = taskComplete;
        this.syscallIopoll = syscallIopoll;
    }

    /**
     * io_req_post_cqe (io_uring.c:940-966), deferred: the completion lock only when the CQ is not
     * lockless (:956-962), io_fill_cqe_aux, and {@code cq_flush} set (:964); no commit, no
     * ev_posted, no overflow: a CQE that finds no room (the CQ full, or CQEs waiting on the
     * overflow list: io_cqe_cache_refill, :810-811) is refused and the multishot request ends.
     * Not deferred: io_post_aux_cqe (:904-917), which has no {@code allow_overflow} in 6.18:
     * io_cq_lock (always the lock), io_fill_cqe_aux, the overflow list when it found no room
     * (io_cqe_overflow_locked, :913), io_cq_unlock_post (:606-613: commit, unlock, io_cqring_wake,
     * io_commit_cqring_flush).
     */
    @Override
    public boolean postAuxCqe(CompletionContext cq, long userData, int res, int cflags, boolean defer,
                              boolean allowOverflow) {
        if (!defer) {
            return ioPostAuxCqe(cq, userData, res, cflags);
        }
        return ioReqPostCqe(cq, userData, res, cflags);
    }

    @OutOfLine("io_req_post_cqe")
    private boolean ioReqPostCqe(CompletionContext cq, long userData, int res, int cflags) {
        trace.step(StepKind.CALL, "io_req_post_cqe");
        boolean posted;
        if (!locklessCq) {
            cq.lock();
            posted = cq.ioFillCqeAux(userData, res, cflags);
            cq.unlock();
        } else {
            posted = cq.ioFillCqeAux(userData, res, cflags);
        }
        cqFlush = true;
        return posted;
    }

    @OutOfLine("io_post_aux_cqe")
    private boolean ioPostAuxCqe(CompletionContext cq, long userData, int res, int cflags) {
        trace.step(StepKind.CALL, "io_post_aux_cqe");
        return cq.ioPostAuxCqe(userData, res, cflags, true);
    }

    /**
     * __io_submit_flush_completions (io_uring.c:1544-1579; out of line: io_uring.h:166 declares it
     * for rw.c's iopoll too): __io_cq_lock, each request's CQE filled in completion order (one that
     * finds no room to the overflow list), __io_cq_unlock_post, and {@code cq_flush} cleared. With
     * nothing in the batch, as after a run of multishot posts, it is the deferred commit and post
     * alone.
     */
    @Override
    @OutOfLine("__io_submit_flush_completions")
    public void flushCompletions(CompletionContext cq, CompletionBatch batch) {
        trace.step(StepKind.CALL, "__io_submit_flush_completions");
        if (!locklessCq) {
            cq.lock(); // __io_cq_lock
        }
        for (int i = 0, n = batch.size(); i < n; i++) {
            cq.ioFillCqeReq(batch.get(i));
        }
        ioCqUnlockPost(cq);
        cqFlush = false;
    }

    /**
     * __io_cq_unlock_post (io_uring.c:593-604, static inline): io_commit_cqring; unless
     * task_complete, the unlock (unless lockless_cq) and io_cqring_wake (unless syscall_iopoll);
     * then io_commit_cqring_flush. Where both run, they are the {@code ev-posted} strategy's
     * {@link CompletionContext#ioCqringEvPosted()}; where the wakeup is skipped, its
     * {@link CompletionContext#ioCommitCqringFlush()} alone. In linux-6.18 that strategy is
     * {@code poll-wq}: io_commit_cqring_flush goes out of line to __io_commit_cqring_flush on every
     * ring but a task_complete one ({@code poll_activated}, io_uring.c:3827-3828), for
     * io_poll_wq_wake's barrier.
     */
    private void ioCqUnlockPost(CompletionContext cq) {
        cq.ioCommitCqring();
        if (!taskComplete && !locklessCq) {
            cq.unlock();
        }
        if (!taskComplete && !syscallIopoll) {
            cq.ioCqringEvPosted();
        } else {
            cq.ioCommitCqringFlush();
        }
    }

    /** {@code cq_flush}: CQEs written and not yet committed, for the next flush. */
    @Override
    public boolean hasDeferred() {
        return cqFlush;
    }

    /** Registers alias {@value #ALIAS} on axis {@code completion}: 6.15 on, the {@code linux-6.18} profile's. */
    public static final class Provider extends AbstractStrategyProvider<CompletionPosting> {
        /** The alias on the completion axis. */
        public static final String ALIAS = "post-cqe";

        public Provider() {
            super(Axis.COMPLETION, ALIAS, "6.15", Mainline.since("6.15"),
                    "a multishot CQE written into the CQ at once from task work (io_req_post_cqe), without the completion"
                        + " lock on a DEFER_TASKRUN or IOPOLL ring; the commit and the eventfd signal deferred to the"
                        + " run's flush (cq_flush), which on a DEFER_TASKRUN ring wakes nobody",
                    ctx -> new CqFlushPosting(ctx.trace(), ctx.locklessCq(), ctx.taskComplete(),
                            (ctx.setupFlags() & SetupFlags.IORING_SETUP_IOPOLL) != 0));
        }
    }
}
