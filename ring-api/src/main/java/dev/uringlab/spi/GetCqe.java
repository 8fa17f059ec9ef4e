package dev.uringlab.spi;

/**
 * Era axis {@code get-cqe}: how io_get_cqe knows the CQ slot at the cached tail is free, that
 * is, how often the kernel loads the CQ head the application stores (a cache line the
 * application's CPU writes after every reap). The 5.x kernels load it for every CQE
 * ({@code ctx->cached_cq_tail - READ_ONCE(rings->cq.head)}); 6.1 caches the free range
 * ({@code cqe_cached}..{@code cqe_sentinel}) and loads it only when the range runs out. No seed
 * patches it. One instance per ring, called under the completion lock.
 */
public interface GetCqe {

    /**
     * The slot at the cached tail is not known free (the cached range is used up): look at the
     * head and say how many slots from the cached tail on the caller may fill before it asks
     * again; 0 when the CQ ring is full. The refill of 6.1 (__io_get_cqe, io_cqe_cache_refill),
     * or the whole of 5.x's io_get_cqe, which answers for one slot.
     */
    int ioCqeCacheRefill(CqTail cq);

    /** What io_get_cqe sees of the CQ ring. */
    interface CqTail {
        /** {@code ctx->cached_cq_tail}: CQEs filled so far. */
        int cachedCqTail();

        /** {@code READ_ONCE(rings->cq.head)}, load-acquired: the application has read the CQEs before it. */
        int lvCqHead();

        /** {@code ctx->cq_entries}, a power of two. */
        int cqEntries();
    }
}
