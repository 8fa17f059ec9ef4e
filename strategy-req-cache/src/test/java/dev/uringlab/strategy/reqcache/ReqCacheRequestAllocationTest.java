package dev.uringlab.strategy.reqcache;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KernelProfile;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.ModelBatch;
import dev.uringlab.spi.ModelReq;
import dev.uringlab.spi.RequestAllocation;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link ReqCacheRequestAllocation} through fakes of what the engine gives it: the series' refill
 * and ctx references, its ev_posted patches brought along in a kernel profile, and, beside the
 * 5.15 baseline, where the two caches part (more requests live than the 5.15 array holds).
 */
class ReqCacheRequestAllocationTest {

    /** A slab that records bulk allocations and frees. */
    private static final class RecordingSlab implements KmemCache<IoKiocb> {
        final List<String> calls = new ArrayList<>();

        @Override public IoKiocb kmemCacheAlloc() { throw new AssertionError("5.15 and 5.16 allocate in bulk"); }
        @Override public void kmemCacheFree(IoKiocb obj) { calls.add("free"); }

        @Override
        public int kmemCacheAllocBulk(IoKiocb[] into, int n) {
            calls.add("bulk " + n);
            for (int i = 0; i < n; i++) {
                into[i] = new ModelReq(0, 0);
            }
            return n;
        }

        long frees() {
            return calls.stream().filter("free"::equals).count();
        }
    }

    private static RequestAllocation create(String alias, RecordingSlab slab, Counters counters) {
        StrategyContext ctx = new StrategyContext() {
            @Override public Counters counters() { return counters; }
            @Override public Optional<String> option(String key) { return Optional.empty(); }
            @Override public KmemCache<IoKiocb> reqCachep() { return slab; }
            @Override public KmemCache<Bio> bioSlab() { throw new AssertionError(); }
            @Override public int cqEntries() { return 8; }
            @Override public int setupFlags() { return 0; }
        };
        return Strategies.find(Axis.REQ_ALLOC, alias).create(ctx);
    }

    private static List<IoKiocb> allocate(RequestAllocation alloc, int n) {
        List<IoKiocb> reqs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            reqs.add(alloc.ioAllocReq());
        }
        return reqs;
    }

    @Test
    void shouldRefillInBulkOnlyWhenTheStackIsEmptyAndRecycleEveryFreedRequest() {
        RecordingSlab slab = new RecordingSlab();
        Counters counters = new Counters();
        RequestAllocation alloc = create(ReqCacheProvider.ALIAS, slab, counters);
        List<IoKiocb> first = allocate(alloc, 20);
        assertThat(slab.calls).containsExactly("bulk 8", "bulk 8", "bulk 8");
        assertThat(counters.get(Counter.REQ_CACHE_REFILL)).isEqualTo(3);
        assertThat(counters.get(Counter.REQ_BULK_ALLOC)).isEqualTo(3);
        alloc.ioFreeBatchList(new ModelBatch(first));
        List<IoKiocb> second = allocate(alloc, 24); // the 20 freed and the 4 never handed out
        assertThat(second).containsAll(first).doesNotHaveDuplicates();
        assertThat(slab.calls).hasSize(3);
        assertThat(counters.get(Counter.REQ_CACHE_REFILL)).isEqualTo(3);
        alloc.ioFreeBatchList(new ModelBatch(second));
        alloc.ioReqCachesFree();
        assertThat(slab.frees()).isEqualTo(24);
    }

    @Test
    void shouldTakeTheLockedFreeListOnlyWhenMoreThanABatchWaitsThere() {
        RecordingSlab slab = new RecordingSlab();
        Counters counters = new Counters();
        RequestAllocation alloc = create(ReqCacheProvider.ALIAS, slab, counters);
        List<IoKiocb> few = allocate(alloc, 8);
        few.forEach(alloc::ioFreeReq); // 8 wait on the locked list: not enough to take
        allocate(alloc, 1);
        assertThat(counters.get(Counter.REQ_LOCKED_FLUSH)).isZero();
        assertThat(counters.get(Counter.REQ_BULK_ALLOC)).isEqualTo(2);

        List<IoKiocb> many = allocate(alloc, 33 - 8);
        many.forEach(alloc::ioFreeReq); // now 33 wait there
        assertThat(counters.get(Counter.REQ_LOCKED_FREE)).isEqualTo(33);
        long bulks = counters.get(Counter.REQ_BULK_ALLOC);
        List<IoKiocb> taken = allocate(alloc, 6 + 33); // the 6 left of the last bulk, then the locked list
        assertThat(counters.get(Counter.REQ_LOCKED_FLUSH)).isEqualTo(1);
        assertThat(counters.get(Counter.REQ_BULK_ALLOC)).isEqualTo(bulks);
        assertThat(taken).containsAll(few).containsAll(many).doesNotHaveDuplicates();
        alloc.ioFreeBatchList(new ModelBatch(taken));
        alloc.ioReqCachesFree();
        assertThat(slab.frees()).as("all but the one request still live are back in the slab")
                .isEqualTo(counters.get(Counter.REQ_BULK_ALLOC) * RequestAllocation.IO_REQ_ALLOC_BATCH - 1);
    }

    @Test
    void shouldTakeACtxReferenceForEachRequestFromTheSlabAndNoneInTheSteadyState() {
        List<String> steps = new ArrayList<>();
        RecordingSlab slab = new RecordingSlab();
        StrategyContext ctx = new StrategyContext() {
            @Override public Counters counters() { return new Counters(); }
            @Override public Optional<String> option(String key) { return Optional.empty(); }
            @Override public KmemCache<IoKiocb> reqCachep() { return slab; }
            @Override public KmemCache<Bio> bioSlab() { throw new AssertionError(); }
            @Override public int cqEntries() { return 64; }
            @Override public int setupFlags() { return 0; }
            @Override public Trace trace() { return Trace.to(e -> steps.add(Objects.requireNonNull(e.typedStep()))); }
        };
        ReqCacheRequestAllocation alloc = (ReqCacheRequestAllocation) Strategies.find(Axis.REQ_ALLOC, ReqCacheProvider.ALIAS).create(ctx);
        alloc.ioSubmitStateStart(32);
        alloc.ioFreeBatchList(new ModelBatch(allocate(alloc, 32)));
        assertThat(steps).as("one get per bulk refill").containsOnly("rcu percpu_ref_get_many(ctx->refs)").hasSize(4);
        assertThat(alloc.ctxRefsHeld()).isEqualTo(32);
        steps.clear();
        for (int round = 0; round < 3; round++) {
            alloc.ioSubmitStateStart(32);
            List<IoKiocb> reqs = allocate(alloc, 32);
            alloc.ioSubmitStateEnd(32);
            alloc.ioFreeBatchList(new ModelBatch(reqs));
        }
        assertThat(steps).as("a cached request keeps its reference: no RCU section per submission or batch").isEmpty();
        alloc.ioReqCachesFree();
        assertThat(steps).containsExactly("rcu percpu_ref_put_many(ctx->refs)");
        assertThat(alloc.ctxRefsHeld()).isZero();
    }

    @Test
    void shouldBringTheSeriesEvPostedPatchesAlongInAKernelProfileOnly() {
        String base = KernelProfile.FOR_5_16_2021_10_04.name();
        assertThat(Strategies.resolve(RingConfig.builder(1).profile(base).build()).get(Axis.EV_POSTED).alias())
                .as("the base had both waitqueues and the SQPOLL look").isEqualTo("split-poll-wait");
        assertThat(Strategies.resolve(RingConfig.builder(1).profile(base).strategy("req-alloc", ReqCacheProvider.ALIAS)
                .build()).get(Axis.EV_POSTED).alias()).isEqualTo(ReqCacheProvider.MERGED_WAITQUEUE);
        assertThat(Strategies.resolve(RingConfig.builder(1).profile(base).strategy("req-alloc", ReqCacheProvider.ALIAS)
                .strategy("ev-posted", "split-poll-wait").build()).get(Axis.EV_POSTED).alias())
                .as("an axis asked for explicitly keeps its alias").isEqualTo("split-poll-wait");
        assertThat(Strategies.resolve(RingConfig.builder(1).strategy("req-alloc", ReqCacheProvider.ALIAS).build())
                .get(Axis.EV_POSTED).alias()).as("outside a kernel profile the axes move one at a time").isEqualTo(Axis.BASELINE);
    }

    @Test
    void shouldRefillLessOftenThanThe515ArrayWhenMoreRequestsAreLiveThanItsSlots() {
        Counters baseline = new Counters();
        Counters reqCache = new Counters();
        for (var arm : List.of(java.util.Map.entry(Axis.BASELINE, baseline), java.util.Map.entry(ReqCacheProvider.ALIAS, reqCache))) {
            RequestAllocation alloc = create(arm.getKey(), new RecordingSlab(), arm.getValue());
            for (int round = 0; round < 10; round++) {
                alloc.ioFreeBatchList(new ModelBatch(allocate(alloc, 40)));
            }
        }
        // 5.15: five bulk refills, then every round one more from free_list once the 32-slot array runs dry
        assertThat(baseline.get(Counter.REQ_BULK_ALLOC)).isEqualTo(5);
        assertThat(baseline.get(Counter.REQ_CACHE_REFILL)).isEqualTo(5 + 9);
        // 5.16: the five bulk refills only
        assertThat(reqCache.get(Counter.REQ_BULK_ALLOC)).isEqualTo(5);
        assertThat(reqCache.get(Counter.REQ_CACHE_REFILL)).isEqualTo(5);
    }
}
