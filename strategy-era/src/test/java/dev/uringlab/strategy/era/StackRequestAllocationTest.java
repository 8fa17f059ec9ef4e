package dev.uringlab.strategy.era;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.ModelBatch;
import dev.uringlab.spi.ModelReq;
import dev.uringlab.spi.RequestAllocation;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link StackRequestAllocation}, seed 001's base: the stack of the 2021-09-24 series, and the
 * ctx references its kernel took per submission and put per freed batch.
 */
class StackRequestAllocationTest {

    /** A slab that hands out model requests in bulk and counts what comes back. */
    private static final class Slab implements KmemCache<IoKiocb> {
        int bulks;
        int freed;

        @Override public IoKiocb kmemCacheAlloc() { throw new AssertionError("the base allocates in bulk"); }
        @Override public void kmemCacheFree(IoKiocb obj) { freed++; }

        @Override
        public int kmemCacheAllocBulk(IoKiocb[] into, int n) {
            bulks++;
            for (int i = 0; i < n; i++) {
                into[i] = new ModelReq(0, 0);
            }
            return n;
        }
    }

    private final Slab slab = new Slab();
    private final Counters counters = new Counters();
    /** The typed steps the strategy traced, in order. */
    private final List<String> steps = new ArrayList<>();
    private final StackRequestAllocation alloc = (StackRequestAllocation) Strategies.find(Axis.REQ_ALLOC,
            StackRequestAllocation.Provider.ALIAS).create(new StrategyContext() {
                @Override public Counters counters() { return counters; }
                @Override public Optional<String> option(String key) { return Optional.empty(); }
                @Override public KmemCache<IoKiocb> reqCachep() { return slab; }
                @Override public KmemCache<Bio> bioSlab() { throw new AssertionError(); }
                @Override public int cqEntries() { return 64; }
                @Override public int setupFlags() { return 0; }
                @Override public Trace trace() { return Trace.to(e -> steps.add(Objects.requireNonNull(e.typedStep()))); }
            });

    /** One io_submit_sqes of {@code nr} SQEs consuming {@code consumed}, returning the requests handed out. */
    private List<IoKiocb> submit(int nr, int consumed) {
        alloc.ioSubmitStateStart(nr);
        List<IoKiocb> reqs = new ArrayList<>();
        for (int i = 0; i < consumed; i++) {
            reqs.add(alloc.ioAllocReq());
        }
        alloc.ioSubmitStateEnd(consumed);
        return reqs;
    }

    @Test
    void shouldTakeTheSubmissionsReferencesInOneTrygetAndPutTheBatchsInOne() {
        alloc.ioFreeBatchList(new ModelBatch(submit(32, 32))); // the first round fills the stack from the slab
        steps.clear();
        for (int round = 0; round < 3; round++) {
            alloc.ioFreeBatchList(new ModelBatch(submit(32, 32)));
        }
        assertThat(steps).containsExactly(
                "rcu percpu_ref_tryget_many(ctx->refs)", "rcu percpu_ref_put_many(ctx->refs)",
                "rcu percpu_ref_tryget_many(ctx->refs)", "rcu percpu_ref_put_many(ctx->refs)",
                "rcu percpu_ref_tryget_many(ctx->refs)", "rcu percpu_ref_put_many(ctx->refs)");
        assertThat(alloc.ctxRefsHeld()).isZero();
        assertThat(slab.bulks).as("32 requests in flight at most: four refills, all in the first round").isEqualTo(4);
    }

    @Test
    void shouldGiveBackTheReferencesOfTheSqesNotConsumed() {
        List<IoKiocb> reqs = submit(32, 5);
        assertThat(steps).containsExactly("rcu percpu_ref_tryget_many(ctx->refs)", "rcu percpu_ref_put_many(ctx->refs)");
        assertThat(alloc.ctxRefsHeld()).as("one per request in flight").isEqualTo(5);
        alloc.ioFreeBatchList(new ModelBatch(reqs));
        assertThat(alloc.ctxRefsHeld()).isZero();
    }

    @Test
    void shouldRefillFromTheLockedListOnlyWhenMoreThanABatchWaitsThereElseFromTheSlab() {
        List<IoKiocb> reqs = submit(40, 40); // five bulk refills
        reqs.forEach(alloc::ioFreeReq); // 40 wait on the locked list
        assertThat(counters.get(Counter.REQ_LOCKED_FREE)).isEqualTo(40);
        List<IoKiocb> again = submit(40, 40);
        assertThat(counters.get(Counter.REQ_LOCKED_FLUSH)).isEqualTo(1);
        assertThat(slab.bulks).isEqualTo(5);
        assertThat(again).containsExactlyInAnyOrderElementsOf(reqs);
        alloc.ioFreeBatchList(new ModelBatch(again));
        alloc.ioReqCachesFree();
        assertThat(slab.freed).isEqualTo(40);
    }
}
