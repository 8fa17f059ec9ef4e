package dev.uringlab.strategy.reqcache;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.RequestAllocation;

/** Registers {@link FreeStackRequestAllocation} as {@value #ALIAS} on the {@code req-alloc} axis. */
public final class ReqCacheProvider extends AbstractStrategyProvider<RequestAllocation> {
    /** The alias on the req-alloc axis. */
    public static final String ALIAS = "req-cache";

    public ReqCacheProvider() {
        super(Axis.REQ_ALLOC, ALIAS, "5.16",
                "requests popped from one singly linked free list, refilled by a cold path from the locked free list or "
                    + "8 at a time by bulk slab allocation; completed batches pushed back onto it",
                ctx -> new FreeStackRequestAllocation(ctx.reqCachep(), ctx.counters()));
    }
}
