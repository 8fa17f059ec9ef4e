package dev.uringlab.core;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.Errno.EBADF;
import static dev.uringlab.spi.ReqFlags.REQ_F_FAIL;
import static dev.uringlab.spi.ReqFlags.REQ_F_FIXED_FILE;
import static dev.uringlab.spi.ReqFlags.REQ_F_FORCE_ASYNC;
import static dev.uringlab.spi.ReqFlags.REQ_F_HARDLINK;
import static dev.uringlab.spi.ReqFlags.REQ_F_LINK;

import dev.uringlab.spi.trace.TracePoint;

/**
 * Issue, from io_uring/io_uring.c: io_queue_sqe, io_queue_async, io_queue_sqe_fallback,
 * io_issue_sqe (which runs the opcode's {@link OpDef} entry), io_queue_iowq,
 * io_wq_submit_work and io_req_task_submit. The owner's thread with {@code uring_lock} held,
 * except {@link #ioWqSubmitWork} on an io-wq worker.
 */
final class IoIssue {
    private IoIssue() {}

    /** io_queue_sqe: issue inline; a failure goes to io_queue_async. */
    static void ioQueueSqe(IoRingCtx ctx, IoRequest req) {
        int ret = ioIssueSqe(ctx, req, false);
        if (ret != 0) {
            ioQueueAsync(ctx, req, ret);
        }
    }

    /**
     * io_queue_async: an error completes the request; -EAGAIN arms the internal poll and waits
     * (IO_APOLL_READY retries from task work, IO_APOLL_ABORTED goes to io-wq). REQ_F_NOWAIT,
     * which would make -EAGAIN final, is never set here: every emulated file supports nowait,
     * and io_rw_init_file sets it for an O_NONBLOCK file only when the file does not.
     */
    private static void ioQueueAsync(IoRingCtx ctx, IoRequest req, int ret) {
        if (ret != -EAGAIN) {
            IoComplete.ioReqDeferFailed(ctx, req, ret);
            return;
        }
        switch (IoPoll.ioArmPollHandler(ctx, req, OpDef.of(req.opcode).pollin())) {
            case IoPoll.IO_APOLL_READY -> ctx.tctx.ioReqTaskQueue(req);
            case IoPoll.IO_APOLL_ABORTED -> ioQueueIowq(ctx, req);
            default -> { }
        }
    }

    /** io_queue_sqe_fallback: a failed chain is completed as failed; otherwise drain or io-wq. */
    static void ioQueueSqeFallback(IoRingCtx ctx, IoRequest req) {
        if ((req.flags & REQ_F_FAIL) != 0) {
            // We don't submit: fail them all, turning hardlinks into links.
            req.flags = (req.flags & ~REQ_F_HARDLINK) | REQ_F_LINK;
            IoComplete.ioReqDeferFailed(ctx, req, req.res);
        } else if (ctx.drainActive) {
            IoDrain.ioDrainReq(ctx, req);
        } else {
            ioQueueIowq(ctx, req);
        }
    }

    /**
     * io_issue_sqe: resolve the file (io_assign_file), run the opcode's issue, and complete
     * it: into the completion batch inline (IO_URING_F_COMPLETE_DEFER), or through task work
     * from an io-wq worker. Returns 0, or the -errno the caller fails the request with.
     */
    static int ioIssueSqe(IoRingCtx ctx, IoRequest req, boolean iowq) {
        OpDef def = OpDef.of(req.opcode);
        if (req.file == null && def.needsFile()) {
            if ((req.flags & REQ_F_FIXED_FILE) != 0) {
                return -EBADF; // no file table is registered
            }
            req.file = ctx.fileTable.fget(req.fd);
            if (req.file == null) {
                return -EBADF;
            }
        }
        int ret = def.issue().issue(ctx, req, iowq);
        ctx.trace.emit(TracePoint.IO_ISSUE_SQE, req.userData, req.opcode, ret);
        if (ret == IoRingCtx.IOU_OK) {
            if (iowq) {
                // io_req_complete_post with a lockless CQ: the owner completes it in task work.
                req.twFunc = IoRequest.TW_COMPLETE;
                ctx.tctx.ioReqTaskWorkAdd(req);
            } else {
                IoComplete.ioReqCompleteDefer(ctx, req);
            }
            return 0;
        }
        return ret == IoRingCtx.IOU_ISSUE_SKIP_COMPLETE ? 0 : ret;
    }

    /** io_queue_iowq: punt to an io-wq worker. */
    static void ioQueueIowq(IoRingCtx ctx, IoRequest req) {
        ctx.trace.emit(TracePoint.IO_QUEUE_IOWQ, req.userData);
        ctx.ioWq.ioWqEnqueue(req);
    }

    /**
     * io_wq_submit_work, on an io-wq worker (or inline in deterministic mode). A forced-async
     * request whose opcode can wait for readiness (READ/WRITE on a pollable file) is issued
     * non-blocking and, on -EAGAIN, arms the internal poll instead of blocking the worker;
     * otherwise -EAGAIN is final. Failures go back as task work.
     */
    static void ioWqSubmitWork(IoRingCtx ctx, IoRequest req) {
        ctx.trace.emit(TracePoint.IO_WQ_SUBMIT_WORK, req.userData);
        OpDef def = OpDef.of(req.opcode);
        boolean needsPoll = (req.flags & REQ_F_FORCE_ASYNC) != 0 && (def.pollin() || def.pollout());
        int ret;
        while (true) {
            ret = ioIssueSqe(ctx, req, true);
            if (ret != -EAGAIN || !needsPoll) {
                break;
            }
            if (IoPoll.ioArmPollHandler(ctx, req, def.pollin()) == IoPoll.IO_APOLL_OK) {
                return;
            }
            needsPoll = false; // aborted or ready: retry once more, as a blocking issue would
        }
        if (ret != 0) {
            ctx.tctx.ioReqTaskQueueFail(req, ret);
        }
    }

    /** io_req_task_submit: a linked, drained or re-polled request is issued from task work. */
    static void ioReqTaskSubmit(IoRingCtx ctx, IoRequest req) {
        ctx.trace.emit(TracePoint.IO_REQ_TASK_SUBMIT, req.userData);
        if ((req.flags & REQ_F_FORCE_ASYNC) != 0) {
            ioQueueIowq(ctx, req);
        } else {
            ioQueueSqe(ctx, req);
        }
    }
}
