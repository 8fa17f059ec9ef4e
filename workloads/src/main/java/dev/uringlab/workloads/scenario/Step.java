package dev.uringlab.workloads.scenario;

import dev.uringlab.api.Opcodes;
import java.util.OptionalInt;

/**
 * One command of a scenario after {@code setup}, with the line it stands on. The SQE-making
 * commands are {@link SqeStep}s; the others act on the ring or on files from outside it.
 */
public sealed interface Step {

    /** The 1-based line of the file this step was read from. */
    int line();

    /** A step that queues one SQE; {@link #sqeFlags()} holds its IOSQE_* bits. */
    sealed interface SqeStep extends Step {
        /** {@code ud=}: the SQE's user_data. */
        long userData();

        /** The IOSQE_* bits of {@code sqe->flags}. */
        int sqeFlags();
    }

    /** {@code pipe NAME}: pipe2(O_NONBLOCK); its ends are {@code NAME.r} and {@code NAME.w}. */
    record DeclarePipe(int line, String name) implements Step {}

    /**
     * {@code socketpair NAME}: socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK); {@code tcppair NAME}
     * ({@code tcp}): a TCP connection over loopback, non-blocking. The ends are {@code NAME.a} and
     * {@code NAME.b} (for TCP, the accepted end and the connecting one).
     */
    record DeclareSocketPair(int line, String name, boolean tcp) implements Step {}

    /** {@code eventfd NAME}: eventfd(0, EFD_NONBLOCK). */
    record DeclareEventfd(int line, String name) implements Step {}

    /**
     * {@code nullb NAME size=S [poll_queues=N] [completion_nsec=T]}: a block device of S bytes
     * opened O_RDWR | O_DIRECT ({@link dev.uringlab.api.Syscalls#openBlockDevice}).
     */
    record DeclareNullb(int line, String name, int size, int pollQueues, int completionNsec) implements Step {}

    /** {@code register-eventfd NAME}: IORING_REGISTER_EVENTFD. */
    record RegisterEventfd(int line, String name) implements Step {}

    /** {@code register-files F [F...]}: IORING_REGISTER_FILES, {@code F} at slot 0 and so on. */
    record RegisterFiles(int line, java.util.List<FdRef> files) implements Step {
        public RegisterFiles {
            files = java.util.List.copyOf(files);
        }
    }

    /** {@code register-buffers N}: IORING_REGISTER_BUFFERS with N fresh page-aligned buffers of {@value #BUFFER_SIZE} bytes. */
    record RegisterBuffers(int line, int count) implements Step {
        /** Each registered buffer's length. */
        public static final int BUFFER_SIZE = 4096;
    }

    /**
     * {@code nop ud=U [fail=R] [file=F | fixed_file=N] [buf=N] [tw] [nop_flags=B] [FLAGS]}:
     * IORING_OP_NOP, with IORING_NOP_INJECT_RESULT and {@code len = R} when {@code fail=} is given;
     * {@code nopFlags} holds the other nop_flags bits (IORING_NOP_FILE with {@code fd}, also
     * IORING_NOP_FIXED_FILE when {@code fd} is a registered file's slot, IORING_NOP_FIXED_BUFFER
     * with {@code bufIndex}, IORING_NOP_TW, and the raw bits of {@code nop_flags=}).
     *
     * @param fd       {@code sqe->fd}: the file of {@code file=} or the slot of {@code fixed_file=}; null for -1
     * @param bufIndex {@code sqe->buf_index} ({@code buf=}), 0 when not given
     */
    record Nop(int line, long userData, OptionalInt injectResult, int nopFlags, FdRef fd, int bufIndex, int sqeFlags)
            implements SqeStep {
        /** A NOP with no nop_flags but IORING_NOP_INJECT_RESULT's ({@code nop ud=U [fail=R] [FLAGS]}). */
        public Nop(int line, long userData, OptionalInt injectResult, int sqeFlags) {
            this(line, userData, injectResult, 0, null, 0, sqeFlags);
        }
    }

    /** {@code poll ud=U fd=F [events=IN|OUT] [multi] [FLAGS]}: IORING_OP_POLL_ADD. */
    record PollAdd(int line, long userData, FdRef fd, int events, boolean multishot, int sqeFlags) implements SqeStep {}

    /** {@code poll-remove ud=U target=T [FLAGS]}: IORING_OP_POLL_REMOVE of the poll whose user_data is T. */
    record PollRemove(int line, long userData, long target, int sqeFlags) implements SqeStep {}

    /**
     * {@code read ud=U fd=F len=L [off=O]} or {@code write ...}: IORING_OP_READ / IORING_OP_WRITE at
     * offset O (default 0) with a fresh page-aligned buffer of {@code len} bytes ('x' bytes for a write).
     */
    record ReadWrite(int line, int opcode, long userData, FdRef fd, int len, int off, int sqeFlags) implements SqeStep {
        public ReadWrite {
            if (opcode != Opcodes.IORING_OP_READ && opcode != Opcodes.IORING_OP_WRITE) {
                throw new IllegalArgumentException("not READ or WRITE: " + opcode);
            }
        }

        /** At offset 0. */
        public ReadWrite(int line, int opcode, long userData, FdRef fd, int len, int sqeFlags) {
            this(line, opcode, userData, fd, len, 0, sqeFlags);
        }
    }

    /**
     * {@code opcode ud=U op=N [flags=B] [FLAGS]}: an SQE with every field zero but opcode,
     * flags and user_data. {@code sqeFlags} is {@code flags=} (raw bits, possibly invalid ones)
     * or'ed with the flag words.
     */
    record RawSqe(int line, long userData, int opcode, int sqeFlags) implements SqeStep {}

    /** {@code submit}: io_uring_enter(to_submit = SQ tail - SQ head, 0, 0); prints {@code submitted N}. */
    record Submit(int line) implements Step {}

    /** {@code wait N}: wait until N CQEs are in the CQ ring, consuming none. */
    record Wait(int line, int count) implements Step {}

    /**
     * {@code wait ud=U}: wait until the CQE of request U is in the CQ ring, consuming none (as a
     * liburing program waits for one request: io_uring_wait_cqe_nr for one more CQE, then a look
     * with io_uring_for_each_cqe, until it is there).
     */
    record WaitFor(int line, long userData) implements Step {}

    /** {@code app write NAME.w N} (or a socket pair's {@code NAME.a}/{@code NAME.b}): the application writes N 'x' bytes, outside the ring. */
    record AppWrite(int line, String end, int count) implements Step {}

    /** {@code app read NAME.r N} (or a socket pair's end): the application reads up to N bytes, outside the ring. */
    record AppRead(int line, String end, int count) implements Step {}

    /** {@code reap}: print every CQE in the ring, flushing the overflow list, and advance the head. */
    record Reap(int line) implements Step {}
}
