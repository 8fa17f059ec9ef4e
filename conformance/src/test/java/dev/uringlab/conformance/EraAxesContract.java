package dev.uringlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.NopFlags;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.EvPosted;
import dev.uringlab.spi.EvPostedContext;
import dev.uringlab.spi.GetCqe;
import dev.uringlab.spi.IoWqCompletion;
import dev.uringlab.spi.LinkAdvance;
import dev.uringlab.spi.ModelCq;
import dev.uringlab.spi.ModelReq;
import dev.uringlab.spi.NopFlagSet;
import dev.uringlab.spi.StrategyProvider;
import dev.uringlab.spi.TaskWork;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contracts of the era axes ({@code link-advance}, {@code iowq-complete},
 * {@code ev-posted}, {@code get-cqe}, {@code task-work}, {@code nop-flags}), run for every registered implementation. Their CQE streams are held by
 * the scenario suite (every alias alone, every kernel profile); here, what each call may do.
 */
class EraAxesContract {

    static Stream<Named<StrategyProvider<LinkAdvance>>> linkAdvance() {
        return Providers.of(Axis.LINK_ADVANCE);
    }

    static Stream<Named<StrategyProvider<IoWqCompletion>>> iowqComplete() {
        return Providers.of(Axis.IOWQ_COMPLETE);
    }

    static Stream<Named<StrategyProvider<EvPosted>>> evPosted() {
        return Providers.of(Axis.EV_POSTED);
    }

    static Stream<Named<StrategyProvider<GetCqe>>> getCqe() {
        return Providers.of(Axis.GET_CQE);
    }

    static Stream<Named<StrategyProvider<TaskWork>>> taskWork() {
        return Providers.of(Axis.TASK_WORK);
    }

    static Stream<Named<StrategyProvider<NopFlagSet>>> nopFlags() {
        return Providers.of(Axis.NOP_FLAGS);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("taskWork")
    void shouldHandTheOwnerEveryAddOnceInOrderAndEndTheRunWhenEmpty(StrategyProvider<TaskWork> p) {
        TaskWork tw = p.create(new FakeStrategyContext());
        assertThat(tw.isEmpty()).isTrue();
        List<Long> ran = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 5; i++) {
                tw.ioReqTaskWorkAdd(new ModelReq(round * 10 + i, 0));
            }
            assertThat(tw.isEmpty()).isFalse();
            assertThat(tw.tctxTaskWorkTake(r -> ran.add(r.userData()))).isEqualTo(5);
            assertThat(tw.tctxTaskWorkTake(r -> ran.add(r.userData()))).as("the round after takes nothing: the run ends").isZero();
            assertThat(tw.isEmpty()).isTrue();
        }
        assertThat(ran).containsExactly(0L, 1L, 2L, 3L, 4L, 10L, 11L, 12L, 13L, 14L, 20L, 21L, 22L, 23L, 24L);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("taskWork")
    void shouldLoseNoAddFromOtherThreads(StrategyProvider<TaskWork> p) throws InterruptedException {
        TaskWork tw = p.create(new FakeStrategyContext());
        int threads = 3;
        int each = 20_000;
        List<Thread> adders = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long base = t * 1_000_000L;
            adders.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < each; i++) {
                    tw.ioReqTaskWorkAdd(new ModelReq(base + i, 0));
                }
            }));
        }
        long[] last = {-1, -1, -1};
        int[] taken = {0};
        while (adders.stream().anyMatch(Thread::isAlive) || !tw.isEmpty()) {
            tw.tctxTaskWorkTake(r -> {
                int t = (int) (r.userData() / 1_000_000L);
                assertThat(r.userData()).as("each adder's work in its order").isGreaterThan(last[t]);
                last[t] = r.userData();
                taken[0]++;
            });
        }
        for (Thread a : adders) {
            a.join();
        }
        while (tw.tctxTaskWorkTake(r -> taken[0]++) != 0) {
            // drain what the last look missed
        }
        assertThat(taken[0]).isEqualTo(threads * each);
    }

    /** A CQ ring of 8 entries whose tail and head a test sets, counting the head loads. */
    static final class FakeTail implements GetCqe.CqTail {
        int tail;
        int head;
        int headLoads;

        @Override public int cachedCqTail() { return tail; }
        @Override public int lvCqHead() { headLoads++; return head; }
        @Override public int cqEntries() { return 8; }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("getCqe")
    void shouldHandOutOnlyFreeSlotsAndNoneOfAFullRing(StrategyProvider<GetCqe> p) {
        GetCqe g = p.create(new FakeStrategyContext());
        FakeTail cq = new FakeTail();
        for (int head = 0; head < 16; head++) {
            for (int tail = head; tail <= head + 8; tail++) {
                cq.head = head;
                cq.tail = tail;
                int len = g.ioCqeCacheRefill(cq);
                int free = 8 - (tail - head);
                assertThat(len).as("tail %d head %d", tail, head).isBetween(free == 0 ? 0 : 1, free);
                assertThat((tail & 7) + len).as("a range never wraps past the ring's end").isLessThanOrEqualTo(8);
            }
        }
        assertThat(cq.headLoads).as("the head is looked at for every refill").isEqualTo(16 * 9);
    }


    @ParameterizedTest(name = "{0}")
    @MethodSource("linkAdvance")
    void shouldDecideTheSameWayForEveryRequestOfARing(StrategyProvider<LinkAdvance> p) {
        LinkAdvance a = p.create(new FakeStrategyContext());
        boolean first = a.ioQueueNextInline(new ModelReq(1, 0));
        for (int i = 2; i < 10; i++) {
            assertThat(a.ioQueueNextInline(new ModelReq(i, 0))).as("a kernel advances every chain one way").isEqualTo(first);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("iowqComplete")
    void shouldPostExactlyOneCqeUnderTheLockOrNothing(StrategyProvider<IoWqCompletion> p) {
        for (int flags : new int[] {0, SetupFlags.IORING_SETUP_IOPOLL, SetupFlags.IORING_SETUP_DEFER_TASKRUN}) {
            IoWqCompletion c = p.create(new FakeStrategyContext());
            ModelCq cq = new ModelCq(8);
            boolean posted = c.ioReqCompletePost(cq, new ModelReq(5, 0), flags);
            cq.assertQuiescent("io_req_complete_post");
            List<Long> reaped = cq.reapAll().stream().map(ModelCq.Entry::userData).toList();
            if (posted) {
                assertThat(reaped).as("flags 0x%x", flags).containsExactly(5L);
                assertThat(cq.counters().get(Counter.COMPLETION_LOCK)).isEqualTo(1);
            } else {
                assertThat(reaped).as("flags 0x%x: punted, nothing posted", flags).isEmpty();
                assertThat(cq.counters().get(Counter.COMPLETION_LOCK)).isZero();
            }
            if (flags == 0) {
                assertThat(posted).as("a ring without a lockless CQ: every kernel's worker posts").isTrue();
            }
            if (flags == SetupFlags.IORING_SETUP_DEFER_TASKRUN && p.mainline().contains("6.2")) {
                assertThat(posted).as("DEFER_TASKRUN (6.2+): the submitter task completes").isFalse();
            }
        }
    }

    /** The CQ waitqueue and eventfd, recording the calls. */
    static final class FakeEv implements EvPostedContext {
        final List<String> calls = new ArrayList<>();
        boolean sleeper;
        boolean evfd;
        boolean posted = true;

        @Override public boolean waitqueueActive() { calls.add("waitqueue_active"); return sleeper; }
        @Override public void smpMb() { calls.add("smp_mb"); }
        @Override public void wakeUpCqWait() { calls.add("wake_up"); }
        @Override public boolean sqpollWaitActive() { calls.add("sq_data"); return false; }
        @Override public boolean pollWaitActive() { calls.add("poll_wait_active"); return false; }
        @Override public void wakeUpPollWait() { calls.add("wake_up_poll_wait"); }
        @Override public boolean hasEventfd() { return evfd; }
        @Override public void ioCommitCqringFlush(boolean pollActivated, boolean uringWake) {
            calls.add("__io_commit_cqring_flush");
            if (pollActivated) {
                calls.add("poll_wq_has_sleeper");
            }
            if (!evfd) {
                return;
            }
            calls.add("flush_check");
            if (posted) {
                posted = false;
                eventfdSignal(uringWake);
            }
        }
        @Override public void eventfdSignal(boolean uringWake) { calls.add("eventfd_signal"); }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("iowqComplete")
    void shouldPostNothingForASuppressedCqe(StrategyProvider<IoWqCompletion> p) {
        IoWqCompletion c = p.create(new FakeStrategyContext());
        ModelCq cq = new ModelCq(8);
        c.ioReqCompletePost(cq, new ModelReq(6, dev.uringlab.spi.ReqFlags.REQ_F_CQE_SKIP), 0);
        cq.assertQuiescent("io_req_complete_post");
        assertThat(cq.reapAll()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("evPosted")
    void shouldWakeASleeperAfterABarrierAndSignalARegisteredEventfd(StrategyProvider<EvPosted> p) {
        EvPosted e = p.create(new FakeStrategyContext());
        FakeEv none = new FakeEv();
        e.ioCqringEvPosted(none);
        assertThat(none.calls).doesNotContain("wake_up", "eventfd_signal");
        FakeEv both = new FakeEv();
        both.sleeper = true;
        both.evfd = true;
        e.ioCqringEvPosted(both);
        assertThat(both.calls).contains("wake_up", "eventfd_signal");
        assertThat(both.calls.indexOf("smp_mb")).as("the barrier before the lockless look").isGreaterThanOrEqualTo(0)
                .isLessThan(both.calls.indexOf("waitqueue_active"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nopFlags")
    void shouldTakeInjectResultAndOnlyFlagsTheUapiDefines(StrategyProvider<NopFlagSet> p) {
        int mask = p.create(new FakeStrategyContext()).nopFlags();
        assertThat(mask & NopFlags.IORING_NOP_INJECT_RESULT).as("the suite's way to fail a NOP, on every profile").isNotZero();
        int uapi = NopFlags.IORING_NOP_INJECT_RESULT | NopFlags.IORING_NOP_FILE | NopFlags.IORING_NOP_FIXED_FILE
                | NopFlags.IORING_NOP_FIXED_BUFFER | NopFlags.IORING_NOP_TW | NopFlags.IORING_NOP_CQE32;
        assertThat(mask & ~uapi).as("bits include/uapi/linux/io_uring.h (v6.18.2) does not define").isZero();
        assertThat(p.create(new FakeStrategyContext()).nopFlags()).as("one kernel, one set").isEqualTo(mask);
    }
}
