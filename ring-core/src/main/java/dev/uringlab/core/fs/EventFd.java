package dev.uringlab.core.fs;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.PollEvents.POLLOUT;

import dev.uringlab.core.sync.SpinLock;
import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code struct eventfd_ctx} opened with {@code eventfd(0, EFD_NONBLOCK)}: a u64 counter
 * guarded by its waitqueue's lock ({@code ctx->wqh.lock}), as fs/eventfd.c keeps it. Reads
 * and writes move 8 bytes: a read returns the count and zeroes it (-EAGAIN at zero), a write
 * adds (-EAGAIN when the sum would reach ULLONG_MAX, -EINVAL for ULLONG_MAX itself). The
 * kernel side ({@link #eventfdSignal}) adds one and wakes with POLLIN and an extra key
 * (io_uring passes EPOLL_URING_WAKE).
 */
public final class EventFd extends EmulatedFile {
    private static final ValueLayout.OfLong U64 = ValueLayout.JAVA_LONG_UNALIGNED;

    private final WaitQueueHead wqh;
    private final Trace trace;
    /** ctx->count, unsigned; guarded by {@code wqh.lock()}. */
    private long count;

    public EventFd(Counters counters, Trace trace) {
        this.wqh = new WaitQueueHead(counters, trace, "eventfd wqh");
        this.trace = trace;
    }

    /** Names the waitqueue in the trace after the fd the eventfd got. */
    public void installed(int fd) {
        wqh.name("eventfd wqh(fd " + fd + ")");
    }

    @Override
    public WaitQueueHead pollHead() {
        return wqh;
    }

    /** eventfd_poll. */
    @Override
    public int poll() {
        SpinLock lock = wqh.lock();
        lock.lock();
        try {
            return (count != 0 ? POLLIN : 0) | (Long.compareUnsigned(count, -2L) < 0 ? POLLOUT : 0);
        } finally {
            lock.unlock();
        }
    }

    /** eventfd_read (fs/eventfd.c), eventfd_fops.read_iter. */
    @Override
    @OutOfLine("eventfd_read")
    public int readIter(Trace trace, MemorySegment dst, long at, int len) {
        trace.step(StepKind.CALL, "eventfd_read");
        return read(dst, at, len);
    }

    /** eventfd_write (fs/eventfd.c), eventfd_fops.write: there is no write_iter, so io_write's loop_rw_iter calls it. */
    @Override
    @OutOfLine("eventfd_write")
    public int writeIter(Trace trace, MemorySegment src, long at, int len) {
        trace.step(StepKind.CALL, "eventfd_write");
        return write(src, at, len);
    }

    /** eventfd_read, non-blocking, not a semaphore. */
    @Override
    public int read(MemorySegment dst, long at, int len) {
        if (len < Long.BYTES) {
            return -EINVAL;
        }
        long value;
        SpinLock lock = wqh.lock();
        lock.lock();
        try {
            if (count == 0) {
                return -EAGAIN;
            }
            value = count;
            count = 0;
            wqh.wakeUpLocked(POLLOUT);
        } finally {
            lock.unlock();
        }
        dst.set(U64, at, value);
        return Long.BYTES;
    }

    /** eventfd_write, non-blocking. */
    @Override
    public int write(MemorySegment src, long at, int len) {
        if (len < Long.BYTES) {
            return -EINVAL;
        }
        long value = src.get(U64, at);
        if (value == -1L) {
            return -EINVAL;
        }
        SpinLock lock = wqh.lock();
        lock.lock();
        try {
            if (Long.compareUnsigned(-1L - count, value) <= 0) {
                return -EAGAIN;
            }
            count += value;
            wqh.wakeUpLocked(POLLIN);
        } finally {
            lock.unlock();
        }
        return Long.BYTES;
    }

    /**
     * eventfd_signal (fs/eventfd.c:60, v6.1-rc7; eventfd_signal_mask from 6.2, with {@code key}):
     * under spin_lock_irqsave of the waitqueue's lock, add one (saturating at ULLONG_MAX) and wake
     * with POLLIN | {@code key}.
     */
    @OutOfLine("eventfd_signal")
    public void eventfdSignal(int key) {
        trace.step(StepKind.CALL, "eventfd_signal");
        trace.step(StepKind.IRQ, "spin_lock_irqsave(eventfd wqh)");
        trace.step(StepKind.LOCKED, "spin_lock(eventfd wqh)");
        SpinLock lock = wqh.lock();
        lock.lock();
        try {
            if (count != -1L) {
                count++;
            }
            wqh.wakeUpLocked(POLLIN | key);
        } finally {
            lock.unlock();
        }
    }

    /** The counter now (for tests and demos). */
    public long count() {
        SpinLock lock = wqh.lock();
        lock.lock();
        try {
            return count;
        } finally {
            lock.unlock();
        }
    }

    @Override
    protected void release() {
        // eventfd_release: nothing to wake in the emulation (no poller can outlive its file reference).
    }
}
