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
     * The 6.0+ check of io_eventfd_flush_signal: under the completion lock, whether CQEs were
     * posted since the eventfd's last signal ({@code evfd_last_cq_tail}), recording the tail.
     * One more completion-lock round trip.
     */
    boolean ioEventfdFlushCheck();

    /** eventfd_signal(ctx->cq_ev_fd, 1), counted as {@link Counter#EVENTFD_SIGNAL}. */
    void eventfdSignal();
}
