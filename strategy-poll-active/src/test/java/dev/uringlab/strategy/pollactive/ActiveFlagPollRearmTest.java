package dev.uringlab.strategy.pollactive;

import static dev.uringlab.api.PollEvents.POLLIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link ActiveFlagPollRearm} on a model poll (the gate and the flag) and on the emulated ring
 * beside the 5.15 baseline: the same CQEs, with the waitqueue traffic the patch removes gone.
 */
class ActiveFlagPollRearmTest {
    private static final int WAKEUPS = 100;

    /** A POLL_ADD's or an internal poll's wait entry; the head lock is not modelled here (one thread). */
    private static final class ModelPoll implements PollWait {
        final boolean internal;
        boolean queued = true;
        int state;
        int adds;
        int removes;

        ModelPoll(boolean internal) {
            this.internal = internal;
        }

        @Override public void addWaitQueue() { queued = true; adds++; }
        @Override public void listDelInit() { queued = false; removes++; }
        @Override public boolean isQueued() { return queued; }
        @Override public boolean isInternal() { return internal; }
        @Override public long userData() { return 7; }
        @Override public int loState() { return state; }
        @Override public void woState(int value) { state = value; }
        @Override public int lvState() { return state; }
        @Override public void svState(int value) { state = value; }
        @Override public boolean casState(int expect, int update) { throw new AssertionError("the patch has no CAS"); }
        @Override public int xaddState(int delta) { throw new AssertionError("the patch has no atomic add"); }
        @Override public int lpPass() { throw new AssertionError("the patch keeps no pass word"); }
        @Override public void spPass(int value) { throw new AssertionError("the patch keeps no pass word"); }
    }

    @Test
    void shouldIgnoreWakeupsWhileInactiveAndStayQueued() {
        ActiveFlagPollRearm r = new ActiveFlagPollRearm(Trace.OFF);
        ModelPoll poll = new ModelPoll(false);
        assertThat(r.pollWake(poll)).as("the first wakeup").isTrue();
        assertThat(poll.state).isEqualTo(ActiveFlagPollRearm.INACTIVE);
        assertThat(r.pollWake(poll)).as("a wakeup while the task work is pending").isFalse();
        assertThat(r.pollRearm(poll)).as("the engine re-checks for a refused wakeup").isEqualTo(PollRearm.Rearmed.RECHECK);
        assertThat(poll.state).isEqualTo(ActiveFlagPollRearm.ACTIVE);
        assertThat(r.pollWake(poll)).as("the first wakeup after the re-arm").isTrue();
        assertThat(poll.queued).isTrue();
        assertThat(poll.adds).isZero();
        assertThat(poll.removes).isZero();
    }

    @Test
    void shouldKeepTheOldPathForAnInternalPoll() {
        ActiveFlagPollRearm r = new ActiveFlagPollRearm(Trace.OFF);
        ModelPoll poll = new ModelPoll(true);
        assertThat(r.pollWake(poll)).isTrue();
        assertThat(poll.queued).as("io_async_wake: list_del_init").isFalse();
        r.pollRearm(poll);
        assertThat(poll.queued).as("io_poll_rewait: add_wait_queue").isTrue();
        assertThat(poll.state).as("the flag is not touched").isEqualTo(ActiveFlagPollRearm.ACTIVE);
        assertThat(List.of(poll.adds, poll.removes)).containsExactly(1, 1);
    }

    @Test
    void shouldPostTheBaselineStreamWithoutTheWaitqueueRoundTrips() throws RingUnavailableException {
        Run baseline = multishotWokenManyTimes(Axis.BASELINE);
        Run active = multishotWokenManyTimes(PollActiveProvider.ALIAS);
        assertThat(active.cqes()).hasSize(WAKEUPS).isEqualTo(baseline.cqes());
        assertThat(baseline.counters().get(Counter.WAITQUEUE_ADD)).as("baseline adds: arm + one per re-arm").isEqualTo(1 + WAKEUPS);
        assertThat(baseline.counters().get(Counter.WAITQUEUE_REMOVE)).as("baseline removes: one per wakeup").isEqualTo(WAKEUPS);
        assertThat(active.counters().get(Counter.WAITQUEUE_ADD)).as("active-flag adds: the arm only").isEqualTo(1);
        assertThat(active.counters().get(Counter.WAITQUEUE_REMOVE)).as("active-flag removes").isZero();
        assertThat(active.counters().get(Counter.WAITQUEUE_LOCK))
                .as("one head-lock round trip fewer per event").isEqualTo(baseline.counters().get(Counter.WAITQUEUE_LOCK) - WAKEUPS);
        for (Run run : List.of(baseline, active)) {
            assertThat(run.counters().get(Counter.POLL_WAKE_ACCEPTED)).isEqualTo(WAKEUPS);
            assertThat(run.counters().get(Counter.POLL_WAKE_IGNORED)).isZero();
        }
    }

    @Test
    void shouldLeaveAReadWaitingOnAnEmptyPipeOnTheOldPath() throws RingUnavailableException {
        RingConfig config = RingConfig.builder(8).deterministic(true).strategy(Axis.POLL_REARM.key(), PollActiveProvider.ALIAS).build();
        try (Ring ring = Rings.open("emulated", config); Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(16);
            int[] pipe = ring.sys().pipe();
            ring.getSqe().prepRead(pipe[0], buf, 16, 0).userData(1);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(ring.sys().write(pipe[1], buf, 16)).isEqualTo(16);
            assertThat(ring.waitCqes(1)).isZero();
            assertThat(ring.peekCqe().res()).isEqualTo(16);
            assertThat(ring.counters().get(Counter.WAITQUEUE_REMOVE)).as("io_async_wake's list_del_init").isEqualTo(1);
        }
    }

    /** The steps a demo narrates for one event: the flag cleared by the wake, set again by the task work, no list operation. */
    @Test
    void shouldTraceTheFlagInsteadOfTheWaitqueueRoundTrip() throws RingUnavailableException {
        List<TracePoint> steps = new ArrayList<>();
        List<TracePoint> event;
        RingConfig config = RingConfig.builder(8).deterministic(true).strategy(Axis.POLL_REARM.key(), PollActiveProvider.ALIAS)
                .trace(e -> steps.add(e.point())).build();
        try (Ring ring = Rings.open("emulated", config); Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(1);
            int[] pipe = ring.sys().pipe();
            ring.getSqe().prepPollMultishot(pipe[0], POLLIN).userData(42);
            assertThat(ring.submit()).isEqualTo(1);
            steps.clear();
            assertThat(ring.sys().write(pipe[1], buf, 1)).isEqualTo(1);
            event = List.copyOf(steps); // the write's wakeup and the task work it ran on the way back
        }
        List<TracePoint> poll = event.stream().filter(p -> p.area() == TracePoint.Area.POLL || p.area() == TracePoint.Area.STRATEGY
                || p.area() == TracePoint.Area.WAITQUEUE).toList();
        assertThat(poll).startsWith(TracePoint.WAKE_UP, TracePoint.IO_POLL_ACTIVE_CLEAR, TracePoint.IO_POLL_WAKE,
                TracePoint.IO_POLL_TASK_FUNC, TracePoint.IO_POLL_REARM, TracePoint.IO_POLL_ACTIVE_SET)
                .doesNotContain(TracePoint.ADD_WAIT_QUEUE, TracePoint.LIST_DEL_INIT);
    }

    private record Run(List<String> cqes, Map<Counter, Long> counters) {}

    /** Scenario "multishot poll woken many times": one multishot POLL_ADD on a pipe; write, reap, read, WAKEUPS times. */
    private static Run multishotWokenManyTimes(String pollRearm) throws RingUnavailableException {
        RingConfig config = RingConfig.builder(8).deterministic(true).strategy(Axis.POLL_REARM.key(), pollRearm).build();
        List<String> cqes = new ArrayList<>();
        try (Ring ring = Rings.open("emulated", config); Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(1);
            int[] pipe = ring.sys().pipe();
            ring.getSqe().prepPollMultishot(pipe[0], POLLIN).userData(42);
            assertThat(ring.submit()).isEqualTo(1);
            for (int i = 0; i < WAKEUPS; i++) {
                assertThat(ring.sys().write(pipe[1], buf, 1)).isEqualTo(1);
                assertThat(ring.waitCqes(1)).isZero();
                ring.cqAdvance(ring.forEachCqe((ud, res, flags) -> cqes.add(ud + " " + res + " " + flags)));
                assertThat(ring.sys().read(pipe[0], buf, 1)).isEqualTo(1);
            }
            return new Run(cqes, ring.counters().snapshot());
        }
    }
}
