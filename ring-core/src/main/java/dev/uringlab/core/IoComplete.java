package dev.uringlab.core;

import static dev.uringlab.spi.ReqFlags.REQ_F_FAIL;

import dev.uringlab.core.fs.EmulatedFile;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.TracePoint;

/**
 * Completion, from io_uring/io_uring.c: req_set_fail, io_req_defer_failed,
 * io_req_complete_defer (into {@code compl_reqs}), io_submit_flush_completions (through the
 * {@code completion} strategy, the only way a CQE is posted), io_free_batch_list and
 * io_free_req (through the {@code req-alloc} strategy), and io_req_task_complete. Ring
 * owner's thread, {@code uring_lock} held, except {@link #reqSetFail} with {@code iowq}.
 */
final class IoComplete {
    private IoComplete() {}

    /**
     * req_set_fail: REQ_F_FAIL, then the {@code link-cqe} strategy's hook. On an io-wq worker
     * the hook waits for the owner ({@link IoRingCtx#REQ_F_FAIL_DEFERRED}).
     */
    static void reqSetFail(IoRingCtx ctx, IoRequest req, boolean iowq) {
        ctx.trace.emit(TracePoint.REQ_SET_FAIL, req.userData);
        if (iowq) {
            req.flags |= REQ_F_FAIL | IoRingCtx.REQ_F_FAIL_DEFERRED;
        } else {
            req.flags |= REQ_F_FAIL;
            ctx.linkCqe.reqSetFail(req);
        }
    }

    /** req_fail_link_node. */
    static void reqFailLinkNode(IoRingCtx ctx, IoRequest req, int res) {
        reqSetFail(ctx, req, false);
        req.setRes(res, 0);
    }

    /** io_req_defer_failed: fail the request with {@code res} and complete it. */
    static void ioReqDeferFailed(IoRingCtx ctx, IoRequest req, int res) {
        reqSetFail(ctx, req, false);
        req.setRes(res, 0);
        ioReqCompleteDefer(ctx, req);
    }

    /**
     * io_req_complete_defer: the result is final; it joins {@code compl_reqs}, which the end of the
     * submission or of the task-work run flushes. Where compl_reqs is an array (5.15), the callers
     * the kernel had check it ({@link #ioComplReqsFlushIfFull}).
     */
    static void ioReqCompleteDefer(IoRingCtx ctx, IoRequest req) {
        SubmitState state = ctx.submitState;
        state.add(req);
        ctx.trace.emit(TracePoint.IO_REQ_COMPLETE_DEFER, req.userData, req.res, state.nr);
    }

    /**
     * 5.12 to 5.15, right after a request joined compl_reqs inline (__io_queue_sqe, v5.15
     * fs/io_uring.c:6968-6970; v5.14 :6482-6484) or from task work (io_req_task_complete, v5.15
     * :2668-2670): {@code if (state->compl_nr == ARRAY_SIZE(state->compl_reqs))
     * io_submit_flush_completions(ctx)}, the request with the rest. Nothing where compl_reqs is a
     * list (for-5.16 on: 5.16.10 :1558, v6.1-rc7 io_uring.h:319 add with no check). Requests this
     * engine batches that 5.15 posted at once (a failure's io_req_complete_post) are flushed by the
     * next check, or at the end of the run.
     */
    static void ioComplReqsFlushIfFull(IoRingCtx ctx) {
        if (ctx.submitState.complReqsFull()) {
            ioSubmitFlushCompletions(ctx);
        }
    }

    /**
     * io_req_task_complete (v6.18.2 io_uring/io_uring.c:1695, v6.1-rc7 :1477; global, out of line,
     * called through req->io_task_work.func): a request completed on another thread (io-wq, a poll
     * remove) finishes on the owner.
     */
    @OutOfLine("io_req_task_complete")
    static void ioReqTaskComplete(IoRingCtx ctx, IoRequest req) {
        ctx.trace.step(StepKind.CALL, "io_req_task_complete");
        ctx.trace.emit(TracePoint.IO_REQ_TASK_COMPLETE, req.userData, req.res);
        if ((req.flags & IoRingCtx.REQ_F_FAIL_DEFERRED) != 0) {
            req.flags &= ~IoRingCtx.REQ_F_FAIL_DEFERRED;
            ctx.linkCqe.reqSetFail(req);
        }
        ioReqCompleteDefer(ctx, req);
        ioComplReqsFlushIfFull(ctx);
    }

    /**
     * io_submit_flush_completions: when the batch holds requests or the strategy deferred
     * CQEs, the strategy posts them (__io_submit_flush_completions); then the batch is freed
     * (io_free_batch_list) and drained requests get their turn (io_queue_deferred).
     */
    @OutOfLine("io_submit_flush_completions")
    static void ioSubmitFlushCompletions(IoRingCtx ctx) {
        SubmitState state = ctx.submitState;
        if (state.nr == 0 && !ctx.completion.hasDeferred()) {
            return;
        }
        ctx.trace.emit(TracePoint.IO_SUBMIT_FLUSH_COMPLETIONS, state.nr);
        ctx.completion.flushCompletions(ctx.cq, state);
        if (state.nr != 0) {
            ioFreeBatchList(ctx);
        }
        if (ctx.drainActive) {
            IoDrain.ioQueueDeferred(ctx);
        }
    }

    /** io_free_batch_list: queue each request's next link member, drop its file, give the batch back. */
    @OutOfLine("io_free_batch_list")
    static void ioFreeBatchList(IoRingCtx ctx) {
        SubmitState state = ctx.submitState;
        int n = state.nr;
        IoRequest[] reqs = state.complReqs;
        ctx.trace.emit(TracePoint.IO_FREE_BATCH_LIST, n);
        for (int i = 0; i < n; i++) {
            ioReqFreeBatchEach(ctx, reqs[i]);
        }
        ioFreeBatchCached(ctx);
    }

    /** io_req_free_batch's per-request part: io_queue_next, io_dismantle_req. */
    static void ioReqFreeBatchEach(IoRingCtx ctx, IoRequest req) {
        if ((req.flags & IoSubmit.IO_REQ_LINK_FLAGS) != 0) {
            IoLinks.ioQueueNext(ctx, req);
        }
        ioDismantleReq(ctx, req);
    }

    /** The batch's requests (already dismantled) back to the req-alloc strategy's cache. */
    static void ioFreeBatchCached(IoRingCtx ctx) {
        SubmitState state = ctx.submitState;
        int n = state.nr;
        ctx.nrReqAllocated -= n;
        ctx.reqAlloc.ioFreeBatchList(state);
        ctx.counters.add(Counter.REQ_FREE, n);
        state.nr = 0; // INIT_WQ_LIST: the slots past nr are never read, so nothing is cleared
    }

    /**
     * io_dismantle_req (6.18: io_free_batch_list's io_put_file and io_req_put_rsrc_nodes, v6.18.2
     * io_uring/io_uring.c:1535-1536): a file the request took is put (a fixed file is not,
     * io_uring.h:355), the pinned resource node let go (5.14's percpu_ref, or 6.13's node refs).
     */
    static void ioDismantleReq(IoRingCtx ctx, IoRequest req) {
        if (req.file != null) {
            if ((req.flags & dev.uringlab.spi.ReqFlags.REQ_F_FIXED_FILE) == 0) {
                fput(ctx, req.file); // io_put_file
            }
            req.file = null;
        }
        ctx.rsrc.ioPutRsrcNode(ctx, req);
        ctx.rsrc.ioReqPutRsrcNodes(req);
    }

    /**
     * fput (fs/file_table.c:355 at v5.15: fput_many's atomic_long_sub_and_test, :336; at v6.18.2 :542:
     * file_ref_put, include/linux/file_ref.h:139, whose atomic_long_dec_return, :157, is the locked RMW,
     * inside a preempt guard, no step); not the last reference here. The label is 5.15's.
     */
    @OutOfLine("fput")
    private static void fput(IoRingCtx ctx, EmulatedFile file) {
        ctx.trace.step(StepKind.CALL, "fput");
        ctx.trace.step(StepKind.LOCKED, "atomic_long_sub_and_test(f_count)");
        file.fput();
    }

    /** io_free_req outside a batch (a request never used: its SQE was dropped). */
    static void ioFreeReq(IoRingCtx ctx, IoRequest req) {
        ctx.trace.emit(TracePoint.IO_FREE_REQ, req.userData);
        ctx.nrReqAllocated--;
        ctx.reqAlloc.ioFreeReq(req);
        ctx.counters.inc(Counter.REQ_FREE);
    }

    /**
     * io_flush_cached_locked_reqs: take back the requests io-wq workers completed and posted
     * themselves ({@link IoRingCtx#lockedFreeList}) and give them to the req-alloc strategy.
     * Ring owner's thread, uring_lock held.
     */
    static void ioFlushCachedLockedReqs(IoRingCtx ctx) {
        IoRequest req;
        boolean freed = false;
        while ((req = ctx.lockedFreeList.relaxedPoll()) != null) {
            ioDismantleReq(ctx, req);
            ioFreeReq(ctx, req);
            freed = true;
        }
        if (freed && ctx.drainActive && !ctx.deferList.isEmpty()) {
            IoDrain.ioQueueDeferred(ctx); // what io_commit_cqring_flush does for a drain after a worker's post
        }
    }
}
