package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.RequestAllocation;

/**
 * Request allocation with no per-ring cache, as io_alloc_req and io_free_req behave before
 * "squeeze more performance" (seed 001) took their batching further: every request comes
 * from {@code req_cachep} by kmem_cache_alloc and goes back by kmem_cache_free, one by one,
 * including each request of a flushed completion batch. Each request costs a slab allocation
 * and a free; the patch recycles them through a per-ring list refilled in batches.
 */
public final class SlabRequestAllocation implements RequestAllocation {
    private final KmemCache<IoKiocb> reqCachep;

    SlabRequestAllocation(KmemCache<IoKiocb> reqCachep) {
        this.reqCachep = reqCachep;
    }

    /** io_alloc_req: kmem_cache_alloc(req_cachep). */
    @Override
    public IoKiocb ioAllocReq() {
        return reqCachep.kmemCacheAlloc();
    }

    /** io_free_req: kmem_cache_free(req_cachep). */
    @Override
    public void ioFreeReq(IoKiocb req) {
        reqCachep.kmemCacheFree(req);
    }

    /** The batch goes back to the slab one request at a time. */
    @Override
    public void ioFreeBatchList(CompletionBatch batch) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            reqCachep.kmemCacheFree(batch.get(i));
        }
    }

    /** Nothing is held back, so nothing to free at ring exit. */
    @Override
    public void ioReqCachesFree() {
    }

    /** Registers alias {@code baseline} on axis {@code req-alloc}. */
    public static final class Provider extends AbstractStrategyProvider<RequestAllocation> {
        public Provider() {
            super(Axis.REQ_ALLOC, Axis.BASELINE, "5.15",
                    "every request from the slab and back to it, one at a time",
                    ctx -> new SlabRequestAllocation(ctx.reqCachep()));
        }
    }
}
