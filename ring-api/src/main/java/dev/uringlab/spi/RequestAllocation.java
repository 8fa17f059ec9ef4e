package dev.uringlab.spi;

/**
 * Axis {@code req-alloc}: where requests come from and go back to (seed 001). One instance
 * per ring, called only by the ring owner's thread with {@code ctx->uring_lock} held. The
 * slab is {@link StrategyContext#reqCachep()}; every request handed out is clean (the engine
 * re-initialises it in io_init_req).
 */
public interface RequestAllocation {

    /** io_alloc_req: a request for the submission path. */
    IoKiocb ioAllocReq();

    /** io_free_req: one request is done (outside a completion batch). */
    void ioFreeReq(IoKiocb req);

    /** io_free_batch_list: every request of a flushed completion batch is done. */
    void ioFreeBatchList(CompletionBatch batch);

    /** io_req_caches_free, at ring exit: give every request still held back to the slab. */
    void ioReqCachesFree();
}
