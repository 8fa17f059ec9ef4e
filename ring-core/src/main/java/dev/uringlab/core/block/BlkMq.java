package dev.uringlab.core.block;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;

/**
 * block/blk-mq.c (5.14): from a bio to a request and back. blk_mq_submit_bio gives each bio
 * the request of a tag of its hardware queue (the poll queue of the submitting CPU for
 * REQ_HIPRI, else the interrupt queue) and, under a plug, holds it there (NVMe has
 * {@code commit_rqs}, so blk-mq plugs for it) until blk_flush_plug_list issues the lot, else
 * issues it at once; blk_poll polls the hardware queue a cookie names; blk_mq_end_request ends
 * the bio and frees the request and its tag.
 */
final class BlkMq {
    /** BLK_QC_T_NONE, BLK_QC_T_SHIFT: a cookie is tag | queue_num << 16. */
    static final int BLK_QC_T_NONE = -1;
    private static final int BLK_QC_T_SHIFT = 16;

    private BlkMq() {}

    /**
     * blk_mq_submit_bio: __blk_queue_split (a one-segment bio within a page is never split), no
     * merge attempt (nomerges), __blk_mq_alloc_request (the hardware queue, a tag: BLK_MQ_REQ_NOWAIT fails the bio with
     * BLK_STS_AGAIN when there is none; blk_mq_rq_ctx_init on the tag's preallocated request),
     * blk_mq_bio_to_request (blk_account_io_start), then the plug (flushed first when it holds
     * BLK_MAX_REQUEST_COUNT) or direct issue. Returns the cookie for REQ_HIPRI, else BLK_QC_T_NONE.
     */
    @OutOfLine("blk_mq_submit_bio")
    static int blkMqSubmitBio(NvmeDev dev, Bio bio, BlkPlug plug, int cpu, Trace trace) {
        trace.step(StepKind.CALL, "blk_mq_submit_bio");
        RequestQueue q = dev.q;
        int nrSegs = BlkMerge.blkQueueSplit(bio, trace);
        boolean hipri = (bio.biOpf & Bio.REQ_POLLED) != 0;
        BlkMqHwCtx hctx = q.blkMqMapQueue(bio.biOpf, cpu);
        int tag = hctx.tags.blkMqGetTag(cpu);
        if (tag < 0) {
            bio.biStatus = Bio.BLK_STS_AGAIN; // bio_wouldblock_error
            BioSet.bioEndio(bio, cpu, false);
            q.blkQueueExit(cpu);
            return BLK_QC_T_NONE;
        }
        Request rq = blkMqRqCtxInit(hctx, tag, bio.biOpf, cpu);
        int cookie = tag | hctx.queueNum << BLK_QC_T_SHIFT; // request_to_qc_t
        blkMqBioToRequest(rq, bio, nrSegs, trace);
        dev.counters.incShared(Counter.BIO_SUBMIT);
        if (plug != null && plug.started) {
            if (plug.rqCount >= BlkPlug.BLK_MAX_REQUEST_COUNT) {
                BlkCore.blkFlushPlugList(plug, cpu, trace);
            }
            blkAddRqToPlug(plug, rq);
        } else {
            blkMqTryIssueDirectly(hctx, rq, trace);
        }
        return hipri ? cookie : BLK_QC_T_NONE;
    }

    /** blk_mq_rq_ctx_init: the tag's preallocated request, initialised for this bio's queue, CPU and flags; one reference. */
    private static Request blkMqRqCtxInit(BlkMqHwCtx hctx, int tag, int cmdFlags, int cpu) {
        Request rq = hctx.tags.staticRqs[tag];
        rq.mqHctx = hctx;
        rq.mqCtxCpu = cpu;
        rq.cmdFlags = cmdFlags;
        rq.bio = null;
        rq.nrPhysSegments = 0;
        rq.queuelistNext = null;
        rq.state = Request.MQ_RQ_IDLE; // WRITE_ONCE(rq->deadline, 0) and the other resets
        rq.refcountSet(1);
        hctx.queued++;
        return rq;
    }

    /** blk_mq_bio_to_request: sector, length, segments and the bio (blk_rq_bio_prep), then blk_account_io_start. */
    private static void blkMqBioToRequest(Request rq, Bio bio, int nrSegs, Trace trace) {
        rq.sector = bio.biSector;
        rq.dataLen = bio.biSize;
        rq.nrPhysSegments = nrSegs;
        rq.bio = bio;
        BlkCore.blkAccountIoStart(rq, trace);
    }

    /** blk_add_rq_to_plug: the request at the tail of plug->mq_list. */
    private static void blkAddRqToPlug(BlkPlug plug, Request rq) {
        if (plug.mqTail == null) {
            plug.mqHead = rq;
        } else {
            plug.mqTail.queuelistNext = rq;
        }
        plug.mqTail = rq;
        plug.rqCount++;
    }

    /** blk_mq_try_issue_directly: hctx_lock (an RCU read section: the queue is not BLK_MQ_F_BLOCKING), queue_rq as the last. */
    private static void blkMqTryIssueDirectly(BlkMqHwCtx hctx, Request rq, Trace trace) {
        trace.step(StepKind.RCU, "rcu_read_lock(hctx_lock)");
        blkMqIssueDirectly(hctx, rq, true);
    }

    /**
     * __blk_mq_try_issue_directly and __blk_mq_issue_directly: blk_mq_get_driver_tag (the tag is
     * the driver tag: tags->rqs[tag] = rq), then queue_rq with {@code last}.
     */
    private static void blkMqIssueDirectly(BlkMqHwCtx hctx, Request rq, boolean last) {
        hctx.tags.rqs[rq.tag] = rq;
        hctx.driverData.nvmeQueueRq(hctx, rq, last);
    }

    /**
     * blk_mq_flush_plug_list: take the plug's list (one hardware queue: every request of a
     * submitter goes to its CPU's queue), then blk_mq_sched_insert_requests for it.
     */
    @OutOfLine("blk_mq_flush_plug_list")
    static void blkMqFlushPlugList(NvmeDev dev, BlkPlug plug, int cpu, Trace trace) {
        trace.step(StepKind.CALL, "blk_mq_flush_plug_list");
        Request list = plug.mqHead;
        plug.mqHead = null;
        plug.mqTail = null;
        plug.rqCount = 0;
        BlkMqSched.blkMqSchedInsertRequests(dev, list.mqHctx, list, cpu, trace);
    }

    /**
     * blk_mq_try_issue_list_directly: each request off the list, issued with hctx_lock held
     * (blk_mq_request_issue_directly), {@code last} for the one that empties the list. Every
     * issue succeeds here, so no commit_rqs follows.
     */
    @OutOfLine("blk_mq_try_issue_list_directly")
    static void blkMqTryIssueListDirectly(BlkMqHwCtx hctx, Request list, Trace trace) {
        trace.step(StepKind.CALL, "blk_mq_try_issue_list_directly");
        Request rq = list;
        while (rq != null) {
            Request next = rq.queuelistNext;
            rq.queuelistNext = null;
            trace.step(StepKind.RCU, "rcu_read_lock(hctx_lock)");
            blkMqIssueDirectly(hctx, rq, next == null);
            rq = next;
        }
    }

    /** blk_mq_start_request: blk_add_timer, then the request is in flight. */
    @OutOfLine("blk_mq_start_request")
    static void blkMqStartRequest(Request rq, Trace trace) {
        trace.step(StepKind.CALL, "blk_mq_start_request");
        BlkCore.blkAddTimer(rq, trace);
        rq.state = Request.MQ_RQ_IN_FLIGHT; // WRITE_ONCE
    }

    /**
     * blk_poll: a cookie that names no queue, or a queue without QUEUE_FLAG_POLL, is 0; else the
     * hardware queue it names is polled through q->mq_ops->poll once (spin is false: io_uring
     * polls again itself), counting poll_considered, poll_invoked and poll_success.
     */
    @OutOfLine("blk_poll")
    static int blkPoll(NvmeDev dev, int cookie, int cpu, Trace trace) {
        trace.step(StepKind.CALL, "blk_poll");
        RequestQueue q = dev.q;
        if (cookie == BLK_QC_T_NONE || !q.queueFlagPoll()) {
            return 0;
        }
        BlkMqHwCtx hctx = q.queueHwCtx[cookie >>> BLK_QC_T_SHIFT];
        hctx.pollConsidered++;
        hctx.pollInvoked++;
        int ret = hctx.driverData.nvmePoll(cpu);
        dev.trace.emit(TracePoint.BIO_POLL, hctx.queueNum, ret);
        if (ret > 0) {
            hctx.pollSuccess++;
            return ret;
        }
        return 0;
    }

    /** blk_mq_tag_to_rq: tags->rqs[tag]. */
    @OutOfLine("blk_mq_tag_to_rq")
    static Request blkMqTagToRq(BlkMqTags tags, int tag, Trace trace) {
        trace.step(StepKind.CALL, "blk_mq_tag_to_rq");
        return tags.rqs[tag];
    }

    /**
     * blk_mq_complete_request_remote: the request is MQ_RQ_COMPLETE; a polled one is completed
     * by the caller (false), and so is one completed on the CPU it was submitted on (no IPI).
     */
    @OutOfLine("blk_mq_complete_request_remote")
    static boolean blkMqCompleteRequestRemote(Request rq, Trace trace) {
        trace.step(StepKind.CALL, "blk_mq_complete_request_remote");
        rq.state = Request.MQ_RQ_COMPLETE; // WRITE_ONCE
        return false;
    }

    /**
     * blk_mq_end_request: blk_update_request (which ends the bio), then __blk_mq_end_request:
     * blk_account_io_done, blk_mq_free_request.
     */
    @OutOfLine("blk_mq_end_request")
    static void blkMqEndRequest(Request rq, int status, int cpu, boolean irq, Trace trace) {
        trace.step(StepKind.CALL, "blk_mq_end_request");
        BlkCore.blkUpdateRequest(rq, status, cpu, irq, trace);
        BlkCore.blkAccountIoDone(rq, trace);
        blkMqFreeRequest(rq, trace);
    }

    /**
     * blk_mq_free_request: MQ_RQ_IDLE, and the last reference (refcount_dec_and_test) frees it:
     * __blk_mq_free_request gives the tag back (blk_mq_put_tag, on the CPU the request was
     * allocated on) and drops the queue reference (blk_queue_exit).
     */
    private static void blkMqFreeRequest(Request rq, Trace trace) {
        rq.state = Request.MQ_RQ_IDLE; // WRITE_ONCE
        trace.step(StepKind.LOCKED, "refcount_dec_and_test(rq->ref)");
        if (rq.refcountDecAndTest()) {
            BlkMqHwCtx hctx = rq.mqHctx;
            rq.mqHctx = null;
            rq.bio = null;
            hctx.tags.blkMqPutTag(rq.tag, rq.mqCtxCpu);
            hctx.driverData.dev.q.blkQueueExit(rq.mqCtxCpu);
        }
    }
}
