package dev.uringlab.api;

import static dev.uringlab.api.SqeDescriptor.*;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.MemorySegment;

/**
 * One slot of the SQE array, a flyweight over its 64 bytes (layout: {@link SqeDescriptor}).
 * A ring makes one {@code Sqe} per slot at setup, so {@link Ring#getSqe()} allocates nothing
 * and an application may hold several SQEs at once, as with liburing's {@code io_uring_get_sqe}.
 *
 * <p>All stores are plain: the SQE becomes visible to the kernel through the release store
 * of the SQ tail ({@link SubmissionQueue#flush()}), never on its own.
 *
 * <p>The {@code prep*} methods follow liburing's {@code io_uring_prep_*}: they write every
 * field (so a reused slot carries nothing over) and return {@code this} for chaining
 * ({@code ring.getSqe().prepNop().userData(7).flags(IOSQE_IO_LINK)}).
 */
public final class Sqe {
    private final MemorySegment sqes;
    private final long base;

    /** The SQE at {@code index} of the SQE array {@code sqes}. */
    public Sqe(MemorySegment sqes, int index) {
        this.sqes = sqes;
        this.base = (long) index * SQE_SIZE;
    }

    /** io_uring_prep_rw: every field written, opcode-specific ones from the arguments. */
    public Sqe prepRw(int opcode, int fd, long addr, int len, long off) {
        sqes.set(JAVA_BYTE, base + OPCODE_OFFSET, (byte) opcode);
        sqes.set(JAVA_BYTE, base + FLAGS_OFFSET, (byte) 0);
        sqes.set(JAVA_SHORT, base + IOPRIO_OFFSET, (short) 0);
        sqes.set(JAVA_INT, base + FD_OFFSET, fd);
        sqes.set(JAVA_LONG, base + OFF_OFFSET, off);
        sqes.set(JAVA_LONG, base + ADDR_OFFSET, addr);
        sqes.set(JAVA_INT, base + LEN_OFFSET, len);
        sqes.set(JAVA_INT, base + OP_FLAGS_OFFSET, 0);
        sqes.set(JAVA_LONG, base + USER_DATA_OFFSET, 0L);
        sqes.set(JAVA_LONG, base + BUF_INDEX_OFFSET, 0L); // buf_index, personality, file_index
        sqes.set(JAVA_LONG, base + ADDR3_OFFSET, 0L);
        sqes.set(JAVA_LONG, base + ADDR3_OFFSET + 8, 0L);
        return this;
    }

    /** io_uring_prep_nop. */
    public Sqe prepNop() {
        return prepRw(Opcodes.IORING_OP_NOP, -1, 0, 0, 0);
    }

    /** A NOP that completes with {@code res}: IORING_NOP_INJECT_RESULT with the result in {@code len}. */
    public Sqe prepNopInject(int res) {
        prepRw(Opcodes.IORING_OP_NOP, -1, 0, res, 0);
        return opFlags(NopFlags.IORING_NOP_INJECT_RESULT);
    }

    /** io_uring_prep_poll_add: a single-shot poll for {@code pollMask} (POLLIN...). */
    public Sqe prepPollAdd(int fd, int pollMask) {
        prepRw(Opcodes.IORING_OP_POLL_ADD, fd, 0, 0, 0);
        return opFlags(pollMask);
    }

    /** io_uring_prep_poll_multishot: POLL_ADD with IORING_POLL_ADD_MULTI in {@code len}. */
    public Sqe prepPollMultishot(int fd, int pollMask) {
        prepPollAdd(fd, pollMask);
        return len(PollFlags.IORING_POLL_ADD_MULTI);
    }

    /** io_uring_prep_poll_remove: cancel the poll whose user_data is {@code targetUserData}. */
    public Sqe prepPollRemove(long targetUserData) {
        return prepRw(Opcodes.IORING_OP_POLL_REMOVE, -1, targetUserData, 0, 0);
    }

    /** io_uring_prep_read into a native buffer. */
    public Sqe prepRead(int fd, MemorySegment buf, int len, long off) {
        return prepRw(Opcodes.IORING_OP_READ, fd, nativeAddress(buf, len), len, off);
    }

    /** io_uring_prep_write from a native buffer. */
    public Sqe prepWrite(int fd, MemorySegment buf, int len, long off) {
        return prepRw(Opcodes.IORING_OP_WRITE, fd, nativeAddress(buf, len), len, off);
    }

    private static long nativeAddress(MemorySegment buf, int len) {
        if (!buf.isNative() || buf.byteSize() < Integer.toUnsignedLong(len)) {
            throw new IllegalArgumentException("an I/O buffer must be a native segment of at least len bytes: " + buf);
        }
        return buf.address();
    }

    public Sqe opcode(int opcode) { sqes.set(JAVA_BYTE, base + OPCODE_OFFSET, (byte) opcode); return this; }
    /** Sets {@code sqe->flags} to exactly {@code flags} ({@link SqeFlags}). */
    public Sqe flags(int flags) { sqes.set(JAVA_BYTE, base + FLAGS_OFFSET, (byte) flags); return this; }
    public Sqe fd(int fd) { sqes.set(JAVA_INT, base + FD_OFFSET, fd); return this; }
    public Sqe off(long off) { sqes.set(JAVA_LONG, base + OFF_OFFSET, off); return this; }
    public Sqe addr(long addr) { sqes.set(JAVA_LONG, base + ADDR_OFFSET, addr); return this; }
    public Sqe len(int len) { sqes.set(JAVA_INT, base + LEN_OFFSET, len); return this; }
    /** The op-flags union at offset 28: rw_flags, poll32_events, nop_flags. */
    public Sqe opFlags(int opFlags) { sqes.set(JAVA_INT, base + OP_FLAGS_OFFSET, opFlags); return this; }
    public Sqe userData(long userData) { sqes.set(JAVA_LONG, base + USER_DATA_OFFSET, userData); return this; }
    /** {@code sqe->buf_index}: the registered buffer of a READ_FIXED / WRITE_FIXED. */
    public Sqe bufIndex(int bufIndex) { sqes.set(JAVA_SHORT, base + BUF_INDEX_OFFSET, (short) bufIndex); return this; }

    public int opcode() { return Byte.toUnsignedInt(sqes.get(JAVA_BYTE, base + OPCODE_OFFSET)); }
    public int flags() { return Byte.toUnsignedInt(sqes.get(JAVA_BYTE, base + FLAGS_OFFSET)); }
    public int ioprio() { return Short.toUnsignedInt(sqes.get(JAVA_SHORT, base + IOPRIO_OFFSET)); }
    public int fd() { return sqes.get(JAVA_INT, base + FD_OFFSET); }
    public long off() { return sqes.get(JAVA_LONG, base + OFF_OFFSET); }
    public long addr() { return sqes.get(JAVA_LONG, base + ADDR_OFFSET); }
    public int len() { return sqes.get(JAVA_INT, base + LEN_OFFSET); }
    public int opFlags() { return sqes.get(JAVA_INT, base + OP_FLAGS_OFFSET); }
    public long userData() { return sqes.get(JAVA_LONG, base + USER_DATA_OFFSET); }
    public int bufIndex() { return Short.toUnsignedInt(sqes.get(JAVA_SHORT, base + BUF_INDEX_OFFSET)); }
    public int personality() { return Short.toUnsignedInt(sqes.get(JAVA_SHORT, base + PERSONALITY_OFFSET)); }
    public int fileIndex() { return sqes.get(JAVA_INT, base + FILE_INDEX_OFFSET); }
    public long addr3() { return sqes.get(JAVA_LONG, base + ADDR3_OFFSET); }

    @Override
    public String toString() {
        return Opcodes.name(opcode()) + "(ud=" + userData() + ", fd=" + fd() + ", flags=0x"
                + Integer.toHexString(flags()) + ", len=" + len() + ")";
    }
}
