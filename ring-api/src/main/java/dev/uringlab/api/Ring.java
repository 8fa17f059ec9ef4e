package dev.uringlab.api;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;

import dev.uringlab.spi.Counters;
import dev.uringlab.spi.KernelCounts;

/**
 * One io_uring instance, in liburing's vocabulary. An engine ({@code emulated},
 * {@code native}) supplies the kernel half ({@link #enter}, {@link #registerEventfd},
 * {@link #sys()}); the application half (get SQE, flush, peek, advance) is the same shared
 * code for every engine: {@link SubmissionQueue} and {@link CompletionQueue} over the ring
 * memory, so the emulator is driven exactly as the real kernel is.
 *
 * <p>Kernel-level failures are return values, as from the system calls: {@code enter}
 * returns the number submitted or {@code -errno}; a bad SQE is a CQE with a negative res.
 * API misuse (a closed ring, a ring size out of range) is an exception naming the limit.
 * A ring is used by one application thread at a time, as a liburing ring is.
 */
public interface Ring extends AutoCloseable {

    /** The engine's name: {@code emulated} or {@code native}. */
    String engine();

    /** What io_uring_setup reported: sizes, flags and the features word. */
    IoUringParams params();

    /** The application half of the submission queue. */
    SubmissionQueue sq();

    /** The application half of the completion queue. */
    CompletionQueue cq();

    /**
     * io_uring_enter(2): submit {@code toSubmit} SQEs from the SQ ring, then, with
     * {@link EnterFlags#IORING_ENTER_GETEVENTS}, run task work, flush overflowed CQEs and wait
     * until at least {@code minComplete} CQEs are in the CQ ring.
     *
     * @return the number of SQEs consumed, or {@code -errno}
     */
    int enter(int toSubmit, int minComplete, int flags);

    /**
     * io_uring_wait_cqes with a timeout (IORING_ENTER_EXT_ARG with a timespec): wait until
     * {@code waitNr} CQEs are ready, running task work and flushing overflow meanwhile.
     *
     * @return 0 when they are ready, {@code -ETIME} when the timeout passed first, or another
     *     {@code -errno}. The emulated engine in deterministic mode returns {@code -ETIME} at
     *     once when nothing pending can ever post a CQE (the timeout could only expire).
     */
    int waitCqes(int waitNr, long timeoutNanos);

    /** io_uring_register(IORING_REGISTER_EVENTFD): 0 or -errno. */
    int registerEventfd(int eventfd);

    /** io_uring_register(IORING_UNREGISTER_EVENTFD): 0 or -errno (-ENXIO when none). */
    int unregisterEventfd();

    /**
     * io_uring_register(IORING_REGISTER_FILES): the ring's fixed file table, {@code fds[i]} at
     * index i (an SQE with IOSQE_FIXED_FILE names the index); each file is held until the ring
     * goes. 0, or -errno (-EBUSY when a table is registered, -EBADF for a bad fd, -EINVAL for none).
     */
    int registerFiles(int[] fds);

    /**
     * io_uring_register(IORING_REGISTER_BUFFERS): {@code bufs[i]} becomes registered buffer i
     * (READ_FIXED / WRITE_FIXED with buf_index i, addr inside it). The memory must stay alive
     * while the ring does. 0, or -errno (-EBUSY when buffers are registered, -EINVAL for none).
     */
    int registerBuffers(java.lang.foreign.MemorySegment[] bufs);

    /** System calls on the same kernel as this ring: pipes, eventfds, read, write. */
    Syscalls sys();

    /**
     * The mechanism counters of this ring (see {@link dev.uringlab.spi.Counter}). The native
     * ring counts only what user space sees (system calls); the emulated kernel counts its work.
     */
    Counters counters();

    /**
     * The running kernel's own counts of this ring's work, from its tracepoints
     * ({@link KernelCounts}): on the native ring, counted for the thread that opened it and the
     * threads it starts (io-wq workers), from setup when {@link KernelCounts#PROPERTY} is on,
     * else from the first call (call it before the first submission to see io-wq workers); on
     * the emulated ring, unavailable. Where the machine refuses (not root, no tracefs), the
     * result says why in one line and counts nothing.
     */
    default KernelCounts kernelCounts() {
        return KernelCounts.unavailable("the " + engine() + " ring runs in no kernel");
    }

    /** Tears the ring down: pending requests are cancelled, memory unmapped, fds closed. Idempotent. */
    @Override
    void close();

    /** io_uring_get_sqe: the next free SQE, or {@code null} when the SQ is full. */
    default Sqe getSqe() {
        return sq().getSqe();
    }

    /** io_uring_submit: publish the queued SQEs and enter to submit them. */
    default int submit() {
        return enter(sq().flush(), 0, 0);
    }

    /** io_uring_submit_and_wait: submit, and wait until {@code waitNr} CQEs are ready. */
    default int submitAndWait(int waitNr) {
        return enter(sq().flush(), waitNr, waitNr > 0 ? IORING_ENTER_GETEVENTS : 0);
    }

    /**
     * io_uring_wait_cqe_nr: return at once when {@code waitNr} CQEs are ready, else enter to
     * wait for them; 0 or -errno.
     */
    default int waitCqes(int waitNr) {
        if (cq().ready() >= waitNr) {
            return 0;
        }
        int ret = enter(0, waitNr, IORING_ENTER_GETEVENTS);
        return Math.min(ret, 0);
    }

    /** io_uring_cq_ready. */
    default int cqReady() {
        return cq().ready();
    }

    /** io_uring_peek_cqe without entering: the CQE at the head, or {@code null}. */
    default Cqe peekCqe() {
        return cq().peek();
    }

    /** io_uring_for_each_cqe: every ready CQE in order, without advancing; returns the count. */
    default int forEachCqe(CqeHandler handler) {
        return cq().forEach(handler);
    }

    /** io_uring_cq_advance. */
    default void cqAdvance(int n) {
        cq().advance(n);
    }

    /** The kernel's {@code sq_flags}: IORING_SQ_CQ_OVERFLOW and friends ({@link SqRingFlags}). */
    default int sqFlags() {
        return sq().lvFlags();
    }
}
