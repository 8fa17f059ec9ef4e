package dev.uringlab.spi;

/**
 * Axis {@code completion}: how CQEs get from finished requests into the CQ ring (seed 000).
 * One instance per ring; every method is called by the ring owner's thread with
 * {@code ctx->uring_lock} held (the submission path or task work), never concurrently.
 *
 * <p>Same observable semantics on every implementation: per request, the same CQEs in the
 * same order; in particular every aux CQE of a multishot request reaches the CQ ring (or the
 * overflow list) before that request's terminal CQE.
 */
public interface CompletionPosting {

    /**
     * io_submit_flush_completions: post the CQEs of {@code batch} (and anything this strategy
     * deferred earlier, first), then the engine frees the batch and queues linked requests.
     * Called at the end of a submission batch and at the end of a task-work run, whenever the
     * batch is non-empty or {@link #hasDeferred()} is true.
     */
    void flushCompletions(CompletionContext cq, CompletionBatch batch);

    /**
     * io_post_aux_cqe / io_aux_cqe: post an aux CQE (a multishot request's CQE with
     * IORING_CQE_F_MORE). {@code defer} is true when called from task-work context with the
     * submit state available (IO_URING_F_COMPLETE_DEFER), where a strategy may keep the CQE
     * for the next {@link #flushCompletions}. Not deferred, the post is
     * {@link CompletionContext#ioPostAuxCqe}.
     *
     * @param allowOverflow the kernel's argument: whether a CQE that finds no room may go to
     *     the overflow list (multishot recv/accept) or must be refused (poll passes false); the
     *     kernels before 5.17 had no such argument and put a poll's CQE on the overflow list too
     *     (__io_cqring_fill_event, v5.15 fs/io_uring.c:1771), as their strategies do; and 6.18's
     *     io_post_aux_cqe has none either (io_uring/io_uring.c:904-917 at v6.18.2): not deferred, it
     *     puts a CQE that finds no room on the overflow list, while a deferred post
     *     (io_req_post_cqe, :940-966) refuses it
     * @return false when the CQE could not be posted because the CQ ring is full or in
     *     overflow: the multishot request must then end, posting its terminal CQE instead.
     *     A deferred post cannot know whether the CQ will have room at the flush: as 6.2's
     *     io_aux_cqe, it may refuse only while CQEs wait on the overflow list
     *     ({@link CompletionContext#overflowPending()}) and {@code allowOverflow} is false, and
     *     a CQE it accepted that finds the CQ full at the flush goes to the overflow list,
     *     F_MORE and all
     */
    boolean postAuxCqe(CompletionContext cq, long userData, int res, int cflags, boolean defer, boolean allowOverflow);

    /** Whether CQEs are held back for the next {@link #flushCompletions}. */
    default boolean hasDeferred() {
        return false;
    }

    /**
     * Whether a request's CQE is posted when the request completes, and the request freed right
     * after, instead of waiting in {@code compl_reqs} for the end of the submission or task-work
     * run: 5.6's io_cqring_add_event, called by the opcode's handler itself (io_nop). The engine
     * then flushes the batch (of that one request) as soon as the issue path is done with it.
     * False for every kernel from 5.8 on, which batch.
     */
    default boolean postsAtCompletion() {
        return false;
    }

    /**
     * How this kernel's poll task work takes the completion lock (io_poll_rewait in 5.x): the
     * engine takes it so for a pass that finds nothing the poll asked for and re-arms under the
     * lock, posting nothing ({@link PollRearm#rearmInPost}). Default {@link CompletionLock#SPIN}.
     */
    default CompletionLock pollTaskWorkLock() {
        return CompletionLock.SPIN;
    }
}
