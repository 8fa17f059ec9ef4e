package dev.uringlab.api;

/** {@code sq_ring->flags}, written by the kernel, read by the application: IORING_SQ_*. */
public final class SqRingFlags {
    private SqRingFlags() {}

    /** IORING_SQ_NEED_WAKEUP: the SQPOLL thread sleeps. */
    public static final int IORING_SQ_NEED_WAKEUP = 1 << 0;
    /** IORING_SQ_CQ_OVERFLOW: CQEs wait on the overflow list; enter with GETEVENTS to flush them. */
    public static final int IORING_SQ_CQ_OVERFLOW = 1 << 1;
    /** IORING_SQ_TASKRUN: task work is pending (COOP_TASKRUN with TASKRUN_FLAG). */
    public static final int IORING_SQ_TASKRUN = 1 << 2;
}
