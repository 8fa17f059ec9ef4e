package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.GetCqe;
import dev.uringlab.spi.Mainline;

/**
 * io_get_cqe as in 5.x: every CQE loads the application's CQ head, {@code ctx->cached_cq_tail -
 * READ_ONCE(rings->cq.head) == cq_entries} meaning full (5.6's io_get_cqring, fs/io_uring.c:1044;
 * 5.14 and 5.15's io_get_cqe over __io_cqring_events; 5.16 the same). The slot it answers for is
 * the one at the cached tail, and no other: the next CQE asks again. The head's cache line is
 * the one the application writes after every reap, so on another CPU each CQE may miss on it.
 * Checked in 5.6, 5.14, 5.15 and 5.16 (per CQE) and 6.1-rc7 (cached); the release in between
 * that brought the cache is our reading, and no profile sits there.
 *
 * <p>Trade-off: no range to keep, and a full ring found at the very CQE it fills up; one shared
 * load per CQE against 6.1's one per free range. Stateless.
 */
public final class HeadPerCqeGetCqe implements GetCqe {

    /** io_get_cqe (5.x): one slot, after a look at the head. */
    @Override
    public int ioCqeCacheRefill(CqTail cq) {
        return cq.cachedCqTail() - cq.lvCqHead() == cq.cqEntries() ? 0 : 1;
    }

    /** Registers alias {@value #ALIAS} (5.6 to 5.19) on axis {@code get-cqe}. */
    public static final class Provider extends AbstractStrategyProvider<GetCqe> {
        /** The alias. */
        public static final String ALIAS = "head-per-cqe";
        private static final HeadPerCqeGetCqe INSTANCE = new HeadPerCqeGetCqe();

        public Provider() {
            super(Axis.GET_CQE, ALIAS, "5.6", Mainline.between("5.6", "5.19"),
                    "io_get_cqe loads the application's CQ head for every CQE", ctx -> INSTANCE);
        }
    }
}
