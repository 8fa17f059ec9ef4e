package dev.uringlab.core.fs;

import static dev.uringlab.api.Errno.EBADF;

import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.trace.Trace;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code struct file}: a reference count ({@code f_count}: one for the fd table, one per
 * request holding it), the read/write entry points and {@code ->poll}. When the last
 * reference goes, {@link #release()} runs ({@code ->release}), which is when a pipe end
 * closes for its peer, as in the kernel.
 */
public abstract class EmulatedFile {
    private static final VarHandle REFS;

    static {
        try {
            REFS = MethodHandles.lookup().findVarHandle(EmulatedFile.class, "refs", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through REFS
    private volatile int refs = 1;

    /** get_file_rcu / atomic_inc_not_zero: take a reference unless the file is already being released. */
    final boolean tryGet() {
        int r;
        do {
            r = (int) REFS.getVolatile(this);
            if (r == 0) {
                return false;
            }
        } while (!REFS.compareAndSet(this, r, r + 1));
        return true;
    }

    /** fput: drop a reference; the last one releases the file. */
    public final void fput() {
        if ((int) REFS.getAndAdd(this, -1) == 1) {
            release();
        }
    }

    /** The waitqueue {@code ->poll} registers a poller on ({@code poll_wait}). */
    public abstract WaitQueueHead pollHead();

    /** {@code ->poll} without {@code poll_wait}: the events ready now (POLLIN, POLLOUT, POLLHUP...). */
    public abstract int poll();

    /**
     * read(2) into the {@code len} bytes at {@code at} in {@code mem} (the application's buffer,
     * as copy_to_user's address): a count or -errno; -EBADF on a file not open for reading.
     */
    public int read(MemorySegment mem, long at, int len) {
        return -EBADF;
    }

    /** write(2) from the {@code len} bytes at {@code at} in {@code mem}: a count or -errno; -EBADF on a file not open for writing. */
    public int write(MemorySegment mem, long at, int len) {
        return -EBADF;
    }

    /**
     * What io_read calls through {@code f_op} for this file ({@code ->read_iter}, or {@code ->read}
     * by way of loop_rw_iter): a file whose kernel function is a recipe's {@code call} step
     * overrides this with that function, emitting its step; by default a plain {@link #read}.
     */
    public int readIter(Trace trace, MemorySegment mem, long at, int len) {
        return read(mem, at, len);
    }

    /** What io_write calls through {@code f_op} ({@code ->write_iter}, or {@code ->write}): as {@link #readIter}. */
    public int writeIter(Trace trace, MemorySegment mem, long at, int len) {
        return write(mem, at, len);
    }

    /** {@code ->release}: the last reference is gone. */
    protected abstract void release();
}
