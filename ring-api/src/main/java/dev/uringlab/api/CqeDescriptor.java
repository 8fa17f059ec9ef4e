package dev.uringlab.api;

/**
 * Layout of {@code struct io_uring_cqe} (include/uapi/linux/io_uring.h), 16 bytes:
 * <pre>
 *   0                                                       8
 *   +-------------------------------------------------------+
 *   |                       user_data                       |
 *   +---------------------------+---------------------------+ 12
 *   |          res (s32)        |        flags (u32)        |
 *   +---------------------------+---------------------------+ 16
 * </pre>
 */
public final class CqeDescriptor {
    private CqeDescriptor() {}

    /** sizeof(struct io_uring_cqe) without IORING_SETUP_CQE32. */
    public static final int CQE_SIZE = 16;
    /** __u64 user_data: sqe->user_data passed back. */
    public static final int USER_DATA_OFFSET = 0;
    /** __s32 res: the result, or a negative errno. */
    public static final int RES_OFFSET = 8;
    /** __u32 flags: {@link CqeFlags}. */
    public static final int FLAGS_OFFSET = 12;
}
