package dev.uringlab.core;

import dev.uringlab.api.Opcodes;
import java.lang.foreign.MemorySegment;

/**
 * One entry of {@code io_issue_defs[]}, io_uring/opdef.c: what io_init_req and io_issue_sqe
 * need to know of an opcode. Adding an opcode is one entry in {@link #DEFS}; an opcode without
 * an entry gets -EINVAL from io_init_req, as the kernel answers an opcode it does not have.
 *
 * @param name      {@code io_cold_defs[op].name}
 * @param needsFile the SQE's fd is resolved at issue (io_assign_file); -EBADF when it names no file
 * @param ioprio    {@code sqe->ioprio} may be non-zero
 * @param pollin    FAST_POLL waits for POLLIN when the op gets -EAGAIN
 * @param pollout   FAST_POLL waits for POLLOUT when the op gets -EAGAIN
 * @param iopoll    allowed on an IORING_SETUP_IOPOLL ring (else -EINVAL at init)
 * @param plug      a block-layer plug is worth starting when more SQEs follow (io_init_req)
 * @param prep      {@code ->prep}: read the op's SQE fields, 0 or -errno
 * @param issue     {@code ->issue}: run it, IOU_OK (res set), IOU_ISSUE_SKIP_COMPLETE, or -errno
 */
record OpDef(String name, boolean needsFile, boolean ioprio, boolean pollin, boolean pollout, boolean iopoll,
             boolean plug, Prep prep, Issue issue) {

    /** {@code io_issue_def.prep}: {@code ctx} is {@code req->ctx}. */
    @FunctionalInterface
    interface Prep {
        int prep(IoRingCtx ctx, IoRequest req, MemorySegment sqes, long sqe);
    }

    /** {@code io_issue_def.issue}; {@code iowq} when an io-wq worker runs it (issue_flags without IO_URING_F_NONBLOCK). */
    @FunctionalInterface
    interface Issue {
        int issue(IoRingCtx ctx, IoRequest req, boolean iowq);
    }

    /** io_issue_defs, indexed by opcode; null where the emulator has no such opcode. */
    private static final OpDef[] DEFS = new OpDef[256];

    static {
        def(Opcodes.IORING_OP_NOP, new OpDef("NOP", false, false, false, false, true, false, IoNop::ioNopPrep, IoNop::ioNop));
        def(Opcodes.IORING_OP_READ, new OpDef("READ", true, true, true, false, true, true, IoRw::ioPrepRw, IoRw::ioRead));
        def(Opcodes.IORING_OP_WRITE, new OpDef("WRITE", true, true, false, true, true, true, IoRw::ioPrepRw, IoRw::ioWrite));
        def(Opcodes.IORING_OP_READ_FIXED, new OpDef("READ_FIXED", true, true, true, false, true, true,
                IoRw::ioPrepRwFixed, IoRw::ioRead));
        def(Opcodes.IORING_OP_WRITE_FIXED, new OpDef("WRITE_FIXED", true, true, false, true, true, true,
                IoRw::ioPrepRwFixed, IoRw::ioWrite));
        def(Opcodes.IORING_OP_POLL_ADD, new OpDef("POLL_ADD", true, false, false, false, false, false,
                IoPollOps::ioPollAddPrep, IoPollOps::ioPollAdd));
        def(Opcodes.IORING_OP_POLL_REMOVE, new OpDef("POLL_REMOVE", false, false, false, false, false, false,
                IoPollOps::ioPollRemovePrep, IoPollOps::ioPollRemove));
    }

    private static void def(int opcode, OpDef def) {
        DEFS[opcode] = def;
    }

    /** The entry of {@code opcode} (0..255), or null when the emulator has none. */
    static OpDef of(int opcode) {
        return DEFS[opcode];
    }
}
