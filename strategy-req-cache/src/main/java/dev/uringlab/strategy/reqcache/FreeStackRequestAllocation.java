package dev.uringlab.strategy.reqcache;

import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.RequestAllocation;
import java.util.ArrayDeque;

/**
 * Request allocation as of kernel 5.16, after "squeeze more performance" (seed 001) and the
 * request-cache work it finished: one submit-side cache, {@code submit_state.free_list}, a
 * singly linked stack threaded through {@code req->comp_list} (the 5.15 array of 32 slots in
 * front of a list_head is gone). io_submit_sqes asks io_alloc_req_refill, an inline test of
 * one pointer, whether the stack holds a request; only when it is empty does the cold
 * __io_alloc_req_refill run, which takes {@code ctx->locked_free_list} when more than
 * IO_COMPL_BATCH requests wait there, and otherwise pushes IO_REQ_ALLOC_BATCH fresh requests
 * from one kmem_cache_alloc_bulk. io_alloc_req is then a bare wq_stack_extract. A flushed
 * completion batch pushes its requests back (io_free_batch_list, wq_stack_add_head); they
 * reach the slab again only at ring exit (io_req_caches_free).
 *
 * <p>Trade-off: the per-request paths shrink to one push and one pop, and the allocation
 * test to one pointer, so the refill path is out of line; in exchange the cache never
 * shrinks (a burst's requests stay cached until ring exit, as in 5.15) and, with "optimise
 * ctx referencing by requests", a cached request keeps its ctx reference, so quiesce and exit
 * must first free the caches.
 *
 * <p>The emulated kernel paths:
 * <ul>
 *   <li>{@link #ioAllocReq}: io_submit_sqes' io_alloc_req_refill then io_alloc_req;</li>
 *   <li>{@code ioAllocReqRefill}: io_alloc_req_refill (inline);</li>
 *   <li>{@code ioAllocReqRefillCold}: __io_alloc_req_refill (marked {@code __cold} by the series);</li>
 *   <li>{@link #ioFreeBatchList}: io_free_batch_list;</li>
 *   <li>{@link #ioFreeReq}: io_free_req / __io_free_req (the locked free list);</li>
 *   <li>{@link #ioReqCachesFree}: io_req_caches_free.</li>
 * </ul>
 *
 * <p>What a JVM cannot carry, and what stands in:
 * <ul>
 *   <li>The singly linked list itself: the SPI gives a strategy no link field in the
 *       engine's request, so the stack is an {@link ArrayDeque} used at its head (push and
 *       pop are O(1), as wq_stack_add_head and wq_stack_extract are; the 5.15 list_head in
 *       the baseline is the same structure, so the emulator cannot show what a singly over a
 *       doubly linked list saves), and splicing the locked list moves its requests one by one.</li>
 *   <li>Struct layout ("optimise kiocb layout", ____cacheline_aligned groups): HotSpot lays
 *       out an object's fields itself (by size, not declaration order) and offers no
 *       alignment control to this code; nothing stands in.</li>
 *   <li>likely/unlikely and __hot/__cold: C2 lays out branches from the interpreter's
 *       branch profile and inlines by call frequency and size, so the measured profile
 *       plays the part of the annotations: the refill is its own method
 *       ({@code ioAllocReqRefillCold}) so that the hot {@link #ioAllocReq} stays small
 *       enough to inline and the rarely taken call is not inlined into it.</li>
 *   <li>"optimise ctx referencing by requests" (percpu_ref_get_many at refill instead of
 *       percpu_ref_tryget_many per submit and percpu_ref_put_many per freed batch), and the
 *       task-reference batching in io_free_batch_list: the engine keeps no ctx or task
 *       reference counts, so neither arm does this work.</li>
 *   <li>The series' other mechanisms are not on this axis: one CQ/poll waitqueue woken by
 *       io_cqring_ev_posted instead of two (5.15 also looked at {@code poll_wait}), no SQPOLL
 *       wakeup from it (5.15 also looked at {@code sq_data->wait}), and queueing a request
 *       into the completion batch in its caller (__io_queue_sqe) rather than in
 *       io_req_complete_state, which only shrinks the inlined helper. They belong to the
 *       engine's ev_posted and completion paths (ring-core's {@code IoCqRing},
 *       {@code IoComplete}), as era mechanisms a kernel profile chooses. Until profiles exist
 *       both arms of the race post through the {@code completion} baseline, whose ev_posted is
 *       6.1's: already one waitqueue and no SQPOLL check, so the race isolates request
 *       allocation.</li>
 * </ul>
 *
 * <p>Threading: every method but {@link #ioFreeReq} runs on the ring owner's thread with
 * {@code uring_lock} held (the SPI's rule), so the stack is a plain field, as
 * {@code submit_state} is in the kernel; {@code locked_free_list} is guarded by its own lock
 * ({@link RequestAllocation.LockedFreeList}).
 */
public final class FreeStackRequestAllocation implements RequestAllocation {

    private final KmemCache<IoKiocb> reqCachep;
    private final Counters counters;
    /** submit_state.free_list: a stack, pushed and popped at its head. */
    private final ArrayDeque<IoKiocb> freeList = new ArrayDeque<>();
    /** __io_alloc_req_refill's on-stack {@code reqs[IO_REQ_ALLOC_BATCH]}, kept so a refill allocates nothing but the requests. */
    private final IoKiocb[] reqs = new IoKiocb[IO_REQ_ALLOC_BATCH];
    /** ctx->locked_free_list. */
    private final LockedFreeList lockedFreeList;

    FreeStackRequestAllocation(KmemCache<IoKiocb> reqCachep, Counters counters) {
        this.reqCachep = reqCachep;
        this.counters = counters;
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
     * __io_alloc_req_refill: take the locked free list when more than IO_COMPL_BATCH wait
     * there and it gave something; otherwise kmem_cache_alloc_bulk(IO_REQ_ALLOC_BATCH) and
     * push each new request (io_preinit_req has nothing to set: the engine's io_init_req
     * rewrites every field). The kernel's single kmem_cache_alloc fallback for a failed bulk
     * call has no counterpart: the emulated slab never fails.
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
        for (int i = 0; i < ret; i++) {
            freeList.push(reqs[i]);
            reqs[i] = null;
        }
    }

    /** io_free_req (__io_free_req): onto ctx->locked_free_list under the completion lock. */
    @Override
    public void ioFreeReq(IoKiocb req) {
        lockedFreeList.add(req);
    }

    /** io_free_batch_list: each request of the batch pushed back onto the stack (wq_stack_add_head). */
    @Override
    public void ioFreeBatchList(CompletionBatch batch) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            freeList.push(batch.get(i));
        }
    }

    /** io_req_caches_free: io_flush_cached_locked_reqs, then every request on the stack back to the slab. */
    @Override
    public void ioReqCachesFree() {
        lockedFreeList.ioFlushCachedLockedReqs(freeList);
        for (IoKiocb req; (req = freeList.poll()) != null; ) {
            reqCachep.kmemCacheFree(req);
        }
    }
}
