package dev.uringlab.core;

import static dev.uringlab.api.Errno.ECANCELED;
import static dev.uringlab.spi.ReqFlags.REQ_F_FAIL;
import static dev.uringlab.spi.ReqFlags.REQ_F_HARDLINK;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.TracePoint;

/**
 * How a link chain advances or fails: io_disarm_next, io_fail_links and io_req_tw_fail_links
 * (io_uring/timeout.c, where the kernel keeps them because linked timeouts live there; no
 * timeout is emulated) and io_queue_next, io_req_find_next (io_uring.c). A member's turn comes
 * when its predecessor is freed from a completion batch; it is issued through task work, as
 * 6.x does. The {@code link-cqe} strategy decides, member by member, which cancelled requests
 * post. Ring owner's thread, {@code uring_lock} held.
 */
final class IoLinks {
    private IoLinks() {}

    /**
     * io_queue_next (v6.18.2 io_uring/io_uring.c:1484, v6.1-rc7 :1282; global, out of line, called by
     * io_free_batch_list for a linked request, :1530-1531 / :1315-1316): the next member of the chain
     * gets its turn, through task work (io_req_task_queue, whose own call is not traced: whether
     * io_queue_next inlines it or tail-calls it no kallsyms says). A kernel whose chain advances
     * inline (5.6, the {@code link-advance} strategy) has no io_queue_next: its free path finds the
     * chain taken already, and no step is traced.
     */
    @OutOfLine("io_queue_next")
    static void ioQueueNext(IoRingCtx ctx, IoRequest req) {
        if (!ctx.linkAdvance.ioQueueNextInline(req)) {
            ctx.trace.step(StepKind.CALL, "io_queue_next");
        }
        IoRequest nxt = ioReqFindNext(ctx, req);
        if (nxt != null) {
            ctx.trace.emit(TracePoint.IO_QUEUE_NEXT, req.userData, nxt.userData);
            ctx.tctx.ioReqTaskQueue(nxt);
        }
    }

    /** io_req_find_next with io_disarm_next: a failed request that is not a hardlink fails the rest of its chain. */
    private static IoRequest ioReqFindNext(IoRingCtx ctx, IoRequest req) {
        if ((req.flags & REQ_F_FAIL) != 0 && (req.flags & REQ_F_HARDLINK) == 0) {
            ioFailLinks(ctx, req);
        }
        IoRequest nxt = req.link;
        req.link = null;
        return nxt;
    }

    /**
     * io_fail_links: the {@code link-cqe} strategy decides, member by member, whether the
     * cancelled requests post (REQ_F_CQE_SKIP); they complete together in one task work.
     */
    private static void ioFailLinks(IoRingCtx ctx, IoRequest req) {
        IoRequest link = ioFailLinksDetach(ctx, req);
        if (link != null) {
            link.twFunc = IoRequest.TW_FAIL_LINKS;
            ctx.tctx.ioReqTaskWorkAdd(link);
        }
    }

    /**
     * io_fail_links as 5.6's io_req_find_next ran it from __io_queue_sqe: the rest of the chain
     * of a request that failed inline is cancelled right there, before the next SQE is read.
     */
    static void ioFailLinksNow(IoRingCtx ctx, IoRequest req) {
        IoRequest link = ioFailLinksDetach(ctx, req);
        if (link != null) {
            ioReqTwFailLinks(ctx, link);
        }
    }

    /** The members of the failed chain, each offered to the link-cqe strategy, detached from {@code req}. */
    private static IoRequest ioFailLinksDetach(IoRingCtx ctx, IoRequest req) {
        IoRequest link = req.link;
        if (link == null) {
            return null;
        }
        int nr = 0;
        for (IoRequest m = link; m != null; m = m.link) {
            ctx.linkCqe.failLink(req, m);
            nr++;
        }
        ctx.counters.add(Counter.LINK_FAILED, nr); // trace_io_uring_fail_link, once per member
        ctx.trace.emit(TracePoint.IO_FAIL_LINKS, req.userData, nr);
        req.link = null;
        return link;
    }

    /** io_req_tw_fail_links: each member completes with -ECANCELED, or its own error if it failed at init. */
    static void ioReqTwFailLinks(IoRingCtx ctx, IoRequest link) {
        if (ctx.trace.on()) {
            int nr = 0;
            for (IoRequest m = link; m != null; m = m.link) {
                nr++;
            }
            ctx.trace.emit(TracePoint.IO_REQ_TW_FAIL_LINKS, link.userData, nr);
        }
        while (link != null) {
            IoRequest nxt = link.link;
            int res = (link.flags & REQ_F_FAIL) != 0 ? link.res : -ECANCELED;
            link.link = null;
            link.setRes(res, 0);
            IoComplete.ioReqCompleteDefer(ctx, link);
            link = nxt;
        }
    }
}
