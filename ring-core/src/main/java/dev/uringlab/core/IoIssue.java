package dev.uringlab.core;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.Errno.EBADF;
import static dev.uringlab.spi.ReqFlags.REQ_F_CQE_SKIP;
import static dev.uringlab.spi.ReqFlags.REQ_F_FAIL;
import static dev.uringlab.spi.ReqFlags.REQ_F_FIXED_FILE;
import static dev.uringlab.spi.ReqFlags.REQ_F_FORCE_ASYNC;
import static dev.uringlab.spi.ReqFlags.REQ_F_HARDLINK;
import static dev.uringlab.spi.ReqFlags.REQ_F_LINK;

import dev.uringlab.core.fs.EmulatedFile;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.TracePoint;

/**
 * Issue, from io_uring/io_uring.c: io_queue_sqe, io_queue_async, io_queue_sqe_fallback,
 * io_issue_sqe (which runs the opcode's {@link OpDef} entry), io_queue_iowq,
 * io_wq_submit_work and io_req_task_submit. The owner's thread with {@code uring_lock} held,
 * except {@link #ioWqSubmitWork} on an io-wq worker.
 */
final class IoIssue {
    private IoIssue() {}

    /** What {@link #ioIssueSqe} returns when an io-wq worker posted the request's CQE itself. */
    private static final int IOU_POSTED = 1;

    /**
     * io_queue_sqe: issue inline; a failure goes to io_queue_async. A request that completed
     * leaves its next link member to io_free_batch_list, which queues it as task work; where the
     * {@code link-advance} strategy issues a chain inline (5.6), the whole of it is
     * {@link #ioQueueSqeChain}'s instead.
     */
    static void ioQueueSqe(IoRingCtx ctx, IoRequest req) {
        if (ctx.linkAdvance.ioQueueNextInline(req)) {
            ioQueueSqeChain(ctx, req);
            return;
        }
        int ret = ioIssueSqe(ctx, req, false);
        if (ret == IoRingCtx.IOU_OK) {
            IoComplete.ioComplReqsFlushIfFull(ctx); // 5.15's __io_queue_sqe, after the request joined
        } else if (ret != IoRingCtx.IOU_ISSUE_SKIP_COMPLETE) {
            ioQueueAsync(ctx, req, ret);
        }
    }

    /**
     * __io_queue_sqe (5.6, out of line): issue; when the request completed at once, the next
     * member of its chain comes from io_put_req_find_next and is issued right here
     * ({@code goto again}), or punted to io-wq when forced async. The {@code completion} strategy
     * of that kernel posts at completion, so each request's CQE is posted and the request freed
     * before the next member is issued.
     */
    @OutOfLine("__io_queue_sqe")
    private static void ioQueueSqeChain(IoRingCtx ctx, IoRequest req) {
        ctx.trace.step(StepKind.CALL, "__io_queue_sqe");
        while (true) {
            int ret = ioIssueSqe(ctx, req, false);
            if (ret == IoRingCtx.IOU_ISSUE_SKIP_COMPLETE) {
                return;
            }
            if (ret != IoRingCtx.IOU_OK) {
                ioQueueAsync(ctx, req, ret);
                postAtCompletion(ctx);
                return;
            }
            IoRequest nxt = req.link;
            if (nxt == null || ctx.drainActive) {
                postAtCompletion(ctx);
                return;
            }
            if ((req.flags & REQ_F_FAIL) != 0 && (req.flags & REQ_F_HARDLINK) == 0) {
                IoLinks.ioFailLinksNow(ctx, req); // io_req_find_next: the rest of the chain is cancelled here
                postAtCompletion(ctx);
                return;
            }
            req.link = null; // the chain moves on here: io_free_batch_list finds no next member
            ctx.trace.emit(TracePoint.IO_PUT_REQ_FIND_NEXT, req.userData, nxt.userData);
            postAtCompletion(ctx);
            if ((nxt.flags & REQ_F_FORCE_ASYNC) != 0) {
                ioQueueIowq(ctx, nxt, false); // 5.6's goto punt: io_queue_async_work, not CONCURRENT
                return;
            }
            req = nxt;
        }
    }

    /**
     * 5.6: the handler posted its CQE (io_cqring_add_event) and the puts of the issue path freed
     * the request; here both happen as soon as the issue path is done with it. Nothing for a
     * {@code completion} strategy that batches.
     */
    private static void postAtCompletion(IoRingCtx ctx) {
        if (ctx.completion.postsAtCompletion()) {
            IoComplete.ioSubmitFlushCompletions(ctx);
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
            case IoPoll.IO_APOLL_ABORTED -> ioQueueIowq(ctx, req, false);
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
            ioQueueIowq(ctx, req, true); // IOSQE_ASYNC: 5.6's io_queue_sqe marks it IO_WQ_WORK_CONCURRENT (fs/io_uring.c:4815)
        }
    }

    /**
     * io_issue_sqe: resolve the file (io_assign_file), run the opcode's issue, and complete
     * it: into the completion batch inline (IO_URING_F_COMPLETE_DEFER), or, from an io-wq
     * worker, io_req_complete_post as the {@code iowq-complete} strategy has it: posted by the
     * worker ({@link #IOU_POSTED}) or through the owner's task work. Returns IOU_OK (completed),
     * IOU_ISSUE_SKIP_COMPLETE (it completes later by itself), IOU_POSTED, or the -errno the
     * caller fails the request with.
     */
    static int ioIssueSqe(IoRingCtx ctx, IoRequest req, boolean iowq) {
        OpDef def = OpDef.of(req.opcode);
        if (req.file == null && def.needsFile()) {
            req.file = (req.flags & REQ_F_FIXED_FILE) != 0 ? ctx.rsrc.ioFileGetFixed(ctx, req, req.fd)
                    : ioFileGetNormal(ctx, req.fd);
            if (req.file == null) {
                return -EBADF;
            }
        }
        int ret = def.issue().issue(ctx, req, iowq);
        ctx.trace.emit(TracePoint.IO_ISSUE_SQE, req.userData, req.opcode, ret);
        if (ret == IoRingCtx.IOU_OK) {
            if (!iowq) {
                IoComplete.ioReqCompleteDefer(ctx, req);
            } else if ((req.flags & (REQ_F_FAIL | IoRingCtx.REQ_F_FAIL_DEFERRED)) == 0 && !ctx.drainActive
                    && ioReqCompletePost(ctx, req)) {
                return IOU_POSTED; // a failure (its link hooks) and drain accounting stay the owner's
            } else {
                req.twFunc = IoRequest.TW_COMPLETE; // io_req_task_complete on the owner
                ctx.tctx.ioReqTaskWorkAdd(req);
            }
        }
        return ret;
    }

    /**
     * io_file_get_normal: fget (fs/file.c:878 at v5.15, out of line), whose __fget_files looks the
     * fd up under rcu_read_lock (:849) and takes a reference with get_file_rcu_many, an
     * atomic_long_add_unless (a locked cmpxchg). io_dismantle_req's fput gives it back.
     */
    private static EmulatedFile ioFileGetNormal(IoRingCtx ctx, int fd) {
        return fget(ctx, fd);
    }

    /**
     * io_file_get_normal (v6.18.2 io_uring/io_uring.c:2017; global, out of line where io_nop calls it from
     * nop.c:67, another file): fget (:2019), trace_io_uring_file_get (:2021, a tracepoint: a static
     * branch, off), and io_is_uring_fops (:2024): a comparison of {@code f_op}, inlined in io_uring.c at
     * -O2 (its 32-byte copy in 6.18.44's kallsyms serves other files), no step.
     */
    @OutOfLine("io_file_get_normal")
    static EmulatedFile ioFileGetNormalCall(IoRingCtx ctx, int fd) {
        ctx.trace.step(StepKind.CALL, "io_file_get_normal");
        return fget(ctx, fd);
    }

    /**
     * fget (fs/file.c:878 at v5.15): __fget_files under rcu_read_lock (:849), get_file_rcu_many (:859).
     * v6.18.2 the same steps: fget (fs/file.c:1082, 176 bytes in 6.18.44's kallsyms with __fget and
     * __fget_files inlined), rcu_read_lock (:1070), file_ref_get (:1025; include/linux/file_ref.h:108,
     * atomic_long_add_negative: the locked RMW). The labels are 5.15's.
     */
    @OutOfLine("fget")
    private static EmulatedFile fget(IoRingCtx ctx, int fd) {
        ctx.trace.step(StepKind.CALL, "fget");
        ctx.trace.step(StepKind.RCU, "rcu_read_lock(__fget_files)");
        ctx.trace.step(StepKind.LOCKED, "get_file_rcu_many(f_count)");
        return ctx.fileTable.fget(fd);
    }

    /** io_req_complete_post on the worker: the {@code iowq-complete} strategy posts or leaves it to task work. */
    private static boolean ioReqCompletePost(IoRingCtx ctx, IoRequest req) {
        ctx.trace.emit(TracePoint.IO_REQ_COMPLETE_POST, req.userData, req.res);
        return ctx.iowqComplete.ioReqCompletePost(ctx.cq, req, ctx.setupFlags);
    }

    /**
     * io_queue_iowq (5.6: io_queue_async_work): punt to an io-wq worker.
     *
     * @param concurrent IO_WQ_WORK_CONCURRENT, which 5.6's io-wq honours (IOSQE_ASYNC's punt)
     */
    static void ioQueueIowq(IoRingCtx ctx, IoRequest req, boolean concurrent) {
        ctx.trace.emit(TracePoint.IO_QUEUE_IOWQ, req.userData);
        ctx.ioWq.ioWqEnqueue(req, concurrent);
    }

    /**
     * io_wq_submit_work, on an io-wq worker (or inline in deterministic mode), running the chain
     * on as the worker keeps it (io_wq_free_work). Failures go back as task work.
     */
    static void ioWqSubmitWork(IoRingCtx ctx, IoRequest req) {
        while (req != null) {
            if (!postedOnWorker(ctx, req)) {
                return;
            }
            req = ioWqFreeWork(ctx, req);
        }
    }

    /**
     * The issue on a worker. A forced-async request whose opcode can wait for readiness
     * (READ/WRITE on a pollable file) is issued non-blocking and, on -EAGAIN, arms the internal
     * poll instead of blocking the worker (IOU_ISSUE_SKIP_COMPLETE: it completes by itself);
     * otherwise -EAGAIN is final.
     */
    private static int ioIssueOnWorker(IoRingCtx ctx, IoRequest req) {
        OpDef def = OpDef.of(req.opcode);
        boolean needsPoll = (req.flags & REQ_F_FORCE_ASYNC) != 0 && (def.pollin() || def.pollout());
        while (true) {
            int ret = ioIssueSqe(ctx, req, true);
            if (ret != -EAGAIN || !needsPoll) {
                return ret;
            }
            if (IoPoll.ioArmPollHandler(ctx, req, def.pollin()) == IoPoll.IO_APOLL_OK) {
                return IoRingCtx.IOU_ISSUE_SKIP_COMPLETE;
            }
            needsPoll = false; // aborted or ready: retry once more, as a blocking issue would
        }
    }

    /** A worker's request that did not post: an error goes back to the owner as task work. */
    private static void failOnWorker(IoRingCtx ctx, IoRequest req, int ret) {
        if (ret != IoRingCtx.IOU_OK && ret != IoRingCtx.IOU_ISSUE_SKIP_COMPLETE) {
            ctx.tctx.ioReqTaskQueueFail(req, ret);
        }
    }

    /**
     * 5.6's io-wq running one work (v5.6.4 fs/io-wq.c:505-511): {@code wq->get_work}, io-wq's
     * reference (io_get_work), then {@code work->func} (io_wq_submit_work).
     *
     * @return whether the request completed and posted on the worker
     */
    static boolean ioWqRunWork(IoRingCtx ctx, IoRequest req) {
        ioGetWork(ctx, req);
        return ioWqSubmitWorkRefs(ctx, req);
    }

    /** io_get_work (v5.6 fs/io_uring.c:5942, out of line: io-wq calls it through wq->get_work): refcount_inc (:5946). */
    @OutOfLine("io_get_work")
    private static void ioGetWork(IoRingCtx ctx, IoRequest req) {
        ctx.trace.step(StepKind.CALL, "io_get_work");
        ctx.reqAlloc.ioGetWork(req);
    }

    /**
     * io_wq_submit_work's issue, whichever kernel's shape runs it: traced, then issued on the
     * worker; a request that did not post is failed back to its owner ({@code failOnWorker}).
     *
     * @return whether the request completed and posted on the worker
     */
    private static boolean postedOnWorker(IoRingCtx ctx, IoRequest req) {
        ctx.trace.emit(TracePoint.IO_WQ_SUBMIT_WORK, req.userData);
        int ret = ioIssueOnWorker(ctx, req);
        if (ret != IOU_POSTED) {
            failOnWorker(ctx, req, ret);
            return false;
        }
        return true;
    }

    /**
     * io_wq_submit_work of 5.6 (fs/io_uring.c:4521-4561, out of line: io-wq calls it through
     * work->func): the issue; a NOP posts its CQE on the worker and drops its completion
     * reference (io_nop, :2407-2408), then the submission reference goes (:4549-4550). A request
     * that did not post is the owner's, as {@link #ioWqSubmitWork} has it.
     */
    @OutOfLine("io_wq_submit_work")
    private static boolean ioWqSubmitWorkRefs(IoRingCtx ctx, IoRequest req) {
        ctx.trace.step(StepKind.CALL, "io_wq_submit_work");
        if (!postedOnWorker(ctx, req)) {
            return false;
        }
        ctx.reqAlloc.ioPutReqOnWorker(req); // io_nop's io_put_req, after its CQE
        ctx.reqAlloc.ioPutReqOnWorker(req); // "drop submission reference"
        return true;
    }

    /**
     * io_put_work (v5.6 fs/io_uring.c:5935, out of line: io-wq calls it through wq->put_work after
     * the work ran, v5.6.4 fs/io-wq.c:467-468): io-wq's reference goes with io_put_req. For a
     * request that posted it is the last: io_free_req (:1466-1475) finds the next member of its
     * chain, frees the request, and queues the member to io-wq (io_queue_async_work, not
     * CONCURRENT). An allocation that does not free on the worker gets the request back on the
     * owner, through the locked free list.
     */
    @OutOfLine("io_put_work")
    static void ioPutWork(IoRingCtx ctx, IoRequest req, boolean posted) {
        ctx.trace.step(StepKind.CALL, "io_put_work");
        IoRequest nxt = null;
        if (posted) {
            nxt = req.link; // io_req_find_next, before the request is freed
            req.link = null;
        }
        long userData = req.userData;
        if (ctx.reqAlloc.ioPutReqOnWorker(req)) {
            ctx.trace.emit(TracePoint.IO_FREE_REQ, userData);
        } else if (posted) {
            ctx.lockedFreeList.offer(req); // release: the owner's poll sees the request whole
        }
        if (nxt != null) {
            ioQueueIowq(ctx, nxt, false);
        }
    }

    /**
     * io_wq_submit_work (v6.18.2 io_uring/io_uring.c:1902, out of line: io-wq.c:650 calls it) for
     * one work of {@link IoWqAcct}'s worker: two references set (:1911-1912, a plain atomic_set),
     * the issue (:1960); a NOP completes there and io_req_complete_post (:993) posts its CQE under
     * the completion lock (the {@code iowq-complete} strategy), then drops the completion's
     * reference, req_ref_put (:1028, atomic_dec: a locked RMW; io-wq keeps the other). A request
     * that did not post is the owner's, as {@link #ioWqSubmitWork} has it.
     *
     * @return whether the request completed and posted on the worker
     */
    @OutOfLine("io_wq_submit_work")
    static boolean ioWqSubmitWorkAcct(IoRingCtx ctx, IoRequest req) {
        ctx.trace.step(StepKind.CALL, "io_wq_submit_work");
        if (!postedOnWorker(ctx, req)) {
            return false;
        }
        ctx.trace.step(StepKind.LOCKED, "atomic_dec(req->refs)"); // io_req_complete_post's req_ref_put
        return true;
    }

    /**
     * io_wq_free_work (v6.18.2 io_uring/io_uring.c:1889, out of line: io-wq.c:653 calls it) for
     * {@link IoWqAcct}'s worker: io-wq's reference goes (req_ref_put_and_test_atomic, :1894); for
     * a request that posted it is the last, and io_free_req (:1897) sends the request back to the
     * owner with the next member of its chain (io_req_find_next, :1896) returned for the worker to
     * run. A request that did not post went to the owner's task work holding the other reference.
     */
    @OutOfLine("io_wq_free_work")
    static IoRequest ioWqFreeWorkAcct(IoRingCtx ctx, IoRequest req, boolean posted) {
        ctx.trace.step(StepKind.CALL, "io_wq_free_work");
        ctx.trace.step(StepKind.LOCKED, "atomic_dec_and_test(req->refs)");
        return posted ? ioWqFreeWork(ctx, req) : null;
    }

    /**
     * io_wq_free_work (5.7 on; 5.6 is {@link #ioPutWork}): the worker is done with a request it posted;
     * the request goes back to the owner (through task work, or the locked free list: the
     * {@code iowq-complete} strategy's {@link dev.uringlab.spi.IoWqCompletion#ioFreeReqViaTaskWork()})
     * and the worker runs the next member of its chain itself.
     */
    private static IoRequest ioWqFreeWork(IoRingCtx ctx, IoRequest req) {
        IoRequest nxt = req.link;
        req.link = null;
        ctx.trace.emit(TracePoint.IO_WQ_FREE_WORK, req.userData, nxt == null ? 0 : nxt.userData);
        if (ctx.iowqComplete.ioFreeReqViaTaskWork()) {
            ioFreeReq(ctx, req);
        } else {
            ctx.lockedFreeList.offer(req); // release: the owner's poll sees the request whole
        }
        return nxt;
    }

    /**
     * io_free_req (6.4 on; v6.18.2 io_uring/io_uring.c:1082, __cold, out of line): only free it, post
     * nothing (REQ_F_CQE_SKIP), from the owner's task work (io_req_task_complete).
     */
    @OutOfLine("io_free_req")
    private static void ioFreeReq(IoRingCtx ctx, IoRequest req) {
        ctx.trace.step(StepKind.CALL, "io_free_req");
        req.flags |= REQ_F_CQE_SKIP;
        req.twFunc = IoRequest.TW_COMPLETE;
        ctx.tctx.ioReqTaskWorkAdd(req);
    }

    /**
     * io_req_task_submit (v6.18.2 io_uring/io_uring.c:1458, v6.1-rc7 :1259; global, out of line): a
     * linked, drained or re-polled request is issued from task work, called through
     * req->io_task_work.func (v6.18.2 :1153, v6.1-rc7 :1042) or by io_apoll_task_func (poll.c).
     */
    @OutOfLine("io_req_task_submit")
    static void ioReqTaskSubmit(IoRingCtx ctx, IoRequest req) {
        ctx.trace.step(StepKind.CALL, "io_req_task_submit");
        ctx.trace.emit(TracePoint.IO_REQ_TASK_SUBMIT, req.userData);
        if ((req.flags & REQ_F_FORCE_ASYNC) != 0) {
            ioQueueIowq(ctx, req, false);
        } else {
            ioQueueSqe(ctx, req);
        }
    }
}
