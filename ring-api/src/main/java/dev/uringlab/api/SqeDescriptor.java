package dev.uringlab.api;

/**
 * Layout of {@code struct io_uring_sqe} (include/uapi/linux/io_uring.h), 64 bytes:
 * <pre>
 *   0      1      2             4                           8
 *   +------+------+-------------+---------------------------+
 *   |opcode| flags|   ioprio    |            fd             |
 *   +------+------+-------------+---------------------------+  8
 *   |                      off / addr2                      |
 *   +-------------------------------------------------------+ 16
 *   |                   addr / splice_off_in                |
 *   +---------------------------+---------------------------+ 24
 *   |            len            | rw_flags / poll32_events  |
 *   |                           | / nop_flags ...           |
 *   +---------------------------+---------------------------+ 32
 *   |                       user_data                       |
 *   +-------------+-------------+---------------------------+ 40
 *   | buf_index   | personality | splice_fd_in / file_index |
 *   +-------------+-------------+---------------------------+ 48
 *   |                         addr3                         |
 *   +-------------------------------------------------------+ 56
 *   |                        __pad2[1]                      |
 *   +-------------------------------------------------------+ 64
 * </pre>
 */
public final class SqeDescriptor {
    private SqeDescriptor() {}

    /** sizeof(struct io_uring_sqe). */
    public static final int SQE_SIZE = 64;
    /** __u8 opcode: an {@link Opcodes} value. */
    public static final int OPCODE_OFFSET = 0;
    /** __u8 flags: {@link SqeFlags}. */
    public static final int FLAGS_OFFSET = 1;
    /** __u16 ioprio. */
    public static final int IOPRIO_OFFSET = 2;
    /** __s32 fd. */
    public static final int FD_OFFSET = 4;
    /** __u64 off (union addr2). */
    public static final int OFF_OFFSET = 8;
    /** __u64 addr (union splice_off_in); POLL_REMOVE's target user_data. */
    public static final int ADDR_OFFSET = 16;
    /** __u32 len; POLL_ADD's {@link PollFlags}; NOP's injected result. */
    public static final int LEN_OFFSET = 24;
    /** __u32 op flags union: rw_flags, poll32_events, nop_flags... */
    public static final int OP_FLAGS_OFFSET = 28;
    /** __u64 user_data, copied to the CQE. */
    public static final int USER_DATA_OFFSET = 32;
    /** __u16 buf_index (union buf_group). */
    public static final int BUF_INDEX_OFFSET = 40;
    /** __u16 personality. */
    public static final int PERSONALITY_OFFSET = 42;
    /** __s32 splice_fd_in / file_index. */
    public static final int FILE_INDEX_OFFSET = 44;
    /** __u64 addr3. */
    public static final int ADDR3_OFFSET = 48;
}
