package dev.uringlab.core;

import static dev.uringlab.api.Errno.ETIME;

import static dev.uringlab.api.Errno.EBADF;
import static dev.uringlab.api.Errno.EBUSY;
import static dev.uringlab.api.Errno.EINVAL;

import dev.uringlab.api.CompletionQueue;
import dev.uringlab.api.EnterFlags;
import dev.uringlab.api.IoUringParams;
import dev.uringlab.api.Ring;
import dev.uringlab.api.SubmissionQueue;
import dev.uringlab.api.Syscalls;
import dev.uringlab.core.fs.EmulatedFile;
import dev.uringlab.core.fs.EventFd;
import dev.uringlab.spi.Counters;

/**
 * The emulated ring as the application holds it (the io_uring fd): the kernel half is the
 * {@link IoRingCtx}; the application half is ring-api's own {@link SubmissionQueue} and
 * {@link CompletionQueue} over the memory the engine laid out, exactly as over the real
 * kernel's mappings.
 */
final class EmulatedRing implements Ring {
    /** ENXIO (asm-generic/errno-base.h): no eventfd to unregister. */
    static final int ENXIO = 6;

    private final IoRingCtx ctx;
    private final IoUringParams params;
    private final SubmissionQueue sq;
    private final CompletionQueue cq;
    private final Syscalls sys;

    EmulatedRing(IoRingCtx ctx, IoUringParams params) {
        this.ctx = ctx;
        this.params = params;
        this.sq = new SubmissionQueue(ctx.rings.ring, ctx.rings.sqes, ctx.rings.offsets);
        this.cq = new CompletionQueue(ctx.rings.ring, ctx.rings.ring.asSlice(ctx.rings.offsets.cqCqes()), ctx.rings.offsets);
        this.sys = new EmulatedSyscalls(ctx);
    }

    @Override
    public String engine() {
        return EmulatedRingProvider.NAME;
    }

    @Override
    public IoUringParams params() {
        return params;
    }

    @Override
    public SubmissionQueue sq() {
        return sq;
    }

    @Override
    public CompletionQueue cq() {
        return cq;
    }

    @Override
    public int enter(int toSubmit, int minComplete, int flags) {
        return ctx.enter(toSubmit, minComplete, flags);
    }

    @Override
    public int waitCqes(int waitNr, long timeoutNanos) {
        if (cq.ready() >= waitNr) {
            return 0;
        }
        int ret = ctx.enter(0, waitNr, EnterFlags.IORING_ENTER_GETEVENTS, System.nanoTime() + Math.max(0, timeoutNanos));
        if (ret < 0) {
            return ret;
        }
        // io_uring_enter clamps min_complete to cq_entries, so a wait for more CQEs than the CQ holds
        // returns with fewer ready: -ETIME, as the native ring reports it (the caller's wait was not met).
        return cq.ready() >= waitNr ? 0 : -ETIME;
    }

    /** io_eventfd_register: -EBUSY when one is registered, -EBADF for a bad fd, -EINVAL for a file that is no eventfd. */
    @Override
    public int registerEventfd(int eventfd) {
        if (ctx.isClosed()) {
            throw new IllegalStateException("the ring is closed");
        }
        ctx.uringLock.lock();
        try {
            if (ctx.cq.eventfd != null) {
                return -EBUSY;
            }
            EmulatedFile f = ctx.fileTable.fget(eventfd);
            if (f == null) {
                return -EBADF;
            }
            if (!(f instanceof EventFd evfd)) {
                f.fput();
                return -EINVAL;
            }
            ctx.cq.registerEventfd(evfd);
            return 0;
        } finally {
            ctx.uringLock.unlock();
        }
    }

    /** io_sqe_files_register, under uring_lock. */
    @Override
    public int registerFiles(int[] fds) {
        if (ctx.isClosed()) {
            throw new IllegalStateException("the ring is closed");
        }
        ctx.uringLock.lock();
        try {
            return ctx.rsrc.registerFiles(ctx, fds);
        } finally {
            ctx.uringLock.unlock();
        }
    }

    /** io_sqe_buffers_register, under uring_lock. */
    @Override
    public int registerBuffers(java.lang.foreign.MemorySegment[] bufs) {
        if (ctx.isClosed()) {
            throw new IllegalStateException("the ring is closed");
        }
        ctx.uringLock.lock();
        try {
            return ctx.rsrc.registerBuffers(bufs);
        } finally {
            ctx.uringLock.unlock();
        }
    }

    /** io_eventfd_unregister: -ENXIO when none is registered. */
    @Override
    public int unregisterEventfd() {
        if (ctx.isClosed()) {
            throw new IllegalStateException("the ring is closed");
        }
        ctx.uringLock.lock();
        try {
            if (ctx.cq.eventfd == null) {
                return -ENXIO;
            }
            ctx.cq.eventfd.fput();
            ctx.cq.eventfd = null;
            return 0;
        } finally {
            ctx.uringLock.unlock();
        }
    }

    @Override
    public Syscalls sys() {
        return sys;
    }

    @Override
    public Counters counters() {
        return ctx.counters;
    }

    @Override
    public void close() {
        ctx.close();
    }

    /** The kernel side of this ring. */
    IoRingCtx ctx() {
        return ctx;
    }

    @Override
    public String toString() {
        return "emulated ring [" + params + "]";
    }
}
