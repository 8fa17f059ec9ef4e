package dev.uringlab.core;

import dev.uringlab.api.RingMemory;
import dev.uringlab.api.SqRingFlags;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.foreign.MemorySegment;

/**
 * The CQ overflow list of {@code struct io_ring_ctx}: {@code cq_overflow_list} (FIFO of
 * {@code struct io_overflow_cqe}), how many it holds, and {@code IO_CHECK_CQ_OVERFLOW_BIT} of
 * {@code ctx->check_cq} with {@code IORING_SQ_CQ_OVERFLOW} in the shared SQ flags
 * (v6.1-rc7 io_uring/io_uring.c: io_cqring_event_overflow, 690-726, and the list's part of
 * __io_cqring_overflow_flush, 604-641). {@link IoCqRing} moves the entries back into the ring.
 *
 * <p>Threads: guarded by the completion lock, except on an IOPOLL ring, where uring_lock
 * serialises every poster ({@link IopollCompletion}); the caller holds whichever the kernel
 * holds. The SQ flag is set and cleared with atomic read-modify-writes: the application may
 * read {@code sq_flags} at any time.
 */
final class IoCqOverflow {
    /** struct io_overflow_cqe: one CQE waiting on the overflow list (a real allocation, as kmalloc). */
    static final class OverflowCqe {
        final long userData;
        final int res;
        final int flags;
        OverflowCqe next;

        OverflowCqe(long userData, int res, int flags) {
            this.userData = userData;
            this.res = res;
            this.flags = flags;
        }
    }

    private final MemorySegment ring;
    private final Counters counters;
    private final Trace trace;
    private OverflowCqe head;
    private OverflowCqe tail;
    /** How many CQEs the list holds. */
    private int nrOverflow;
    /** IO_CHECK_CQ_OVERFLOW_BIT of ctx->check_cq. */
    private boolean checkCqOverflow;

    IoCqOverflow(MemorySegment ring, Counters counters, Trace trace) {
        this.ring = ring;
        this.counters = counters;
        this.trace = trace;
    }

    /** io_cqring_event_overflow: the CQE onto the tail of the list; the first one marks the ring overflowed. */
    void add(long userData, int res, int cflags) {
        OverflowCqe ocqe = new OverflowCqe(userData, res, cflags);
        if (head == null) {
            checkCqOverflow = true;
            // atomic_or: the application may be reading sq_flags concurrently.
            RingMemory.orInt(ring, IoRings.SQ_FLAGS, SqRingFlags.IORING_SQ_CQ_OVERFLOW);
            head = ocqe;
        } else {
            tail.next = ocqe;
        }
        tail = ocqe;
        counters.inc(Counter.CQ_OVERFLOW);
        trace.emit(TracePoint.IO_CQRING_EVENT_OVERFLOW, userData, res, cflags, ++nrOverflow);
    }

    /** Whether IO_CHECK_CQ_OVERFLOW_BIT is set: CQEs wait on the list. */
    boolean pending() {
        return checkCqOverflow;
    }

    /** The oldest waiting CQE, or null. */
    OverflowCqe first() {
        return head;
    }

    /** Unlinks the oldest waiting CQE, which the flush has just written into the ring. */
    void removeFirst() {
        head = head.next;
        counters.inc(Counter.CQ_OVERFLOW_FLUSHED);
    }

    /** The end of one flush that moved {@code flushed} CQEs: counted down, traced; an empty list clears the bit and the SQ flag. */
    void flushed(int flushed) {
        nrOverflow -= flushed;
        trace.emit(TracePoint.IO_CQRING_OVERFLOW_FLUSH, flushed, nrOverflow);
        if (head == null) {
            tail = null;
            checkCqOverflow = false;
            RingMemory.andNotInt(ring, IoRings.SQ_FLAGS, SqRingFlags.IORING_SQ_CQ_OVERFLOW);
        }
    }

    /** Drops the list at ring exit (io_cqring_overflow_kill). */
    void kill() {
        head = tail = null;
        nrOverflow = 0;
        checkCqOverflow = false;
    }
}
