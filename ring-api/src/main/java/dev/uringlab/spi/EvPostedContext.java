package dev.uringlab.spi;

/**
 * What an {@link EvPosted} strategy sees of the ring: the CQ waitqueue and the registered
 * eventfd, as the kernel's primitives. Any thread that posted may call them.
 */
public interface EvPostedContext {

    /** waitqueue_active(&ctx->cq_wait): a lockless look at the list, with no barrier of its own. */
    boolean waitqueueActive();

    /** smp_mb(): a full barrier (what wq_has_sleeper adds before its waitqueue_active). */
    void smpMb();

    /** wake_up(&ctx->cq_wait): takes the waitqueue head lock and wakes the waiters. */
    void wakeUpCqWait();

    /**
     * {@code ctx->sq_data && waitqueue_active(&ctx->sq_data->wait)} (5.11 to 5.15;
     * {@code ctx->sqo_wait} before): whether an SQPOLL thread sleeps and must be woken. Never in
     * the emulator (SQPOLL is refused at setup), so this is the pointer test alone.
     */
    boolean sqpollWaitActive();

    /** waitqueue_active(&ctx->poll_wait): the ring fd's own poll waitqueue (5.11 to 5.15; merged into cq_wait in 5.16). */
    boolean pollWaitActive();

    /** wake_up_interruptible(&ctx->poll_wait). */
    void wakeUpPollWait();

    /** Whether an eventfd is registered (ctx->cq_ev_fd, ctx->io_ev_fd). */
    boolean hasEventfd();

    /**
     * __io_commit_cqring_flush, the out-of-line half of io_commit_cqring_flush, which a strategy
     * calls where its kernel's inline test would (6.0 to 6.2: an eventfd registered, or timeouts
     * or a drain in use, io_uring/io_uring.h:322 in v6.1-rc7; 6.3 on also {@code poll_activated},
     * io_uring.h:508-513 at v6.18.2):
     * <ul>
     *   <li>with {@code pollActivated} (6.3 on: io_uring.c:573-574 at v6.18.2), io_poll_wq_wake
     *       (io_uring.h:400-403, inlined), __io_wq_wake(&amp;ctx->poll_wq) (:387-398):
     *       wq_has_sleeper, a full barrier then a look at the list (include/linux/wait.h:151-162),
     *       and, when someone sleeps on the ring fd's poll waitqueue, __wake_up with
     *       EPOLL_URING_WAKE | EPOLLIN;</li>
     *   <li>with an eventfd registered (io_uring.c:577-578 at v6.18.2; io_uring.c:580-581 in
     *       v6.1-rc7), io_eventfd_flush_signal (io_uring.c:547 in v6.1-rc7): the completion lock
     *       once more to see whether CQEs were posted since the eventfd's last signal
     *       ({@code evfd_last_cq_tail}), and io_eventfd_signal when they were. 6.18 calls
     *       io_eventfd_signal(ctx, true) of io_uring/eventfd.c:75-111 instead, out of line, with
     *       the same lock round trip inside a reference on the ev_fd; the emulator does 6.1's
     *       form for every kernel.</li>
     * </ul>
     *
     * @param pollActivated {@code ctx->poll_activated} as the strategy's kernel has it (false
     *     before 6.3, which had no such flag)
     * @param uringWake     whether the eventfd's wakeup carries EPOLL_URING_WAKE (see {@link #eventfdSignal})
     */
    void ioCommitCqringFlush(boolean pollActivated, boolean uringWake);

    /**
     * io_eventfd_signal (6.x; the plain eventfd_signal(ctx->cq_ev_fd, 1) of 5.x): an RCU read
     * section around eventfd_signal, counted as {@link Counter#EVENTFD_SIGNAL}.
     *
     * @param uringWake whether the wakeup's key carries EPOLL_URING_WAKE, so that a multishot poll
     *     of the same ring on the eventfd ends instead of looping ("io_uring: pass in
     *     EPOLL_URING_WAKE for eventfd signaling and wakeups", 6.2; 6.1-rc7's io_eventfd_signal
     *     calls plain eventfd_signal(ev_fd->cq_ev_fd, 1), io_uring.c:534)
     */
    void eventfdSignal(boolean uringWake);
}
