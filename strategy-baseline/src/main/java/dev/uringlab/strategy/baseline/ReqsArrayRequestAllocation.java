package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.PercpuRef;
import dev.uringlab.spi.RequestAllocation;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import java.util.ArrayDeque;

/**
 * Request allocation as in Linux 5.15 (fs/io_uring.c), before "squeeze more performance"
 * (seed 001): a two-tier per-ring cache. io_alloc_req takes the request at the top of the
 * submit state's array ({@code submit_state.reqs[IO_REQ_CACHE_SIZE]}, {@code free_reqs});
 * when the array is empty, io_flush_cached_reqs refills it from the submit-side
 * {@code free_list} (taking {@code ctx->locked_free_list} first when more than IO_COMPL_BATCH
 * wait there), and only when both are empty does kmem_cache_alloc_bulk fetch
 * IO_REQ_ALLOC_BATCH fresh requests from the slab. A flushed completion batch gives its
 * requests back one by one (io_req_free_batch): into the array while it has room, else onto
 * {@code free_list}. Requests reach the slab again only at ring exit (io_req_caches_free).
 *
 * <p>Trade-off: the steady state never touches the slab (about 0 bytes per NOP), but every
 * request passes through two structures (array and list) and the fast path of io_alloc_req
 * checks two of them before it finds the slow one; 5.16 keeps one singly linked list.
 *
 * <p>Each request in flight holds a reference to the ring's context, batched per call:
 * io_submit_sqes takes one per SQE it may consume ({@code percpu_ref_tryget_many(&ctx->refs, nr)},
 * fs/io_uring.c:7268 at v5.15) and puts the unused ones back (:7297); io_req_free_batch counts the
 * requests a flush frees ({@code ctx_refs}) and io_req_free_batch_finish puts them in one
 * {@code percpu_ref_put_many} (:2291). Each is an RCU read section ({@link PercpuRef}). What the
 * emulator has no counterpart for: the task references batched beside them (io_get_task_refs,
 * io_put_task: plain arithmetic on {@code tctx->cached_refs} while the submitter frees its own
 * requests), and __io_free_req's {@code percpu_ref_put} for a request freed outside a batch.
 *
 * <p>Threading: every method but {@link #ioFreeReq} runs on the ring owner's thread with
 * {@code uring_lock} held (the SPI's rule), so the array, its count and {@code free_list} are
 * plain fields, as {@code submit_state} is in the kernel; {@code locked_free_list} is guarded
 * by its own lock ({@link RequestAllocation.LockedFreeList}).
 */
public final class ReqsArrayRequestAllocation implements RequestAllocation {
    /** IO_REQ_CACHE_SIZE: ARRAY_SIZE(submit_state.reqs). */
    static final int IO_REQ_CACHE_SIZE = 32;
    /** IO_COMPL_BATCH: ARRAY_SIZE(submit_state.compl_reqs), the array beside {@code reqs[]} (v5.15 fs/io_uring.c:298, 322). */
    static final int IO_COMPL_BATCH = 32;

    private final KmemCache<IoKiocb> reqCachep;
    private final Counters counters;
    /** submit_state.reqs[]: the first {@link #freeReqs} slots are free requests. */
    private final IoKiocb[] reqs = new IoKiocb[IO_REQ_CACHE_SIZE];
    /** submit_state.free_reqs. */
    private int freeReqs;
    /** submit_state.free_list: a list_head, added to and taken from at the head. */
    private final ArrayDeque<IoKiocb> freeList = new ArrayDeque<>();
    /** ctx->locked_free_list. */
    private final LockedFreeList lockedFreeList;
    private final Trace trace;
    /** ctx->refs. */
    private final PercpuRef ctxRefs;
    /** io_submit_sqes' {@code nr}: the references its tryget took. */
    private int nr;

    ReqsArrayRequestAllocation(KmemCache<IoKiocb> reqCachep, Counters counters, Trace trace, PercpuRef ctxRefs) {
        this.reqCachep = reqCachep;
        this.counters = counters;
        this.trace = trace;
        this.ctxRefs = ctxRefs;
        this.lockedFreeList = new LockedFreeList(counters);
    }

    /** io_submit_sqes: {@code percpu_ref_tryget_many(&ctx->refs, nr)}, one reference per SQE it may consume. */
    @Override
    public void ioSubmitStateStart(int nr) {
        this.nr = nr;
        ctxRefs.tryGetMany(nr);
    }

    /** io_submit_sqes' end: the references of the SQEs it did not consume, {@code percpu_ref_put_many}. */
    @Override
    public void ioSubmitStateEnd(int submitted) {
        if (submitted != nr) {
            ctxRefs.putMany(nr - submitted);
        }
    }

    /**
     * io_alloc_req: the top of the array; when it is empty, io_flush_cached_reqs; when that
     * finds nothing either, kmem_cache_alloc_bulk(IO_REQ_ALLOC_BATCH) into the array. (The
     * kernel's single kmem_cache_alloc fallback for a failed bulk call has no counterpart: the
     * emulated slab never fails.)
     */
    @Override
    public IoKiocb ioAllocReq() {
        if (freeReqs == 0 && !ioFlushCachedReqs()) {
            counters.inc(Counter.REQ_BULK_ALLOC);
            freeReqs = reqCachep.kmemCacheAllocBulk(reqs, IO_REQ_ALLOC_BATCH);
        }
        return reqs[--freeReqs];
    }

    /**
     * io_flush_cached_reqs: take the locked list when more than IO_COMPL_BATCH wait there
     * (io_flush_cached_locked_reqs), then move requests from {@code free_list} into the array
     * until it is full or the list is empty (list_del each).
     *
     * @return whether the array now holds a request
     */
    private boolean ioFlushCachedReqs() {
        counters.inc(Counter.REQ_CACHE_REFILL);
        if (lockedFreeList.lockedFreeNr() > LockedFreeList.IO_COMPL_BATCH) {
            lockedFreeList.ioFlushCachedLockedReqs(freeList);
        }
        int nr = freeReqs;
        IoKiocb req;
        while (nr < reqs.length && (req = freeList.poll()) != null) {
            reqs[nr++] = req;
        }
        if (nr != 0) {
            trace.emit(TracePoint.IO_FLUSH_CACHED_REQS, nr);
        }
        freeReqs = nr;
        return nr != 0;
    }

    /** io_free_req (__io_free_req): onto ctx->locked_free_list under the completion lock. */
    @Override
    public void ioFreeReq(IoKiocb req) {
        lockedFreeList.add(req);
    }

    /** io_submit_flush_completions' free loop: io_req_free_batch for each request of the batch. */
    @Override
    public void ioFreeBatchList(CompletionBatch batch) {
        int n = batch.size();
        for (int i = 0; i < n; i++) {
            ioReqFreeBatch(batch.get(i));
        }
        if (n != 0) {
            ctxRefs.putMany(n); // io_req_free_batch_finish: percpu_ref_put_many(&ctx->refs, rb->ctx_refs)
        }
    }

    /** io_req_free_batch's cache part: into the array while it has room, else list_add onto free_list. */
    private void ioReqFreeBatch(IoKiocb req) {
        if (freeReqs != reqs.length) {
            reqs[freeReqs++] = req;
        } else {
            freeList.push(req);
        }
    }

    /**
     * io_req_caches_free: kmem_cache_free_bulk of the array's requests, then
     * io_flush_cached_locked_reqs and io_req_cache_free of {@code free_list}, each request
     * back to the slab.
     */
    @Override
    public void ioReqCachesFree() {
        for (int i = 0; i < freeReqs; i++) {
            reqCachep.kmemCacheFree(reqs[i]);
            reqs[i] = null;
        }
        freeReqs = 0;
        lockedFreeList.ioFlushCachedLockedReqs(freeList);
        for (IoKiocb req; (req = freeList.poll()) != null; ) {
            reqCachep.kmemCacheFree(req);
        }
    }

    /** 5.15's io_submit_state keeps its completion batch in {@code compl_reqs[IO_COMPL_BATCH]}, flushed when full. */
    @Override
    public int complReqsArraySize() {
        return IO_COMPL_BATCH;
    }

    /** Registers alias {@code baseline} on axis {@code req-alloc}. */
    public static final class Provider extends AbstractStrategyProvider<RequestAllocation> {
        public Provider() {
            super(Axis.REQ_ALLOC, Axis.BASELINE, "5.15",
                    "requests from the submit state's 32-slot array, refilled from the free list or by bulk slab "
                    + "allocation (8 at a time); completed requests back into the array or onto the free list",
                    ctx -> new ReqsArrayRequestAllocation(ctx.reqCachep(), ctx.counters(), ctx.trace(),
                            new PercpuRef("ctx->refs", Counter.CTX_REF, ctx.counters(), ctx.trace())));
        }
    }
}
