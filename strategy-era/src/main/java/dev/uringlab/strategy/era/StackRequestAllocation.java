package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.PercpuRef;
import dev.uringlab.spi.RequestAllocation;
import dev.uringlab.spi.recipe.OutOfLine;
import java.util.ArrayDeque;

/**
 * Request allocation in seed 001's base, for-5.16/io_uring on 2021-10-04: the request cache as
 * Pavel Begunkov's 2021-09-24 series ("[PATCH v2 00/24] rework and optimise
 * submission+completion paths") left it, before seed 001 reworked it. 5.15's array of 32 in
 * front of a list is gone ("[PATCH v2 05/24] io_uring: remove allocation cache array"); the
 * cache is one singly linked stack, {@code submit_state.free_list}, threaded through
 * {@code req->comp_list} ("[PATCH v2 07/24] io_uring: replace list with stack for req caches").
 * io_alloc_req, inlined into io_submit_sqes, pops it; only when it is empty does
 * io_flush_cached_reqs take {@code ctx->locked_free_list} (when more than IO_COMPL_BATCH wait
 * there), and when that gives nothing either, one kmem_cache_alloc_bulk pushes
 * IO_REQ_ALLOC_BATCH fresh requests. io_free_batch_list pushes a flushed batch back.
 *
 * <p>Each request in flight holds a reference to the ring's context, batched per call as 5.15
 * batched it: io_submit_sqes takes one per SQE it may consume
 * ({@code percpu_ref_tryget_many(&ctx->refs, nr)}) and gives back the unused ones;
 * io_free_batch_list counts the requests it frees ({@code ctx_refs}) and puts them in one
 * {@code percpu_ref_put_many}. Seed 001's "[PATCH 08/16] io_uring: optimise ctx referencing by
 * requests" is what removed both: there a request keeps its reference while cached
 * ({@code req-cache}). Each is an RCU read section ({@link PercpuRef}).
 *
 * <p>Trade-off: against 5.15's array, one push and one pop per request and no second tier to
 * refill from; against seed 001's form, two RCU sections per submission (the tryget and the put
 * of the batch) and the refill's code inline in the hot loop.
 *
 * <p>What the base did here that the emulator has no counterpart for: the task references
 * batched beside the ctx references (io_get_task_refs, io_put_task: plain arithmetic on
 * {@code tctx->cached_refs} while the submitter frees its own requests), and
 * {@code __io_free_req}'s and io_req_complete_post's {@code percpu_ref_put} for a request freed
 * outside a batch (on io-wq's completion path, which the {@code iowq-complete} strategy owns).
 *
 * <p>Threading: every method but {@link #ioFreeReq} runs on the ring owner's thread with
 * {@code uring_lock} held (the SPI's rule), so the stack is a plain field, as
 * {@code submit_state} is in the kernel; {@code locked_free_list} is guarded by its own lock
 * ({@link RequestAllocation.LockedFreeList}).
 */
public final class StackRequestAllocation implements RequestAllocation {

    private final KmemCache<IoKiocb> reqCachep;
    private final Counters counters;
    /** submit_state.free_list: a stack, pushed and popped at its head. */
    private final ArrayDeque<IoKiocb> freeList = new ArrayDeque<>();
    /** io_alloc_req's on-stack {@code reqs[IO_REQ_ALLOC_BATCH]}, kept so a refill allocates nothing but the requests. */
    private final IoKiocb[] reqs = new IoKiocb[IO_REQ_ALLOC_BATCH];
    /** ctx->locked_free_list. */
    private final LockedFreeList lockedFreeList;
    /** ctx->refs. */
    private final PercpuRef ctxRefs;
    /** io_submit_sqes' {@code nr}: the references its tryget took. */
    private int nr;

    private StackRequestAllocation(KmemCache<IoKiocb> reqCachep, Counters counters, PercpuRef ctxRefs) {
        this.reqCachep = reqCachep;
        this.counters = counters;
        this.ctxRefs = ctxRefs;
        this.lockedFreeList = new LockedFreeList(counters);
    }

    /** io_submit_sqes: {@code percpu_ref_tryget_many(&ctx->refs, nr)}, one reference per SQE it may consume. */
    @Override
    public void ioSubmitStateStart(int nr) {
        this.nr = nr;
        ctxRefs.tryGetMany(nr);
    }

    /**
     * io_alloc_req: when the stack is empty, io_flush_cached_reqs, and when that found nothing,
     * kmem_cache_alloc_bulk(IO_REQ_ALLOC_BATCH) pushed onto it (io_preinit_req has nothing to
     * set: the engine's io_init_req rewrites every field); then wq_stack_extract. The kernel's
     * single kmem_cache_alloc fallback for a failed bulk call has no counterpart: the emulated
     * slab never fails.
     */
    @Override
    public IoKiocb ioAllocReq() {
        if (freeList.isEmpty() && !ioFlushCachedReqs()) {
            counters.inc(Counter.REQ_BULK_ALLOC);
            int ret = reqCachep.kmemCacheAllocBulk(reqs, IO_REQ_ALLOC_BATCH);
            for (int i = 0; i < ret; i++) {
                freeList.push(reqs[i]);
                reqs[i] = null;
            }
        }
        return freeList.pop();
    }

    /**
     * io_flush_cached_reqs: take the locked free list when more than IO_COMPL_BATCH wait there;
     * whether the stack now holds a request.
     */
    private boolean ioFlushCachedReqs() {
        counters.inc(Counter.REQ_CACHE_REFILL);
        if (lockedFreeList.lockedFreeNr() > LockedFreeList.IO_COMPL_BATCH) {
            lockedFreeList.ioFlushCachedLockedReqs(freeList);
        }
        return !freeList.isEmpty();
    }

    /** io_submit_sqes' end: the references of the SQEs it did not consume, {@code percpu_ref_put_many}. */
    @Override
    public void ioSubmitStateEnd(int submitted) {
        if (submitted != nr) {
            ctxRefs.putMany(nr - submitted);
        }
    }

    /**
     * io_free_req (__io_free_req): onto ctx->locked_free_list under the completion lock. The
     * engine frees a request this way only when it was never used (its SQE was dropped), whose
     * reference io_submit_sqes gives back with the unused ones.
     */
    @Override
    public void ioFreeReq(IoKiocb req) {
        lockedFreeList.add(req);
    }

    /**
     * io_free_batch_list: each request of the batch pushed back onto the stack
     * (wq_stack_add_head); then one {@code percpu_ref_put_many(&ctx->refs, ctx_refs)}, where
     * {@code ctx_refs} counts the requests freed: here every one of the batch (none carries
     * REQ_F_REFCOUNT, which would leave it to its last reference).
     */
    @Override
    @OutOfLine("io_free_batch_list")
    public void ioFreeBatchList(CompletionBatch batch) {
        int n = batch.size();
        for (int i = 0; i < n; i++) {
            freeList.push(batch.get(i));
        }
        if (n != 0) {
            ctxRefs.putMany(n);
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

    /** The ctx references this allocation holds: none once every request it handed out is back. */
    long ctxRefsHeld() {
        return ctxRefs.held();
    }

    /**
     * Registers alias {@value #ALIAS} on axis {@code req-alloc}: for-5.16 from 2021-09-24 until
     * seed 001 replaced it, so in no release, only in the tree's profile.
     */
    public static final class Provider extends AbstractStrategyProvider<RequestAllocation> {
        /** The alias. */
        public static final String ALIAS = "free-stack";

        public Provider() {
            super(Axis.REQ_ALLOC, ALIAS, "for-5.16", Mainline.between("for-5.16", "5.16"),
                    "requests popped from one singly linked free list, refilled inline from the locked free list or 8 at a"
                        + " time by bulk slab allocation; a ctx reference per request taken per submission and put per"
                        + " freed batch (two RCU sections)",
                    ctx -> new StackRequestAllocation(ctx.reqCachep(), ctx.counters(), new PercpuRef("ctx->refs", Counter.CTX_REF, ctx.counters(), ctx.trace())));
        }
    }
}
