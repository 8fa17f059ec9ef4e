package dev.uringlab.strategy.reqcache;

import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.PercpuRef;
import dev.uringlab.spi.RequestAllocation;
import dev.uringlab.spi.recipe.OutOfLine;
import java.util.ArrayDeque;

/**
 * Request allocation after "[PATCH 00/16] squeeze more performance" (seed 001, patches 1-15 as
 * Jens Axboe applied them for 5.16; fs/io_uring.c of v5.16 has them). The cache is the one its
 * base had (the {@code free-stack} of for-5.16, 2021-09-24): {@code submit_state.free_list}, a
 * singly linked stack threaded through {@code req->comp_list}. What the series changed:
 * <ul>
 *   <li>"[PATCH 04/16] io_uring: optimise request allocation": io_submit_sqes asks
 *       io_alloc_req_refill, an inline test of one pointer, whether the stack holds a request;
 *       only when it is empty does the refill run, split out as __io_alloc_req_refill (marked
 *       {@code __cold} by 09/16), which takes {@code ctx->locked_free_list} when more than
 *       IO_COMPL_BATCH requests wait there, and otherwise pushes IO_REQ_ALLOC_BATCH fresh
 *       requests from one kmem_cache_alloc_bulk; io_alloc_req is then a bare wq_stack_extract.</li>
 *   <li>"[PATCH 08/16] io_uring: optimise ctx referencing by requests": a request keeps its
 *       reference to the ring's context for as long as it exists, cached or not. The refill takes
 *       one per new request ({@code percpu_ref_get_many}); io_submit_sqes no longer takes one
 *       per SQE ({@code percpu_ref_tryget_many}) nor io_free_batch_list puts one per freed
 *       request ({@code percpu_ref_put_many}), nor __io_free_req one; io_req_caches_free puts
 *       the cached requests' at exit. In the steady state no request reaches the refill, so
 *       a submission takes no RCU section here where the base took two.</li>
 *   <li>"[PATCH 10/16] io_uring: optimise io_free_batch_list()": the next node is read later in
 *       the loop, for the compiler's register allocation; the same loads here.</li>
 * </ul>
 * A completed batch is pushed back by io_free_batch_list (wq_stack_add_head); the requests reach
 * the slab again only at ring exit (io_req_caches_free).
 *
 * <p>Trade-off: against the base, no RCU section per submission and per freed batch and a
 * smaller hot loop (the refill out of line); in exchange the cache never shrinks (as before) and
 * a cached request pins the context, so quiesce and exit must first free the caches.
 *
 * <p>The emulated kernel paths:
 * <ul>
 *   <li>{@link #ioAllocReq}: io_submit_sqes' io_alloc_req_refill then io_alloc_req;</li>
 *   <li>{@code ioAllocReqRefill}: io_alloc_req_refill (inline);</li>
 *   <li>{@code ioAllocReqRefillCold}: __io_alloc_req_refill ({@code __cold});</li>
 *   <li>{@link #ioFreeBatchList}: io_free_batch_list;</li>
 *   <li>{@link #ioFreeReq}: io_free_req / __io_free_req (the locked free list);</li>
 *   <li>{@link #ioReqCachesFree}: io_req_caches_free.</li>
 * </ul>
 *
 * <p>What a JVM cannot carry, and what stands in:
 * <ul>
 *   <li>The singly linked list itself: the SPI gives a strategy no link field in the
 *       engine's request, so the stack is an {@link ArrayDeque} used at its head (push and
 *       pop are O(1), as wq_stack_add_head and wq_stack_extract are), and splicing the locked
 *       list moves its requests one by one.</li>
 *   <li>The series' layout and annotations ("[PATCH 01/16] optimise kiocb layout", 02/16's
 *       likely/unlikely, 09/16's {@code __cold}): HotSpot lays out an object's fields itself and
 *       lays out branches from the interpreter's profile, so the measured profile plays the part
 *       of the annotations; the refill is its own method ({@code ioAllocReqRefillCold}) so that
 *       the hot {@link #ioAllocReq} stays small enough to inline and the rarely taken call is
 *       not inlined into it.</li>
 *   <li>The series' other changes are not on this axis: "[PATCH 06/16] don't wake sqpoll in
 *       io_cqring_ev_posted" and "[PATCH 07/16] merge CQ and poll waitqueues" are
 *       {@code ev-posted=merged-waitqueue}, which this alias brings along in a kernel profile
 *       ({@link ReqCacheProvider}); what is left changes no step a recipe counts (a load, a
 *       branch, a store, where a list add sits) and is listed, patch by patch, in the nops32
 *       recipe of this module.</li>
 * </ul>
 *
 * <p>Threading: every method but {@link #ioFreeReq} runs on the ring owner's thread with
 * {@code uring_lock} held (the SPI's rule), so the stack is a plain field, as
 * {@code submit_state} is in the kernel; {@code locked_free_list} is guarded by its own lock
 * ({@link RequestAllocation.LockedFreeList}).
 */
public final class ReqCacheRequestAllocation implements RequestAllocation {

    private final KmemCache<IoKiocb> reqCachep;
    private final Counters counters;
    /** submit_state.free_list: a stack, pushed and popped at its head. */
    private final ArrayDeque<IoKiocb> freeList = new ArrayDeque<>();
    /** __io_alloc_req_refill's on-stack {@code reqs[IO_REQ_ALLOC_BATCH]}, kept so a refill allocates nothing but the requests. */
    private final IoKiocb[] reqs = new IoKiocb[IO_REQ_ALLOC_BATCH];
    /** ctx->locked_free_list. */
    private final LockedFreeList lockedFreeList;
    /** ctx->refs: one reference per request this allocation took from the slab. */
    private final PercpuRef ctxRefs;

    ReqCacheRequestAllocation(KmemCache<IoKiocb> reqCachep, Counters counters, PercpuRef ctxRefs) {
        this.reqCachep = reqCachep;
        this.counters = counters;
        this.ctxRefs = ctxRefs;
        this.lockedFreeList = new LockedFreeList(counters);
    }

    /**
     * io_submit_sqes' pair: io_alloc_req_refill, then io_alloc_req, which pops the stack
     * (wq_stack_extract) without a check, since the refill just made sure it holds one.
     */
    @Override
    public IoKiocb ioAllocReq() {
        ioAllocReqRefill();
        return freeList.pop();
    }

    /** io_alloc_req_refill: the inline test, one look at the stack's head. */
    private void ioAllocReqRefill() {
        if (freeList.isEmpty()) {
            ioAllocReqRefillCold();
        }
    }

    /**
     * __io_alloc_req_refill: take the locked free list when more than IO_COMPL_BATCH wait there
     * and it gave something (io_flush_cached_reqs); otherwise kmem_cache_alloc_bulk(IO_REQ_ALLOC_BATCH),
     * a ctx reference for each new request ({@code percpu_ref_get_many}), and each pushed
     * (io_preinit_req has nothing to set: the engine's io_init_req rewrites every field). The
     * kernel's single kmem_cache_alloc fallback for a failed bulk call has no counterpart: the
     * emulated slab never fails.
     */
    private void ioAllocReqRefillCold() {
        counters.inc(Counter.REQ_CACHE_REFILL);
        if (lockedFreeList.lockedFreeNr() > LockedFreeList.IO_COMPL_BATCH) {
            lockedFreeList.ioFlushCachedLockedReqs(freeList);
            if (!freeList.isEmpty()) {
                return;
            }
        }
        counters.inc(Counter.REQ_BULK_ALLOC);
        int ret = reqCachep.kmemCacheAllocBulk(reqs, IO_REQ_ALLOC_BATCH);
        ctxRefs.getMany(ret);
        for (int i = 0; i < ret; i++) {
            freeList.push(reqs[i]);
            reqs[i] = null;
        }
    }

    /** io_free_req (__io_free_req): onto ctx->locked_free_list under the completion lock; the request keeps its ctx reference. */
    @Override
    public void ioFreeReq(IoKiocb req) {
        lockedFreeList.add(req);
    }

    /** io_free_batch_list: each request of the batch pushed back onto the stack (wq_stack_add_head), keeping its ctx reference. */
    @Override
    @OutOfLine("io_free_batch_list")
    public void ioFreeBatchList(CompletionBatch batch) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            freeList.push(batch.get(i));
        }
    }

    /**
     * io_req_caches_free: io_flush_cached_locked_reqs, then every request on the stack back to
     * the slab, and their ctx references with them ({@code percpu_ref_put_many}).
     */
    @Override
    public void ioReqCachesFree() {
        lockedFreeList.ioFlushCachedLockedReqs(freeList);
        int nr = 0;
        for (IoKiocb req; (req = freeList.poll()) != null; ) {
            reqCachep.kmemCacheFree(req);
            nr++;
        }
        if (nr != 0) {
            ctxRefs.putMany(nr);
        }
    }

    /** The ctx references this allocation holds: one per request it took from the slab and has not freed to it. */
    long ctxRefsHeld() {
        return ctxRefs.held();
    }
}
