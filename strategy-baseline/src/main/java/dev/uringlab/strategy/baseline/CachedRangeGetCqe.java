package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.GetCqe;

/**
 * io_get_cqe as in 6.1: the free slots from the cached tail to the end of the ring or to the
 * application's head, whichever comes first, are cached ({@code ctx->cqe_cached},
 * {@code ctx->cqe_sentinel}); the head is loaded only when they run out
 * (io_cqe_cache_refill / __io_get_cqe). A batch of CQEs loads the head about once. Stateless:
 * the range itself is the CQ's.
 */
public final class CachedRangeGetCqe implements GetCqe {

    /** io_cqe_cache_refill: {@code min(cq_entries - queued, cq_entries - off)} slots, or 0 when full. */
    @Override
    public int ioCqeCacheRefill(CqTail cq) {
        int entries = cq.cqEntries();
        int tail = cq.cachedCqTail();
        int queued = Math.min(tail - cq.lvCqHead(), entries);
        int off = tail & (entries - 1);
        return Math.max(0, Math.min(entries - queued, entries - off));
    }

    /** Registers alias {@code baseline} on axis {@code get-cqe}. */
    public static final class Provider extends AbstractStrategyProvider<GetCqe> {
        private static final CachedRangeGetCqe INSTANCE = new CachedRangeGetCqe();

        public Provider() {
            super(Axis.GET_CQE, Axis.BASELINE, "6.1",
                    "io_get_cqe caches the free range of the CQ ring and loads the application's head only when it runs out",
                    ctx -> INSTANCE);
        }
    }
}
