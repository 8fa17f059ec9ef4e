package dev.uringlab.workloads.regb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.RingProvider;
import dev.uringlab.testkit.Require;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * reg.b's loop on the emulated ring under both completion-posting strategies, and on the
 * real kernel where io_uring is available; and the counters of one round, which are the
 * whole story of seed 000. Per 128 multishot CQEs the 6.1 baseline commits the tail, runs
 * ev_posted and signals the eventfd 128 times, and takes the completion lock 256 times: once
 * in io_post_aux_cqe and once in ev_posted's io_eventfd_flush_signal, since an eventfd is
 * registered. 6.2's batched-cqe defers all 128 into the 16-entry array, writes out a full
 * array 7 times (one lock each, no commit) and posts the last 16 in the batch flush (the 8th
 * lock, one commit, one ev_posted with its eventfd lock, one eventfd signal): 128/16 + 1 = 9
 * locks, 1 of the rest. Both arms also signal the eventfd once before any CQE: reg.b's ring is
 * DEFER_TASKRUN, and the first poll's task work finds ctx->work_llist empty
 * (io_req_local_work_add, v6.1-rc7 io_uring/io_uring.c:1112, 1125-1126); the work runs in the one
 * io_uring_enter(GETEVENTS) of the round (one local-work pass, no task-work pass).
 */
class RegbPollMultiTest {
    private static final int ROUNDS = 50;

    @Test
    void shouldRunRoundsOfOneHundredTwentyEightCqesOnTheEmulatedRing() throws RingUnavailableException {
        for (String completion : new String[] {"baseline", "batched-cqe"}) {
            try (Ring ring = Rings.open("emulated", RegbPollMulti.setup().strategy("completion", completion).build());
                    RegbPollMulti regb = new RegbPollMulti(ring)) {
                for (int i = 0; i < ROUNDS; i++) {
                    assertThat(regb.round()).as(completion).isEqualTo(RegbPollMulti.NSQE);
                }
                assertThat(ring.cqReady()).isZero();
            }
        }
    }

    @Test
    void shouldRunUnchangedOnTheRealKernel() throws RingUnavailableException {
        RingProvider nativeRing = Rings.providers().get("native");
        Require.nativeIoUring(nativeRing == null ? Optional.of("no native ring engine on the class path") : nativeRing.unavailableReason());
        try (Ring ring = nativeRing.open(RegbPollMulti.setup().build()); RegbPollMulti regb = new RegbPollMulti(ring)) {
            for (int i = 0; i < ROUNDS; i++) {
                assertThat(regb.round()).isEqualTo(RegbPollMulti.NSQE);
            }
        }
    }

    @Test
    void shouldTakeTwoLocksAndOneEventfdSignalPerAuxCqeOnBaseline() throws RingUnavailableException {
        Map<Counter, Long> round = countersOfOneRound(RegbPollMulti.setup());
        assertThat(round).containsEntry(Counter.CQE_FILLED, 128L)
                .containsEntry(Counter.COMPLETION_LOCK, 2 * 128L)
                .containsEntry(Counter.CQ_COMMIT, 128L)
                .containsEntry(Counter.EV_POSTED, 128L)
                .containsEntry(Counter.EVENTFD_SIGNAL, 128L + 1)
                .containsEntry(Counter.AUX_CQE_DEFERRED, 0L);
        assertThat(round).as("DEFER_TASKRUN: the wait for 128 CQEs enters once and runs the local work there")
                .containsEntry(Counter.ENTER, 1L)
                .containsEntry(Counter.LOCAL_WORK_PASS, 1L)
                .containsEntry(Counter.TASK_WORK_PASS, 0L)
                .containsEntry(Counter.TASK_WORK_RUN, 128L);
    }

    @Test
    void shouldTakeOneLockPerSixteenCqesAndOneEventfdSignalPerRoundForTheCqesOnBatchedCqe() throws RingUnavailableException {
        Map<Counter, Long> round = countersOfOneRound(RegbPollMulti.setup().strategy("completion", "batched-cqe"));
        // 128 deferred; the 17th, 33rd, ... 113th find the array full: 7 lock sections without a
        // commit; the batch flush posts the last 16: the 8th lock, the only commit and
        // ev_posted, whose eventfd check is the 9th lock.
        assertThat(round).containsEntry(Counter.CQE_FILLED, 128L)
                .containsEntry(Counter.AUX_CQE_DEFERRED, 128L)
                .containsEntry(Counter.COMPLETION_LOCK, 128L / 16 + 1)
                .containsEntry(Counter.CQ_COMMIT, 1L)
                .containsEntry(Counter.EV_POSTED, 1L)
                .containsEntry(Counter.EVENTFD_SIGNAL, 1L + 1)
                .containsEntry(Counter.ENTER, 1L)
                .containsEntry(Counter.LOCAL_WORK_PASS, 1L);
    }

    @Test
    void shouldFollowTheCqeArrayLengthOption() throws RingUnavailableException {
        Map<Counter, Long> eight = countersOfOneRound(RegbPollMulti.setup().strategy("completion", "batched-cqe").option("cqe-array", "8"));
        Map<Counter, Long> big = countersOfOneRound(RegbPollMulti.setup().strategy("completion", "batched-cqe").option("cqe-array", "128"));
        assertThat(eight).containsEntry(Counter.COMPLETION_LOCK, 128L / 8 + 1).containsEntry(Counter.EV_POSTED, 1L);
        assertThat(big).as("the whole round in one array").containsEntry(Counter.COMPLETION_LOCK, 1L + 1);
    }

    @Test
    void shouldRunFewerPollsWithoutAnEventfdForTheCalibration() throws RingUnavailableException {
        try (Ring ring = Rings.open("emulated", RegbPollMulti.setup().build()); RegbPollMulti regb = new RegbPollMulti(ring, 8, false)) {
            assertThat(regb.eventfd()).isEqualTo(-1);
            regb.round();
            Map<Counter, Long> before = ring.counters().snapshot();
            assertThat(regb.round()).isEqualTo(8);
            assertThat(ring.counters().snapshot().get(Counter.CQE_FILLED) - before.get(Counter.CQE_FILLED)).isEqualTo(8);
            assertThat(ring.counters().snapshot().get(Counter.EVENTFD_SIGNAL) - before.get(Counter.EVENTFD_SIGNAL)).isZero();
            assertThat(ring.cqReady()).isZero();
        }
        try (Ring ring = Rings.open("emulated", RegbPollMulti.setup().build())) {
            assertThatThrownBy(() -> new RegbPollMulti(ring, 129, true)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("polls 129: 1 to 128");
        }
    }

    /** The counters of the third round (the first two warm nothing up, but leave setup out of the count). */
    private static Map<Counter, Long> countersOfOneRound(RingConfig.Builder config) throws RingUnavailableException {
        try (Ring ring = Rings.open("emulated", config.build()); RegbPollMulti regb = new RegbPollMulti(ring)) {
            regb.round();
            regb.round();
            Counters counters = ring.counters();
            Map<Counter, Long> before = counters.snapshot();
            regb.round();
            Map<Counter, Long> delta = new EnumMap<>(Counter.class);
            counters.snapshot().forEach((c, v) -> delta.put(c, v - before.get(c)));
            return delta;
        }
    }
}
