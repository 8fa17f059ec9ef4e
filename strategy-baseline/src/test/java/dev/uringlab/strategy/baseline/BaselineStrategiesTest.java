package dev.uringlab.strategy.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Errno;
import dev.uringlab.api.PollEvents;
import dev.uringlab.api.SqeFlags;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.ModelBatch;
import dev.uringlab.spi.ModelCq;
import dev.uringlab.spi.ModelPollWait;
import dev.uringlab.spi.ModelPollWait.Access;
import dev.uringlab.spi.ModelReq;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.RequestAllocation;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.StrategyProvider;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each baseline, driven through fakes of what the engine gives it: the exact primitive sequence it issues. */
class BaselineStrategiesTest {

    /** A slab that records allocations and frees. */
    private static final class RecordingSlab<T> implements KmemCache<T> {
        final List<String> calls = new ArrayList<>();
        private final java.util.function.Supplier<T> ctor;

        RecordingSlab(java.util.function.Supplier<T> ctor) {
            this.ctor = ctor;
        }

        @Override public T kmemCacheAlloc() { calls.add("alloc"); return ctor.get(); }
        @Override public void kmemCacheFree(T obj) { calls.add("free"); }

        @Override
        public int kmemCacheAllocBulk(T[] into, int n) {
            calls.add("bulk " + n);
            for (int i = 0; i < n; i++) {
                into[i] = ctor.get();
            }
            return n;
        }
    }

    private static StrategyContext context(KmemCache<IoKiocb> reqs, KmemCache<Bio> bios) {
        return context(reqs, bios, new Counters());
    }

    private static StrategyContext context(KmemCache<IoKiocb> reqs, KmemCache<Bio> bios, Counters counters) {
        return new StrategyContext() {
            @Override public Counters counters() { return counters; }
            @Override public Optional<String> option(String key) { return Optional.empty(); }
            @Override public KmemCache<IoKiocb> reqCachep() { return reqs; }
            @Override public KmemCache<Bio> bioSlab() { return bios; }
            @Override public int cqEntries() { return 8; }
            @Override public int setupFlags() { return 0; }
        };
    }

    @Test
    void shouldFlushABatchInOneLockedSectionWithOneEvPosted() {
        ModelCq cq = new ModelCq(8);
        new CompletionBatchPosting(Trace.OFF).flushCompletions(cq, ModelBatch.of(new ModelReq(1, 0), new ModelReq(2, 0), new ModelReq(3, 0)));
        assertThat(cq.trace()).containsExactly("lock", "fill 1", "fill 2", "fill 3", "commit", "unlock", "ev_posted");
    }

    @Test
    void shouldPostEveryAuxCqeAloneUnderTheLockEvenWhenAllowedToDefer() {
        ModelCq cq = new ModelCq(1);
        CompletionBatchPosting posting = new CompletionBatchPosting(Trace.OFF);
        assertThat(posting.postAuxCqe(cq, 7, 1, 2, true, false)).isTrue();
        assertThat(posting.postAuxCqe(cq, 8, 1, 2, false, false)).isFalse();
        assertThat(posting.hasDeferred()).isFalse();
        // The second finds the CQ of one full: its fill is refused (nothing traced), its section is the same.
        assertThat(cq.trace()).containsExactly("lock", "fill 7", "commit", "unlock", "ev_posted",
                "lock", "commit", "unlock", "ev_posted");
        assertThat(cq.visibleUserData()).containsExactly(7L);
    }

    @Test
    void shouldRecycleRequestsThroughTheArrayAndTheFreeListAndBulkAllocateOnlyWhenBothAreEmpty() {
        RecordingSlab<IoKiocb> slab = new RecordingSlab<>(() -> new ModelReq(0, 0));
        Counters counters = new Counters();
        RequestAllocation alloc = new ReqsArrayRequestAllocation.Provider().create(context(slab, null, counters));
        List<IoKiocb> live = allocate(alloc, 40);
        assertThat(slab.calls).containsExactly("bulk 8", "bulk 8", "bulk 8", "bulk 8", "bulk 8");
        assertThat(counters.get(Counter.REQ_CACHE_REFILL)).isEqualTo(5);
        alloc.ioFreeBatchList(new ModelBatch(live)); // 32 into reqs[], 8 onto free_list
        List<IoKiocb> again = allocate(alloc, 40); // 32 from the array, then one refill from free_list
        assertThat(again).containsExactlyInAnyOrderElementsOf(live);
        assertThat(slab.calls).hasSize(5);
        assertThat(counters.get(Counter.REQ_CACHE_REFILL)).isEqualTo(6);
        assertThat(counters.get(Counter.REQ_BULK_ALLOC)).isEqualTo(5);
        alloc.ioFreeBatchList(new ModelBatch(again));
        alloc.ioReqCachesFree();
        assertThat(slab.calls.stream().filter("free"::equals)).hasSize(40);
    }

    @Test
    void shouldTakeTheLockedFreeListOnlyWhenMoreThanABatchWaitsThere() {
        RecordingSlab<IoKiocb> slab = new RecordingSlab<>(() -> new ModelReq(0, 0));
        Counters counters = new Counters();
        RequestAllocation alloc = new ReqsArrayRequestAllocation.Provider().create(context(slab, null, counters));
        List<IoKiocb> live = allocate(alloc, 33); // five bulks of 8: 7 stay in the array
        live.forEach(alloc::ioFreeReq);
        assertThat(counters.get(Counter.REQ_LOCKED_FREE)).isEqualTo(33);
        List<IoKiocb> again = allocate(alloc, 40); // 7 from the array, then the 33 from the locked list
        assertThat(again).containsAll(live);
        assertThat(counters.get(Counter.REQ_LOCKED_FLUSH)).isEqualTo(1);
        assertThat(counters.get(Counter.REQ_BULK_ALLOC)).isEqualTo(5);
        alloc.ioFreeBatchList(new ModelBatch(again));
        alloc.ioReqCachesFree();
        assertThat(slab.calls.stream().filter("free"::equals)).hasSize(40);
    }

    private static List<IoKiocb> allocate(RequestAllocation alloc, int n) {
        List<IoKiocb> reqs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            reqs.add(alloc.ioAllocReq());
        }
        return reqs;
    }

    @Test
    void shouldTakeThePollEntryOffOnWakeAndPutItBackBeforeTheCommit() {
        ModelPollWait poll = new ModelPollWait(false, Access.LIST); // armed: on the waitqueue; the baseline keeps no state
        ReaddWaitQueuePollRearm rearm = new ReaddWaitQueuePollRearm();
        assertThat(rearm.pollWake(poll, PollEvents.POLLIN)).isTrue();
        assertThat(rearm.pollDisarm(poll)).as("a remove while the task work is queued: off the list, -EALREADY").isFalse();
        assertThat(rearm.pollCheckEvents(poll)).as("the wakeup's mask is trusted: no vfs_poll").isFalse();
        assertThat(rearm.rearmInPost()).as("io_poll_task_func re-adds under the CQE's completion lock").isTrue();
        assertThat(rearm.pollRearm(poll)).as("and looks no further").isEqualTo(PollRearm.Rearmed.NO_ACTION);
        assertThat(rearm.pollDisarm(poll)).as("a remove of the armed poll").isTrue();
        assertThat(poll.calls()).containsExactly("list_del_init", "add_wait_queue");
    }

    @Test
    void shouldLeaveAWakeupForAnotherEventOnTheListWithoutTaskWork() {
        ModelPollWait poll = new ModelPollWait(false, Access.LIST);
        ReaddWaitQueuePollRearm rearm = new ReaddWaitQueuePollRearm();
        assertThat(rearm.pollWake(poll, PollEvents.POLLOUT)).as("__io_async_wake: the event test comes first").isFalse();
        assertThat(rearm.pollWake(poll, PollEvents.POLLIN)).as("the next POLLIN wakeup").isTrue();
        assertThat(poll.calls()).containsExactly("list_del_init");
    }

    @Test
    void shouldRejectCqeSkipSuccessAsAnUnknownFlagAndLetEveryOtherRequestPost() {
        EveryRequestLinkCqe link = new EveryRequestLinkCqe();
        ModelReq skip = new ModelReq(1, SqeFlags.IOSQE_CQE_SKIP_SUCCESS | SqeFlags.IOSQE_IO_LINK);
        assertThat(link.initReq(skip)).isEqualTo(-Errno.EINVAL);
        assertThat(skip.flags()).isEqualTo(SqeFlags.IOSQE_IO_LINK);
        ModelReq plain = new ModelReq(2, SqeFlags.IOSQE_IO_LINK);
        assertThat(link.initReq(plain)).isZero();
        link.reqSetFail(plain);
        link.failLink(plain, skip);
        assertThat(plain.flags()).isEqualTo(SqeFlags.IOSQE_IO_LINK);
        assertThat(link.features()).isZero();
    }

    @Test
    void shouldTakeEveryBioFromTheSlabAndGiveItBack() {
        RecordingSlab<Bio> slab = new RecordingSlab<>(() -> new Bio() {
            @Override public int maxVecs() { return 4; }
            @Override public boolean percpuCache() { return false; }
            @Override public void percpuCache(boolean cached) { }
        });
        SlabBioAllocation bios = (SlabBioAllocation) new SlabBioAllocation.Provider().create(context(null, slab));
        bios.bioPut(bios.bioAlloc(0, 1, true), 0, BioAllocation.PutContext.POLLED);
        bios.bioPut(bios.bioAlloc(0, 1, false), 0, BioAllocation.PutContext.IRQ);
        assertThat(slab.calls).containsExactly("alloc", "free", "alloc", "free");
    }

    @Test
    void shouldRegisterOneBaselinePerAxisNamingItsKernel() {
        for (Axis<?> axis : Axis.values()) {
            List<? extends StrategyProvider<?>> providers = Strategies.of(axis);
            assertThat(providers).as(axis.key()).isNotEmpty();
            StrategyProvider<?> baseline = providers.get(0);
            assertThat(baseline.alias()).isEqualTo(Axis.BASELINE);
            assertThat(baseline.getClass().getName()).startsWith("dev.uringlab.strategy.baseline.");
            assertThat(baseline.kernel()).matches("\\d+\\.\\d+");
            assertThat(baseline.summary()).isNotBlank();
        }
        assertThat(Strategies.of(Axis.COMPLETION).get(0).kernel()).isEqualTo("6.1");
        assertThat(Strategies.of(Axis.LINK_CQE).get(0).kernel()).isEqualTo("5.16");
    }
}
