package dev.uringlab.core;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.Errno.EFAULT;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.Errno.EIOCBQUEUED;
import static dev.uringlab.api.Errno.EOPNOTSUPP;
import static dev.uringlab.api.SqeDescriptor.ADDR_OFFSET;
import static dev.uringlab.api.SqeDescriptor.BUF_INDEX_OFFSET;
import static dev.uringlab.api.SqeDescriptor.FD_OFFSET;
import static dev.uringlab.api.SqeDescriptor.LEN_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OFF_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OP_FLAGS_OFFSET;

import dev.uringlab.api.Opcodes;
import dev.uringlab.core.block.BlkdevFile;
import dev.uringlab.core.block.Kiocb;
import dev.uringlab.core.block.UserMemory;
import dev.uringlab.core.fs.ReadWrite;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.ReqFlags;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
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
    static int ioPrepRw(IoRingCtx ctx, IoRequest req, MemorySegment s, long sqe) {
        req.fd = s.get(ValueLayout.JAVA_INT, sqe + FD_OFFSET);
        req.off = s.get(ValueLayout.JAVA_LONG, sqe + OFF_OFFSET);
        req.addr = s.get(ValueLayout.JAVA_LONG, sqe + ADDR_OFFSET);
        req.len = s.get(ValueLayout.JAVA_INT, sqe + LEN_OFFSET);
        req.opFlags = s.get(ValueLayout.JAVA_INT, sqe + OP_FLAGS_OFFSET);
        return 0;
    }

    /**
     * io_prep_rw of READ_FIXED / WRITE_FIXED: also buf_index. (Its io_req_set_rsrc_node, which
     * pins the ring's resource node, runs at the start of the issue here: no other step of the
     * request comes between.)
     */
    static int ioPrepRwFixed(IoRingCtx ctx, IoRequest req, MemorySegment s, long sqe) {
        ioPrepRw(ctx, req, s, sqe);
        req.bufIndex = Short.toUnsignedInt(s.get(ValueLayout.JAVA_SHORT, sqe + BUF_INDEX_OFFSET));
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
        boolean fixed = req.opcode == Opcodes.IORING_OP_READ_FIXED || req.opcode == Opcodes.IORING_OP_WRITE_FIXED;
        if (fixed) {
            ctx.rsrc.ioReqSetRsrcNode(ctx, req);
            int ret = ctx.rsrc.ioImportFixed(ctx, req); // io_import_iovec -> io_import_fixed
            if (ret < 0) {
                return ret;
            }
        } else {
            importSingleRange(ctx); // io_import_iovec of a READ / WRITE
        }
        if (req.file instanceof BlkdevFile bdev) {
            return ioRwDirect(ctx, req, bdev, !read, iowq);
        }
        if (ctx.iopoll()) {
            return -EOPNOTSUPP;
        }
        // rw_verify_area (no position on a stream: straight to security_file_permission), then the
        // file's ->read_iter / ->write_iter through f_op (io_iter_do_read, call_write_iter)
        ReadWrite.rwVerifyArea(ctx.trace);
        int n = read ? req.file.readIter(ctx.trace, UserMemory.ALL, req.addr, req.len)
                : req.file.writeIter(ctx.trace, UserMemory.ALL, req.addr, req.len); // copy_to_user / copy_from_user at sqe->addr
        if (n < 0) {
            return n;
        }
        if (n != req.len) {
            IoComplete.reqSetFail(ctx, req, iowq);
        }
        req.setRes(n, 0);
        return IoRingCtx.IOU_OK;
    }

    /** import_single_range (lib/iov_iter.c): the iterator over the user buffer. */
    @OutOfLine("import_single_range")
    private static void importSingleRange(IoRingCtx ctx) {
        ctx.trace.step(StepKind.CALL, "import_single_range");
    }

    /**
     * io_read / io_write on a block device opened O_DIRECT, as the author's base of seed 004 has
     * them (for-5.15/io_uring of 2021-08-12; io_prep_rw sets the kiocb up at prep there, here at
     * issue, the same stores): ki_pos = sqe->off; on an IOPOLL ring IOCB_HIPRI with
     * io_complete_rw_iopoll, and IOCB_ALLOC_CACHE when the bio_set has a per-CPU cache (seed
     * 004's patch 5/6; 6.2 sets it on every ring); otherwise io_complete_rw. An inline issue is
     * IOCB_NOWAIT (force_nonblock) and runs under io_uring's plug. {@code req->result} is the
     * length asked for, so a completion with less is short. Then rw_verify_area and
     * call_read_iter / call_write_iter; a bio in flight (-EIOCBQUEUED) goes on iopoll_list on an
     * IOPOLL ring (io_issue_sqe's io_iopoll_req_issued) or is left to ki_complete.
     */
    private static int ioRwDirect(IoRingCtx ctx, IoRequest req, BlkdevFile bdev, boolean write, boolean iowq) {
        RwKiocb kiocb = req.kiocb;
        if (kiocb == null) {
            kiocb = req.kiocb = new RwKiocb(ctx, req);
        }
        kiocb.kiPos = req.off;
        kiocb.kiFlags = Kiocb.IOCB_DIRECT | (write ? Kiocb.IOCB_WRITE : 0) | (iowq ? 0 : Kiocb.IOCB_NOWAIT);
        if (ctx.iopoll()) {
            kiocb.kiFlags |= Kiocb.IOCB_HIPRI | (ctx.bioSet.percpuCache() ? Kiocb.IOCB_ALLOC_CACHE : 0);
            kiocb.kiComplete = IoRw::ioCompleteRwIopoll;
            req.iopollCompleted = 0;
        } else {
            kiocb.kiComplete = IoRw::ioCompleteRw;
            if (ctx.bioSet.cachesIrqCompletions()) {
                kiocb.kiFlags |= Kiocb.IOCB_ALLOC_CACHE;
            }
        }
        kiocb.currentPlug = !iowq && ctx.submitState.plugStarted ? ctx.submitState.plug : null;
        req.setRes(req.len, 0);
        ReadWrite.rwVerifyArea(ctx.trace);
        int ret = bdev.rwIter(kiocb, req.addr, req.len, write);
        if (ret == -EIOCBQUEUED) {
            if (ctx.iopoll()) {
                ioIopollReqIssued(ctx, req, iowq);
            }
            return IoRingCtx.IOU_ISSUE_SKIP_COMPLETE;
        }
        if (ret == -EAGAIN && ctx.iopoll() && !iowq) {
            return -EAGAIN; // no tag for a REQ_NOWAIT bio: io-wq retries it blocking
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
     * the request goes back to its owner as task work (io_req_task_complete).
     */
    @OutOfLine("io_complete_rw")
    static void ioCompleteRw(Kiocb iocb, long res) {
        RwKiocb k = (RwKiocb) iocb;
        k.ctx.trace.step(StepKind.CALL, "io_complete_rw");
        IoRequest req = k.req;
        if (res != req.res) {
            IoComplete.reqSetFail(k.ctx, req, true);
        }
        req.setRes((int) res, 0);
        req.twFunc = IoRequest.TW_COMPLETE;
        k.ctx.tctx.ioReqTaskWorkAdd(req);
    }

    /** io_complete_rw_iopoll: record the result, then (smp_wmb) so {@code iopoll_completed}. */
    @OutOfLine("io_complete_rw_iopoll")
    static void ioCompleteRwIopoll(Kiocb iocb, long res) {
        RwKiocb k = (RwKiocb) iocb;
        k.ctx.trace.step(StepKind.CALL, "io_complete_rw_iopoll");
        IoRequest req = k.req;
        if (res != req.res) {
            req.res = (int) res;
            req.flags |= ReqFlags.REQ_F_FAIL;
        }
        IOPOLL_COMPLETED.setRelease(req, 1);
    }

    /**
     * io_iopoll_req_issued: the request joins ctx->iopoll_list, at the head when it already
     * completed, else at the tail (an io-wq worker takes uring_lock for it).
     */
    private static void ioIopollReqIssued(IoRingCtx ctx, IoRequest req, boolean iowq) {
        if (iowq) {
            ctx.uringLock.lock();
        }
        try {
            if ((int) IOPOLL_COMPLETED.getAcquire(req) != 0) {
                req.iopollNext = ctx.iopollFirst;
                ctx.iopollFirst = req;
                if (ctx.iopollLast == null) {
                    ctx.iopollLast = req;
                }
            } else {
                req.iopollNext = null;
                if (ctx.iopollLast == null) {
                    ctx.iopollFirst = req;
                } else {
                    ctx.iopollLast.iopollNext = req;
                }
                ctx.iopollLast = req;
            }
        } finally {
            if (iowq) {
                ctx.uringLock.unlock();
            }
        }
    }

    /**
     * io_do_iopoll (5.14): walk ctx->iopoll_list; a completed request moves to the done list;
     * the first one still in flight, while nothing is done yet, is polled through its file's
     * {@code ->iopoll} (blkdev_iopoll), and moves to done if that completed it; a request still
     * in flight after something is done ends the walk. The done list is reaped by
     * io_iopoll_complete. Returns how many were reaped, or a negative error of ->iopoll.
     */
    static int ioDoIopoll(IoRingCtx ctx) {
        ctx.counters.inc(Counter.IOPOLL_LOOP);
        int cpu = Cpus.current();
        IoRequest doneFirst = null;
        IoRequest doneLast = null;
        IoRequest prev = null;
        IoRequest req = ctx.iopollFirst;
        while (req != null) {
            IoRequest next = req.iopollNext;
            boolean done = (int) IOPOLL_COMPLETED.getAcquire(req) != 0; // READ_ONCE(req->iopoll_completed)
            if (!done) {
                if (doneFirst != null) {
                    break;
                }
                int ret = ((BlkdevFile) req.file).iopoll(req.kiocb, cpu);
                if (ret < 0) {
                    return ret;
                }
                done = (int) IOPOLL_COMPLETED.getAcquire(req) != 0;
            }
            if (done) { // list_move_tail(&req->inflight_entry, &done)
                if (prev == null) {
                    ctx.iopollFirst = next;
                } else {
                    prev.iopollNext = next;
                }
                if (ctx.iopollLast == req) {
                    ctx.iopollLast = prev;
                }
                req.iopollNext = null;
                if (doneLast == null) {
                    doneFirst = req;
                } else {
                    doneLast.iopollNext = req;
                }
                doneLast = req;
            } else {
                prev = req;
            }
            req = next;
        }
        int nrEvents = doneFirst == null ? 0 : ioIopollComplete(ctx, doneFirst);
        ctx.trace.emit(TracePoint.IO_DO_IOPOLL, nrEvents);
        return nrEvents;
    }

    /**
     * io_iopoll_complete (5.10 - 6.1's shape): for each done request (smp_rmb: ordered by the
     * acquire of iopoll_completed) a CQE filled without the completion lock, and its free into
     * the request cache through the batch (io_req_free_batch: no reference count to drop, the
     * requests are not refcounted since "io_uring: skip request refcounting"); then one
     * io_commit_cqring and io_cqring_ev_posted_iopoll.
     */
    private static int ioIopollComplete(IoRingCtx ctx, IoRequest done) {
        SubmitState state = ctx.submitState;
        if (state.nr != 0) {
            IoComplete.ioSubmitFlushCompletions(ctx); // nothing else waits in compl_reqs here; keep it so
        }
        int nrEvents = 0;
        for (IoRequest req = done; req != null; ) {
            IoRequest next = req.iopollNext;
            req.iopollNext = null;
            ctx.cq.iopoll.ioFillCqe(req.userData, req.res, 0);
            nrEvents++;
            IoComplete.ioReqFreeBatchEach(ctx, req);
            if (state.nr == SubmitState.IO_COMPL_BATCH) {
                ctx.trace.emit(TracePoint.IO_REQ_FREE_BATCH_FINISH, state.nr);
                IoComplete.ioFreeBatchCached(ctx);
            }
            state.complReqs[state.nr++] = req;
            req = next;
        }
        ctx.cq.iopoll.ioCommitCqring();
        if (ctx.drainActive) {
            IoDrain.ioQueueDeferred(ctx); // __io_commit_cqring_flush
        }
        ctx.cq.iopoll.ioCqringEvPosted();
        if (state.nr != 0) {
            ctx.trace.emit(TracePoint.IO_REQ_FREE_BATCH_FINISH, state.nr);
        }
        IoComplete.ioFreeBatchCached(ctx); // io_req_free_batch_finish
        return nrEvents;
    }

    /**
     * io_iopoll_check (5.14): with uring_lock held (the enter holds it), flush the overflow list
     * when it is marked; with CQEs already there, return; else io_do_iopoll until
     * {@code minEvents} are reaped, at least once. When the list is empty, task work runs and the
     * loop ends unless it keeps requests to poll and posted nothing. Completions that come by
     * interrupt (a queue that cannot poll) are waited for by polling, as the kernel spins here.
     */
    static int ioIopollCheck(IoRingCtx ctx, int minEvents) {
        if (ctx.cq.overflowPending()) {
            ctx.cq.ioCqringOverflowFlush();
        }
        if (ctx.cq.cqEventsUser() > 0) {
            return 0;
        }
        int nrEvents = 0;
        do {
            if (ctx.iopollFirst == null) {
                int tail = ctx.cq.cachedCqTail();
                ctx.tctx.ioRunTaskWorkCtx(false); // 6.1's io_run_local_work_locked, then the task's own
                if (tail != ctx.cq.cachedCqTail() || ctx.iopollFirst == null) {
                    break;
                }
            }
            int ret = ioDoIopoll(ctx);
            if (ret < 0) {
                return ret;
            }
            nrEvents += ret;
            if (ret == 0) {
                Thread.onSpinWait();
            }
        } while (nrEvents < minEvents);
        return 0;
    }
}
