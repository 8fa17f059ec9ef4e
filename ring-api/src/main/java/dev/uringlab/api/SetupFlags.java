package dev.uringlab.api;

/** {@code io_uring_params.flags}: the IORING_SETUP_* bits of include/uapi/linux/io_uring.h. */
public final class SetupFlags {
    private SetupFlags() {}

    /** IORING_SETUP_IOPOLL: busy-poll for I/O completions. */
    public static final int IORING_SETUP_IOPOLL = 1 << 0;
    /** IORING_SETUP_SQPOLL: a kernel thread polls the SQ. */
    public static final int IORING_SETUP_SQPOLL = 1 << 1;
    /** IORING_SETUP_CQSIZE: {@code cq_entries} is set by the application. */
    public static final int IORING_SETUP_CQSIZE = 1 << 3;
    /** IORING_SETUP_CLAMP: clamp ring sizes to the maximum instead of failing. */
    public static final int IORING_SETUP_CLAMP = 1 << 4;
    /** IORING_SETUP_SUBMIT_ALL: keep submitting after an SQE fails at init. */
    public static final int IORING_SETUP_SUBMIT_ALL = 1 << 7;
    /** IORING_SETUP_COOP_TASKRUN: no IPI for task work; it runs at the next kernel entry. */
    public static final int IORING_SETUP_COOP_TASKRUN = 1 << 8;
    /** IORING_SETUP_SINGLE_ISSUER: one task submits. */
    public static final int IORING_SETUP_SINGLE_ISSUER = 1 << 12;
    /** IORING_SETUP_DEFER_TASKRUN: task work runs only when the task waits for completions. */
    public static final int IORING_SETUP_DEFER_TASKRUN = 1 << 13;

    /** IORING_MAX_ENTRIES: the largest SQ size io_uring_setup accepts. */
    public static final int IORING_MAX_ENTRIES = 32768;
    /** IORING_MAX_CQ_ENTRIES: the largest CQ size, 2 x IORING_MAX_ENTRIES. */
    public static final int IORING_MAX_CQ_ENTRIES = 2 * IORING_MAX_ENTRIES;
}
