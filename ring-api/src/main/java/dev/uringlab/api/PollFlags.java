package dev.uringlab.api;

/** IORING_OP_POLL_ADD flags, carried in {@code sqe->len} (io_uring.h: "sqe->len flags"). */
public final class PollFlags {
    private PollFlags() {}

    /** IORING_POLL_ADD_MULTI: multishot; every CQE but the last carries IORING_CQE_F_MORE. */
    public static final int IORING_POLL_ADD_MULTI = 1 << 0;
    /** IORING_POLL_UPDATE_EVENTS. */
    public static final int IORING_POLL_UPDATE_EVENTS = 1 << 1;
    /** IORING_POLL_UPDATE_USER_DATA. */
    public static final int IORING_POLL_UPDATE_USER_DATA = 1 << 2;
    /** IORING_POLL_ADD_LEVEL: level-triggered. */
    public static final int IORING_POLL_ADD_LEVEL = 1 << 3;
}
