package dev.uringlab.api;

/** io_uring_enter(2) flags: the IORING_ENTER_* bits. */
public final class EnterFlags {
    private EnterFlags() {}

    /** IORING_ENTER_GETEVENTS: wait for {@code min_complete} CQEs (and flush overflow, run task work). */
    public static final int IORING_ENTER_GETEVENTS = 1 << 0;
    /** IORING_ENTER_SQ_WAKEUP: wake the SQPOLL thread. */
    public static final int IORING_ENTER_SQ_WAKEUP = 1 << 1;
}
