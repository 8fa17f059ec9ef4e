package dev.uringlab.api;

/**
 * {@code enum io_uring_op} of include/uapi/linux/io_uring.h: the values of {@code sqe->opcode}.
 * Only the opcodes uring-lab uses are named; every other value is still a valid byte to put
 * in an SQE, and an engine that does not implement it answers with {@code -EINVAL}.
 */
public final class Opcodes {
    private Opcodes() {}

    /** IORING_OP_NOP: completes with res 0, or with {@code sqe->len} under {@link NopFlags#IORING_NOP_INJECT_RESULT}. */
    public static final int IORING_OP_NOP = 0;
    /** IORING_OP_READV. */
    public static final int IORING_OP_READV = 1;
    /** IORING_OP_WRITEV. */
    public static final int IORING_OP_WRITEV = 2;
    /** IORING_OP_READ_FIXED: a read into a registered buffer ({@code buf_index}), {@code addr} inside it. */
    public static final int IORING_OP_READ_FIXED = 4;
    /** IORING_OP_WRITE_FIXED: a write from a registered buffer. */
    public static final int IORING_OP_WRITE_FIXED = 5;
    /** IORING_OP_POLL_ADD: {@code poll32_events} at offset 28, {@link PollFlags} in {@code len}. */
    public static final int IORING_OP_POLL_ADD = 6;
    /** IORING_OP_POLL_REMOVE: {@code addr} holds the user_data of the poll to remove. */
    public static final int IORING_OP_POLL_REMOVE = 7;
    /** IORING_OP_READ: read(2) of {@code len} bytes into {@code addr} at {@code off}. */
    public static final int IORING_OP_READ = 22;
    /** IORING_OP_WRITE: write(2) of {@code len} bytes from {@code addr} at {@code off}. */
    public static final int IORING_OP_WRITE = 23;

    /** A printable name for the opcodes named here, {@code OP_<n>} for the others. */
    public static String name(int opcode) {
        return switch (opcode) {
            case IORING_OP_NOP -> "NOP";
            case IORING_OP_READV -> "READV";
            case IORING_OP_WRITEV -> "WRITEV";
            case IORING_OP_READ_FIXED -> "READ_FIXED";
            case IORING_OP_WRITE_FIXED -> "WRITE_FIXED";
            case IORING_OP_POLL_ADD -> "POLL_ADD";
            case IORING_OP_POLL_REMOVE -> "POLL_REMOVE";
            case IORING_OP_READ -> "READ";
            case IORING_OP_WRITE -> "WRITE";
            default -> "OP_" + opcode;
        };
    }
}
