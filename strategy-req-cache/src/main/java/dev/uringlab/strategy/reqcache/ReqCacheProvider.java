package dev.uringlab.strategy.reqcache;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.PercpuRef;
import dev.uringlab.spi.RequestAllocation;
import java.util.Map;

/**
 * Registers {@link ReqCacheRequestAllocation} as {@value #ALIAS} on the {@code req-alloc} axis,
 * with the rest of seed 001's series: "[PATCH 06/16] don't wake sqpoll in io_cqring_ev_posted"
 * and "[PATCH 07/16] merge CQ and poll waitqueues", which are {@code ev-posted=merged-waitqueue}.
 */
public final class ReqCacheProvider extends AbstractStrategyProvider<RequestAllocation> {
    /** The alias on the req-alloc axis. */
    public static final String ALIAS = "req-cache";
    /** The alias of patches 06 and 07 on the ev-posted axis (strategy-era's WaitqueueActiveEvPosted). */
    static final String MERGED_WAITQUEUE = "merged-waitqueue";

    public ReqCacheProvider() {
        super(Axis.REQ_ALLOC, ALIAS, "5.16",
                "requests popped from one singly linked free list, refilled by a cold path from the locked free list or "
                    + "8 at a time by bulk slab allocation; completed batches pushed back onto it; a cached request keeps "
                    + "its ctx reference",
                ctx -> new ReqCacheRequestAllocation(ctx.reqCachep(), ctx.counters(), new PercpuRef("ctx->refs", Counter.CTX_REF, ctx.counters(), ctx.trace())));
        raceContext("for-5.16-2021-10-04");
        raceOn("nops32");
    }

    @Override
    public Map<String, String> seriesOnOtherAxes() {
        return Map.of(Axis.EV_POSTED.key(), MERGED_WAITQUEUE);
    }
}
