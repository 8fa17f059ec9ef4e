package dev.uringlab.spi;

/**
 * The CQ half of {@code struct io_ring_ctx} as a completion-posting strategy drives it. The
 * primitives are the kernel's; a strategy composes them, and the engine never posts a CQE
 * except through the strategy. All {@code ioFill*} and {@code ioCommitCqring} calls need the
 * completion lock ({@link #lock()}), except on a ring whose CQ is lockless
 * ({@link StrategyContext#locklessCq()}: DEFER_TASKRUN or IOPOLL, where 6.7 on write it under
 * {@code ctx->uring_lock} alone); the engine checks that and throws if it is not held.
 */
public interface CompletionContext {

    /** spin_lock(&ctx->completion_lock); counted as {@link Counter#COMPLETION_LOCK}. */
    void lock();

    /** spin_unlock(&ctx->completion_lock). */
    void unlock();

    /**
     * spin_lock_irqsave(&ctx->completion_lock, flags): the kernels up to 5.14 took the completion
     * lock with interrupts off (local_irq_save), since a block IRQ could post; 5.15 made it a
     * plain spinlock. Counted as {@link #lock()} is.
     */
    void lockIrqsave();

    /** spin_unlock_irqrestore(&ctx->completion_lock, flags): the unlock, then local_irq_restore. */
    default void unlockIrqrestore() {
        unlock();
    }

    /**
     * spin_lock_irq(&ctx->completion_lock): interrupts off without saving them, then the lock, as
     * 5.14's batch flush and poll task work take it (one {@code irq} step, as
     * {@link #lockIrqsave()}). By default {@link #lockIrqsave()}.
     */
    default void lockIrq() {
        lockIrqsave();
    }

    /** spin_unlock_irq(&ctx->completion_lock): the unlock, then local_irq_enable. */
    default void unlockIrq() {
        unlockIrqrestore();
    }

    /**
     * io_fill_cqe_req: write the request's CQE ({@code req->cqe}) at the cached CQ tail, or,
     * when the CQ is full or the overflow list is not empty, append it to the overflow list
     * (io_cqring_event_overflow). A request CQE is never lost. A request flagged
     * {@link ReqFlags#REQ_F_CQE_SKIP} fills nothing: that rule is enforced here, once.
     */
    void ioFillCqeReq(IoKiocb req);

    /**
     * io_fill_cqe_aux: write an aux (multishot) CQE at the cached CQ tail.
     *
     * @return false, writing nothing, when the CQ is full or CQEs wait on the overflow list
     */
    boolean ioFillCqeAux(long userData, int res, int cflags);

    /**
     * io_cqring_fill_event (5.14 to 5.16: {@code static noinline}, v5.14 fs/io_uring.c:1617, v5.15
     * :1775, 5.16.10 :1896): what a multishot poll's task work calls to fill its CQE before 6.x's
     * io_fill_cqe_aux. The same fill as {@link #ioFillCqeAux}, a call step of its own name; the
     * caller puts a CQE that finds no room on the overflow list, as its __io_cqring_fill_event did.
     */
    default boolean ioCqringFillEvent(long userData, int res, int cflags) {
        return ioFillCqeAux(userData, res, cflags);
    }

    /** io_cqring_event_overflow: append a CQE to the overflow list and set IORING_SQ_CQ_OVERFLOW. */
    void ioCqringEventOverflow(long userData, int res, int cflags);

    /** io_commit_cqring: release-store the cached tail to the shared CQ tail. */
    void ioCommitCqring();

    /**
     * io_cqring_ev_posted: wake the CQ waiters and signal the registered eventfd. Called after
     * {@link #unlock()}, as the kernel's io_cq_unlock_post does. As in 6.1, with an eventfd
     * registered it takes the completion lock once more (io_eventfd_flush_signal), so the
     * eventfd is signalled only when CQEs were posted since its last signal.
     */
    void ioCqringEvPosted();

    /**
     * io_commit_cqring_flush (io_uring/io_uring.h:508-513 at v6.18.2) alone, without io_cqring_wake:
     * what __io_cq_unlock_post runs after the commit on a ring whose CQEs only its own task posts
     * ({@link StrategyContext#taskComplete()}, io_uring.c:596-603) or which is reaped by polling
     * (IOPOLL: {@code syscall_iopoll}, :600): the eventfd signal, which the {@code ev-posted}
     * strategy does as its kernel did ({@link EvPosted#ioCommitCqringFlush}). Called where
     * {@link #ioCqringEvPosted()} would be, after the commit and outside the completion lock, and
     * counted as it is ({@link Counter#EV_POSTED}).
     */
    void ioCommitCqringFlush();

    /**
     * io_post_aux_cqe (6.1; __io_post_aux_cqe in 6.2): post one aux CQE in its own locked
     * section: lock, {@link #ioFillCqeAux}, on no room {@link #ioCqringEventOverflow} when
     * {@code allowOverflow}, then {@link #ioCqUnlockPost} (commit, unlock, ev_posted). The one
     * place this sequence is written; every 6.x strategy's non-deferred aux post is this call.
     *
     * @param allowOverflow as the kernel's argument: false for multishot poll (a CQE that does
     *     not fit ends the request), true for multishot recv/accept (it goes to the overflow list)
     * @return whether the CQE was posted (filled, or overflowed with {@code allowOverflow})
     */
    default boolean ioPostAuxCqe(long userData, int res, int cflags, boolean allowOverflow) {
        lock();
        boolean filled = overflowIfRefused(ioFillCqeAux(userData, res, cflags), userData, res, cflags, allowOverflow);
        if (filled) {
            pollRearmInPost();
        }
        ioCqUnlockPost();
        return filled;
    }

    /**
     * A multishot poll's CQE from its 5.x task work (io_poll_task_func), the one place its locked
     * section is written: the completion lock taken as {@code how} says (io_poll_rewait's),
     * io_cqring_fill_event ({@link #ioCqringFillEvent}), the poll's re-arm ({@link #pollRearmInPost})
     * before or after io_commit_cqring as the kernel had it, the unlock, then io_cqring_ev_posted.
     * 5.14 commits in io_poll_complete and re-adds the entry after it (v5.14 fs/io_uring.c:4968 ->
     * 4954, then :4974); 5.15 re-adds it first and commits after ("io_uring: fix possible poll event
     * lost in multi shot mode", v5.15 fs/io_uring.c:5375-5384).
     *
     * <p>Never refused: a CQE that finds no room goes to the overflow list, IORING_CQE_F_MORE and
     * all, and the poll stays armed. __io_cqring_fill_event falls back to io_cqring_event_overflow
     * whoever calls it (v5.14 :1613, v5.15 :1771, 5.16.10 :1892), which fails only when its kmalloc
     * does (v5.14 :1571, v5.15 :1729), which the emulator's never does; only that failure ends the
     * poll (io_poll_complete, v5.14 :4947-4950; __io_poll_complete, v5.15 :5341-5344). 6.x's
     * {@code allowOverflow}, false for a poll, has no 5.x counterpart.
     *
     * @param how              the completion lock's flavour in this kernel's poll task work
     * @param rearmAfterCommit true for 5.14's order (commit, then re-arm), false for 5.15's
     */
    default void ioPollTaskFuncCqe(long userData, int res, int cflags, CompletionLock how, boolean rearmAfterCommit) {
        how.lock(this);
        overflowIfRefused(ioCqringFillEvent(userData, res, cflags), userData, res, cflags, true);
        if (!rearmAfterCommit) {
            pollRearmInPost();
        }
        ioCommitCqring();
        if (rearmAfterCommit) {
            pollRearmInPost();
        }
        how.unlock(this);
        ioCqringEvPosted();
    }

    /**
     * The locked section of the batch flush of every kernel that batches request completions
     * (io_submit_flush_completions from 5.8, __io_submit_flush_completions in 6.x), written once:
     * the completion lock taken as {@code how} says, each request's CQE filled in completion
     * order ({@link #ioFillCqeReq}), one io_commit_cqring, the unlock, one io_cqring_ev_posted.
     */
    default void ioSubmitFlushCompletions(CompletionBatch batch, CompletionLock how) {
        how.lock(this);
        for (int i = 0, n = batch.size(); i < n; i++) {
            ioFillCqeReq(batch.get(i));
        }
        ioCommitCqring();
        how.unlock(this);
        ioCqringEvPosted();
    }

    /**
     * io_cqring_add_event (5.6, fs/io_uring.c:1167-1178 at v5.6), the one place it is written: a
     * request's CQE posted alone, under the completion lock taken with interrupts off
     * (spin_lock_irqsave, :1172), io_cqring_fill_event ({@link #ioFillCqeReq}), io_commit_cqring,
     * the unlock, then io_cqring_ev_posted. With seed 003's RFC applied, io_ignore_cqe returns
     * before the lock for a suppressed CQE ({@link ReqFlags#REQ_F_CQE_SKIP}, never set in 5.6
     * itself), so it costs nothing.
     */
    default void ioCqringAddEvent(IoKiocb req) {
        if ((req.flags() & ReqFlags.REQ_F_CQE_SKIP) != 0) {
            return;
        }
        CompletionLock.IRQSAVE.lock(this);
        ioFillCqeReq(req);
        ioCommitCqring();
        CompletionLock.IRQSAVE.unlock(this);
        ioCqringEvPosted();
    }

    /** An aux fill that found no room goes to the overflow list when the caller allows it. */
    private boolean overflowIfRefused(boolean filled, long userData, int res, int cflags, boolean allowOverflow) {
        if (!filled && allowOverflow) {
            ioCqringEventOverflow(userData, res, cflags);
            return true;
        }
        return filled;
    }

    /**
     * io_cq_unlock_post (6.x; io_uring/io_uring.c:598 in v6.1-rc7): {@link #ioCommitCqring},
     * unlock, {@link #ioCqringEvPosted}. A function of its own in the kernel (io_post_aux_cqe,
     * io_req_complete_post and the overflow flush call it), which the engine keeps out of line.
     */
    default void ioCqUnlockPost() {
        ioCommitCqring();
        unlock();
        ioCqringEvPosted();
    }

    /**
     * Called under the completion lock by {@link #ioPostAuxCqe} and {@link #ioPollTaskFuncCqe}
     * once the CQE is filled, where the kernel re-armed the poll in that section: the engine's
     * hook for a poll whose kernel re-armed it there ({@link PollRearm#rearmInPost}: 5.14 after
     * io_commit_cqring, 5.15 before it). Strategies never call it; default nothing.
     */
    default void pollRearmInPost() {
    }

    /** test_bit(IO_CHECK_CQ_OVERFLOW_BIT, &ctx->check_cq): CQEs wait on the overflow list. */
    boolean overflowPending();

    /** This ring's counters. */
    Counters counters();
}
