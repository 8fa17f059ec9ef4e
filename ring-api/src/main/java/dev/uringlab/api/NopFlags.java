package dev.uringlab.api;

/**
 * IORING_OP_NOP flags, carried in {@code sqe->nop_flags} (offset 28), as include/uapi/linux/io_uring.h
 * of v6.18.2 defines them (:462-467). Which of them a kernel takes is its io_nop_prep's
 * {@code NOP_FLAGS} (io_uring/nop.c:24-26 at v6.18.2); any other bit is -EINVAL at prep. On the
 * emulator the {@code nop-flags} era axis says which (ring-api's {@code dev.uringlab.spi.NopFlagSet}).
 */
public final class NopFlags {
    private NopFlags() {}

    /** IORING_NOP_INJECT_RESULT: the NOP completes with {@code (s32) sqe->len} as its res. */
    public static final int IORING_NOP_INJECT_RESULT = 1 << 0;
    /**
     * IORING_NOP_FILE (6.13): the NOP looks up {@code sqe->fd} as a request for a file would
     * (io_file_get_normal: fget, a reference put when the request is freed); no file is -EBADF.
     */
    public static final int IORING_NOP_FILE = 1 << 1;
    /**
     * IORING_NOP_FIXED_FILE (6.13), with {@link #IORING_NOP_FILE}: {@code sqe->fd} is an index into the
     * ring's registered files (io_file_get_fixed); an empty or missing slot is -EBADF. Alone it does nothing.
     */
    public static final int IORING_NOP_FIXED_FILE = 1 << 2;
    /** IORING_NOP_FIXED_BUFFER (6.13): {@code sqe->buf_index} must name a registered buffer (io_find_buf_node), else -EFAULT. */
    public static final int IORING_NOP_FIXED_BUFFER = 1 << 3;
    /** IORING_NOP_TW (6.17): the NOP completes through task work (io_req_task_work_add, io_req_task_complete) instead of inline. */
    public static final int IORING_NOP_TW = 1 << 4;
    /**
     * IORING_NOP_CQE32 (6.18): a 32-byte CQE with {@code sqe->off} and {@code sqe->addr} in its extra
     * words; -EINVAL at prep on a ring without IORING_SETUP_CQE32 or CQE_MIXED (nop.c:46-50), the
     * only rings ring-api sets up.
     */
    public static final int IORING_NOP_CQE32 = 1 << 5;
}
