package dev.uringlab.spi;

/**
 * Era axis {@code ev-posted}: what io_cqring_ev_posted does after CQEs were committed and
 * the completion lock dropped: wake the CQ waiters and signal the registered eventfd. No
 * seed patches it on its own (seed 001 merges the waitqueues); the kernels differ, and the
 * 5.6 posting path of seed 003's race runs 5.6's. One instance per ring; called by whoever
 * posted (the ring owner, or an io-wq worker that posted its own CQE).
 */
public interface EvPosted {

    /** io_cqring_ev_posted, after the completion lock is dropped. */
    void ioCqringEvPosted(EvPostedContext ev);

    /**
     * io_commit_cqring_flush without io_cqring_wake: the half of ev_posted that a 6.x
     * __io_cq_unlock_post runs on a ring whose CQ nobody else waits on (ctx->task_complete, 6.2
     * on; an IOPOLL ring, ctx->syscall_iopoll), io_uring/io_uring.c:593-604 at v6.18.2. By default
     * the whole of {@link #ioCqringEvPosted}: the kernels before 6.2 had no such ring and always
     * woke.
     */
    default void ioCommitCqringFlush(EvPostedContext ev) {
        ioCqringEvPosted(ev);
    }
}
