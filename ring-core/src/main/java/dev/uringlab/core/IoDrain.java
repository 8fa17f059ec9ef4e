package dev.uringlab.core;

import static dev.uringlab.spi.ReqFlags.REQ_F_FORCE_ASYNC;
import static dev.uringlab.spi.ReqFlags.REQ_F_IO_DRAIN;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.trace.TracePoint;

/**
 * IOSQE_IO_DRAIN, from io_uring/io_uring.c: io_init_req_drain, io_drain_req and
 * io_queue_deferred. A drained request (with its chain) waits on {@code ctx->defer_list}
 * until every request submitted before it has completed, counted as the kernel counts
 * since 6.16: requests allocated against requests deferred. Ring owner's thread,
 * {@code uring_lock} held; the state is {@link IoRingCtx}'s drain fields.
 */
final class IoDrain {
    private IoDrain() {}

    /** io_init_req_drain: drain is active; a chain being assembled is drained too, and the next request starts a drain. */
    static void ioInitDrain(IoRingCtx ctx) {
        ctx.drainActive = true;
        IoRequest head = ctx.submitState.linkHead;
        if (head != null) {
            head.flags |= REQ_F_IO_DRAIN | REQ_F_FORCE_ASYNC;
            ctx.drainNext = true;
        }
    }

    /** io_init_req while drain is active: the request takes the slow queue path, where it is drained. */
    static void ioInitReqDrain(IoRingCtx ctx, IoRequest req) {
        if (ctx.drainActive || ctx.drainNext) {
            if (ctx.drainActive) {
                req.flags |= REQ_F_FORCE_ASYNC; // knock it to the slow queue path, drained there
            }
            if (ctx.drainNext && ctx.submitState.linkHead == null) {
                ctx.drainNext = false;
                ctx.drainActive = true;
                req.flags |= REQ_F_IO_DRAIN | REQ_F_FORCE_ASYNC;
            }
        }
    }

    /** io_drain_req: the request (with its chain) waits on the defer list. */
    static void ioDrainReq(IoRingCtx ctx, IoRequest req) {
        IoComplete.ioFlushCachedLockedReqs(ctx); // requests a worker posted are no longer in flight
        boolean drain = (req.flags & REQ_F_IO_DRAIN) != 0;
        ctx.counters.inc(Counter.REQ_DEFERRED); // trace_io_uring_defer
        ctx.trace.emit(TracePoint.IO_DRAIN_REQ, req.userData);
        ctx.nrDrained += ioLinkedNr(req);
        ctx.deferList.addLast(req);
        ioQueueDeferred(ctx);
        if (!drain && ctx.deferList.isEmpty()) {
            ctx.drainActive = false;
        }
    }

    private static int ioLinkedNr(IoRequest req) {
        int nr = 0;
        for (IoRequest r = req; r != null; r = r.link) {
            nr++;
        }
        return nr;
    }

    /**
     * io_queue_deferred: a deferred request goes once every request allocated is a deferred
     * one (nothing submitted before it is still in flight); behind a drain, everything waits.
     */
    static void ioQueueDeferred(IoRingCtx ctx) {
        boolean drainSeen = false;
        boolean first = true;
        while (!ctx.deferList.isEmpty()) {
            IoRequest req = ctx.deferList.peekFirst();
            drainSeen |= (req.flags & REQ_F_IO_DRAIN) != 0;
            if ((drainSeen || first) && ctx.nrReqAllocated != ctx.nrDrained) {
                return;
            }
            ctx.deferList.pollFirst();
            ctx.nrDrained -= ioLinkedNr(req);
            ctx.trace.emit(TracePoint.IO_QUEUE_DEFERRED, req.userData);
            ctx.tctx.ioReqTaskQueue(req);
            first = false;
        }
    }
}
