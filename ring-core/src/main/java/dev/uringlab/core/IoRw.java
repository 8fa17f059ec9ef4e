package dev.uringlab.core;

import static dev.uringlab.api.Errno.EFAULT;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.Errno.EOPNOTSUPP;
import static dev.uringlab.api.SqeDescriptor.ADDR_OFFSET;
import static dev.uringlab.api.SqeDescriptor.FD_OFFSET;
import static dev.uringlab.api.SqeDescriptor.LEN_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OFF_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OP_FLAGS_OFFSET;

import dev.uringlab.core.block.BlkdevFile;
import dev.uringlab.core.block.Kiocb;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * IORING_OP_READ and IORING_OP_WRITE, io_uring/rw.c: io_prep_rw, io_read/io_write on the
 * emulated files, io_rw_init_file, the completions (io_complete_rw, io_complete_rw_iopoll)
 * and the IOPOLL side (io_iopoll_req_issued, io_do_iopoll, io_iopoll_check), where polled
 * completions are reaped inside io_uring_enter.
 *
 * <p>Threads: issue and reaping run on the ring owner with uring_lock held; the completions
 * run on whichever thread ends the bio (the owner polling, or a device's IRQ thread), so
 * io_complete_rw hands the request back as task work and io_complete_rw_iopoll publishes
 * {@code iopoll_completed} with a release store that io_do_iopoll load-acquires.
 */
final class IoRw {
    private static final VarHandle IOPOLL_COMPLETED;

    static {
        try {
            IOPOLL_COMPLETED = MethodHandles.lookup().findVarHandle(IoRequest.class, "iopollCompleted", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private IoRw() {}

    /** {@code struct io_rw}'s kiocb: the request it belongs to (container_of). */
    static final class RwKiocb extends Kiocb {
        final IoRingCtx ctx;
        final IoRequest req;

        RwKiocb(IoRingCtx ctx, IoRequest req) {
            this.ctx = ctx;
            this.req = req;
        }
    }

    /** io_prep_rw. */
    static int ioPrepRw(IoRequest req, MemorySegment s, long sqe) {
        req.fd = s.get(ValueLayout.JAVA_INT, sqe + FD_OFFSET);
        req.off = s.get(ValueLayout.JAVA_LONG, sqe + OFF_OFFSET);
        req.addr = s.get(ValueLayout.JAVA_LONG, sqe + ADDR_OFFSET);
        req.len = s.get(ValueLayout.JAVA_INT, sqe + LEN_OFFSET);
        req.opFlags = s.get(ValueLayout.JAVA_INT, sqe + OP_FLAGS_OFFSET);
        return 0;
    }

    /** io_read. */
    static int ioRead(IoRingCtx ctx, IoRequest req, boolean iowq) {
        return ioRw(ctx, req, true, iowq);
    }

    /** io_write. */
    static int ioWrite(IoRingCtx ctx, IoRequest req, boolean iowq) {
        return ioRw(ctx, req, false, iowq);
    }

    /**
     * io_read / io_write. A block device goes through its kiocb ({@link #ioRwDirect}); any
     * other file copies between the file and the native buffer at {@code addr}. Errors
     * (-EAGAIN included) go back to the caller; a short transfer completes the request but
     * marks it failed, so a soft link after it is cancelled (__io_complete_rw_common). On an
     * IOPOLL ring io_rw_init_file refuses a file that is not O_DIRECT with ->iopoll:
     * -EOPNOTSUPP for pipes and eventfds.
     */
    @SuppressWarnings("restricted") // the SQE's addr is the application's native buffer, as in the kernel
    private static int ioRw(IoRingCtx ctx, IoRequest req, boolean read, boolean iowq) {
        if (req.opFlags != 0) {
            return -EOPNOTSUPP; // RWF_* flags are not emulated
        }
        if (req.len < 0) {
            return -EINVAL;
        }
        if (req.addr == 0 && req.len != 0) {
            return -EFAULT;
        }
        if (req.file instanceof BlkdevFile bdev) {
            return ioRwDirect(ctx, req, bdev, !read, iowq);
        }
        if (ctx.iopoll()) {
            return -EOPNOTSUPP;
        }
        MemorySegment buf = MemorySegment.ofAddress(req.addr).reinterpret(req.len);
        int n = read ? req.file.read(buf, req.len) : req.file.write(buf, req.len);
        if (n < 0) {
            return n;
        }
        if (n != req.len) {
            IoComplete.reqSetFail(ctx, req, iowq);
        }
        req.setRes(n, 0);
        return IoRingCtx.IOU_OK;
    }

    /**
     * io_rw_init_file and the issue on a block device opened O_DIRECT: the kiocb gets
     * ki_pos = sqe->off and, on an IOPOLL ring, IOCB_HIPRI | IOCB_ALLOC_CACHE with
     * io_complete_rw_iopoll (5.15); otherwise io_complete_rw, and IOCB_ALLOC_CACHE only where
     * the bio cache takes IRQ frees (6.2). {@code req->cqe.res} is the length asked for, so a
     * completion with less is short. A bio in flight (-EIOCBQUEUED) puts the request on
     * iopoll_list (IOPOLL) or leaves it to ki_complete.
     */
    private static int ioRwDirect(IoRingCtx ctx, IoRequest req, BlkdevFile bdev, boolean write, boolean iowq) {
        RwKiocb kiocb = req.kiocb;
        if (kiocb == null) {
            kiocb = req.kiocb = new RwKiocb(ctx, req);
        }
        kiocb.kiPos = req.off;
        kiocb.kiFlags = Kiocb.IOCB_DIRECT | (write ? Kiocb.IOCB_WRITE : 0);
        if (ctx.iopoll()) {
            kiocb.kiFlags |= Kiocb.IOCB_HIPRI | Kiocb.IOCB_ALLOC_CACHE;
            kiocb.kiComplete = IoRw::ioCompleteRwIopoll;
            req.iopollCompleted = 0;
        } else {
            kiocb.kiComplete = IoRw::ioCompleteRw;
            if (ctx.bioSet.cachesIrqCompletions()) {
                kiocb.kiFlags |= Kiocb.IOCB_ALLOC_CACHE;
            }
        }
        req.setRes(req.len, 0);
        int ret = bdev.rwIter(kiocb, req.addr, req.len, write);
        if (ret == BlkdevFile.EIOCBQUEUED) {
            if (ctx.iopoll()) {
                ioIopollReqIssued(ctx, req, iowq);
            }
            return IoRingCtx.IOU_ISSUE_SKIP_COMPLETE;
        }
        if (ret < 0) {
            return ret;
        }
        if (ret != req.len) {
            IoComplete.reqSetFail(ctx, req, iowq);
        }
        req.setRes(ret, 0);
        return IoRingCtx.IOU_OK;
    }

    /**
     * io_complete_rw (ki_complete without IOPOLL), on the thread that ended the bio: a result
     * other than the length asked for fails the request's link (__io_complete_rw_common), and
     * the request goes back to its owner as task work (io_req_rw_complete).
     */
    static void ioCompleteRw(Kiocb iocb, long res) {
        RwKiocb k = (RwKiocb) iocb;
        IoRequest req = k.req;
        if (res != req.res) {
            IoComplete.reqSetFail(k.ctx, req, true);
        }
        req.setRes((int) res, 0);
        req.twFunc = IoRequest.TW_COMPLETE;
        k.ctx.tctx.ioReqTaskWorkAdd(req);
    }

    /** io_complete_rw_iopoll: record the result, then so {@code iopoll_completed} (smp_store_release). */
    static void ioCompleteRwIopoll(Kiocb iocb, long res) {
        IoRequest req = ((RwKiocb) iocb).req;
        if (res != req.res) {
            req.res = (int) res;
        }
        IOPOLL_COMPLETED.setRelease(req, 1);
    }

    /** io_iopoll_req_issued: add the request at the tail of ctx->iopoll_list (an io-wq worker takes uring_lock for it). */
    private static void ioIopollReqIssued(IoRingCtx ctx, IoRequest req, boolean iowq) {
        if (iowq) {
            ctx.uringLock.lock();
        }
        try {
            req.iopollNext = null;
            if (ctx.iopollLast == null) {
                ctx.iopollFirst = req;
            } else {
                ctx.iopollLast.iopollNext = req;
            }
            ctx.iopollLast = req;
        } finally {
            if (iowq) {
                ctx.uringLock.unlock();
            }
        }
    }

    /**
     * io_do_iopoll (6.6): poll each request of iopoll_list in order (file->iopoll) until one
     * is found completed or a poll finds completions; then reap the completed prefix of the
     * list into compl_reqs and flush it. Returns how many were reaped.
     */
    static int ioDoIopoll(IoRingCtx ctx) {
        ctx.counters.inc(Counter.IOPOLL_LOOP);
        for (IoRequest req = ctx.iopollFirst; req != null; req = req.iopollNext) {
            if ((int) IOPOLL_COMPLETED.getAcquire(req) != 0) {
                break;
            }
            int found = ((BlkdevFile) req.file).iopoll(req.kiocb);
            if (found > 0 || (int) IOPOLL_COMPLETED.getAcquire(req) != 0) {
                break;
            }
        }
        int nrEvents = 0;
        IoRequest req;
        while ((req = ctx.iopollFirst) != null && (int) IOPOLL_COMPLETED.getAcquire(req) != 0) {
            ctx.iopollFirst = req.iopollNext;
            req.iopollNext = null;
            nrEvents++;
            IoComplete.ioReqCompleteDefer(ctx, req);
        }
        if (ctx.iopollFirst == null) {
            ctx.iopollLast = null;
        }
        ctx.trace.emit(TracePoint.IO_DO_IOPOLL, nrEvents);
        if (nrEvents > 0) {
            IoComplete.ioSubmitFlushCompletions(ctx);
        }
        return nrEvents;
    }

    /**
     * io_iopoll_check: GETEVENTS on an IOPOLL ring. Flush overflow; with CQEs already there,
     * return; else poll ({@link #ioDoIopoll}) until {@code minEvents} are reaped. When the list
     * is empty, task work runs and the loop ends unless it keeps requests to poll and posted
     * nothing. Completions that come by interrupt (a queue that cannot poll) are waited for by
     * polling, as the kernel spins in this loop.
     */
    static int ioIopollCheck(IoRingCtx ctx, int minEvents) {
        ctx.cq.ioCqringOverflowFlush();
        if (ctx.cq.cqEventsUser() > 0) {
            return 0;
        }
        int nrEvents = 0;
        do {
            if (ctx.iopollFirst == null) {
                int tail = ctx.cq.cachedCqTail();
                ctx.tctx.runTaskWork();
                if (tail != ctx.cq.cachedCqTail() || ctx.iopollFirst == null) {
                    break;
                }
            }
            int ret = ioDoIopoll(ctx);
            nrEvents += ret;
            if (ret == 0) {
                Thread.onSpinWait();
            }
        } while (nrEvents < minEvents);
        return 0;
    }
}
