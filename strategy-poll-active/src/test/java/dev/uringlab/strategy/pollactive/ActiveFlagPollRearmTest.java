package dev.uringlab.strategy.pollactive;

import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.PollEvents.POLLOUT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.ModelPollWait;
import dev.uringlab.spi.ModelPollWait.Access;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import dev.uringlab.strategy.pollactive.ActiveFlagPollRearm.Order;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link ActiveFlagPollRearm} on a model poll (the gate, the flag, the order of the mask test)
 * and on the emulated ring beside the 5.15 baseline: the same CQEs on a pipe, with the waitqueue
 * traffic the patch removes gone; on an AF_UNIX socket pair, the stall of the patch as posted.
 */
class ActiveFlagPollRearmTest {
    private static final int WAKEUPS = 100;

    /** A POLLIN poll's wait entry (POLL_ADD or internal): the patch touches its list and its flag with READ_ONCE/WRITE_ONCE only. */
    private static ModelPollWait poll(boolean internal) {
        return new ModelPollWait(internal, Access.LIST, Access.ONCE);
    }

    private static ActiveFlagPollRearm asPosted() {
        return new ActiveFlagPollRearm(Trace.OFF, Order.AS_POSTED);
    }

    private static ActiveFlagPollRearm maskFirst() {
        return new ActiveFlagPollRearm(Trace.OFF, Order.MASK_FIRST);
    }

    @Test
    void shouldIgnoreWakeupsWhileInactiveAndStayQueued() {
        for (ActiveFlagPollRearm r : List.of(asPosted(), maskFirst())) {
            ModelPollWait poll = poll(false);
            assertThat(r.pollWake(poll, POLLIN)).as("the first wakeup").isTrue();
            assertThat(poll.state()).isEqualTo(ActiveFlagPollRearm.INACTIVE);
            assertThat(r.pollWake(poll, POLLIN)).as("a wakeup while the task work is pending").isFalse();
            assertThat(r.rearmInPost()).as("WRITE_ONCE(active, true) under the CQE's completion lock").isTrue();
            assertThat(r.pollRearm(poll)).as("nothing is re-checked").isEqualTo(PollRearm.Rearmed.NO_ACTION);
            assertThat(poll.state()).isEqualTo(ActiveFlagPollRearm.ACTIVE);
            assertThat(r.pollWake(poll, POLLIN)).as("the first wakeup after the re-arm").isTrue();
            assertThat(poll.isQueued()).isTrue();
            assertThat(poll.calls()).isEmpty();
        }
    }

    /** The bug as posted: io_poll_wake clears the flag before __io_async_wake's mask test, and nothing sets it again. */
    @Test
    void shouldStallAfterAWakeupForAnotherEventAsPosted() {
        ActiveFlagPollRearm r = asPosted();
        ModelPollWait poll = poll(false);
        assertThat(r.pollWake(poll, POLLOUT)).as("a POLLOUT wakeup of a POLLIN poll queues nothing").isFalse();
        assertThat(poll.state()).as("but cleared the flag").isEqualTo(ActiveFlagPollRearm.INACTIVE);
        for (int i = 0; i < 3; i++) {
            assertThat(r.pollWake(poll, POLLIN)).as("POLLIN wakeup %d after it", i).isFalse();
        }
    }

    @Test
    void shouldLeaveTheFlagAloneForAWakeupForAnotherEventWhenTheMaskComesFirst() {
        ActiveFlagPollRearm r = maskFirst();
        ModelPollWait poll = poll(false);
        assertThat(r.pollWake(poll, POLLOUT)).isFalse();
        assertThat(poll.state()).isEqualTo(ActiveFlagPollRearm.ACTIVE);
        assertThat(r.pollWake(poll, POLLIN)).isTrue();
    }

    /** io_poll_wake's test of a wakeup without a key: it is for everyone. */
    @Test
    void shouldTakeAWakeupWithoutAKey() {
        for (ActiveFlagPollRearm r : List.of(asPosted(), maskFirst())) {
            assertThat(r.pollWake(poll(false), 0)).isTrue();
        }
    }

    @Test
    void shouldKeepTheOldPathForAnInternalPoll() {
        for (ActiveFlagPollRearm r : List.of(asPosted(), maskFirst())) {
            ModelPollWait poll = poll(true);
            assertThat(r.pollWake(poll, POLLIN)).isTrue();
            assertThat(poll.isQueued()).as("io_async_wake: list_del_init").isFalse();
            r.pollRearm(poll);
            assertThat(poll.isQueued()).as("io_poll_rewait: add_wait_queue").isTrue();
            assertThat(poll.state()).as("the flag is not touched").isEqualTo(ActiveFlagPollRearm.ACTIVE);
            assertThat(poll.calls()).containsExactly("list_del_init", "add_wait_queue");
        }
    }

    /** As posted, io_async_wake's list_del_init comes before the mask test: a READ waiting for POLLIN is dropped. */
    @Test
    void shouldDropAnInternalPollOnAWakeupForAnotherEventAsPosted() {
        ModelPollWait posted = poll(true);
        assertThat(asPosted().pollWake(posted, POLLOUT)).isFalse();
        assertThat(posted.isQueued()).as("off the list, no task work: nothing will wake it").isFalse();
        ModelPollWait repaired = poll(true);
        assertThat(maskFirst().pollWake(repaired, POLLOUT)).isFalse();
        assertThat(repaired.isQueued()).isTrue();
    }

    /** __io_poll_remove_one looks at the list only, and with the flag the entry never leaves it. */
    @Test
    void shouldLetARemoveTakeThePollWhileItsTaskWorkIsQueued() {
        ModelPollWait poll = poll(false);
        ActiveFlagPollRearm r = asPosted();
        assertThat(r.pollWake(poll, POLLIN)).isTrue();
        assertThat(r.pollDisarm(poll)).isTrue();
    }

    @Test
    void shouldPostTheBaselineStreamWithoutTheWaitqueueRoundTrips() throws RingUnavailableException {
        Run baseline = multishotWokenManyTimes(Axis.BASELINE);
        for (String alias : List.of(PollActiveProvider.ALIAS, PollActiveProvider.MASK_FIRST_ALIAS)) {
            Run active = multishotWokenManyTimes(alias);
            assertThat(active.cqes()).as(alias).hasSize(WAKEUPS).isEqualTo(baseline.cqes());
            assertThat(active.counters().get(Counter.WAITQUEUE_ADD)).as("%s adds: the arm only", alias).isEqualTo(1);
            assertThat(active.counters().get(Counter.WAITQUEUE_REMOVE)).as("%s removes", alias).isZero();
            assertThat(active.counters().get(Counter.WAITQUEUE_LOCK)).as("%s: one head-lock round trip fewer per event", alias)
                    .isEqualTo(baseline.counters().get(Counter.WAITQUEUE_LOCK) - WAKEUPS);
            assertThat(active.counters().get(Counter.POLL_WAKE_ACCEPTED)).isEqualTo(WAKEUPS);
            assertThat(active.counters().get(Counter.POLL_WAKE_IGNORED)).isZero();
        }
        assertThat(baseline.counters().get(Counter.WAITQUEUE_ADD)).as("baseline adds: arm + one per re-arm").isEqualTo(1 + WAKEUPS);
        assertThat(baseline.counters().get(Counter.WAITQUEUE_REMOVE)).as("baseline removes: one per wakeup").isEqualTo(WAKEUPS);
        assertThat(baseline.counters().get(Counter.POLL_WAKE_ACCEPTED)).isEqualTo(WAKEUPS);
    }

    /**
     * Seed 002's stall on an AF_UNIX socket pair: the server's POLLIN poll gets its first request;
     * it replies; the client's read frees the reply's bytes, charged to the server's end, whose
     * unix_write_space wakes it with POLLOUT. As posted, the flag is now clear for good and the
     * next request posts nothing; with the mask first, and on the baseline, it posts its CQE.
     */
    @Test
    void shouldStopDeliveringPollinAfterTheFirstPolloutWakeupAsPosted() throws RingUnavailableException {
        assertThat(echoTwice(PollActiveProvider.ALIAS)).containsExactly("1 1 2");
        assertThat(echoTwice(PollActiveProvider.MASK_FIRST_ALIAS)).containsExactly("1 1 2", "1 1 2");
        assertThat(echoTwice(Axis.BASELINE)).containsExactly("1 1 2", "1 1 2");
    }

    /**
     * On TCP, the author's transport, a reply that fits wakes nobody when the client reads it
     * (no SOCK_NOSPACE), so the patch as posted keeps posting; once a send of the server's ran out
     * of room, the read that frees it wakes the server's socket with POLLOUT, and the poll stops.
     */
    @Test
    void shouldStallOnTcpOnlyAfterASendRanOutOfRoom() throws RingUnavailableException {
        RingConfig config = RingConfig.builder(8).deterministic(true).strategy(Axis.POLL_REARM.key(), PollActiveProvider.ALIAS).build();
        try (Ring ring = Rings.open("emulated", config); Arena arena = Arena.ofConfined()) {
            MemorySegment big = arena.allocate(1 << 17);
            int[] conn = ring.sys().tcpPair();
            ring.getSqe().prepPollMultishot(conn[0], POLLIN).userData(1);
            assertThat(ring.submit()).isEqualTo(1);
            for (int tx = 0; tx < 3; tx++) {
                assertThat(ring.sys().write(conn[1], big, 16)).isEqualTo(16);
                ring.cqAdvance(ring.forEachCqe((ud, res, flags) -> { }));
                assertThat(ring.sys().read(conn[0], big, 16)).isEqualTo(16);
                assertThat(ring.sys().write(conn[0], big, 16)).isEqualTo(16);
                assertThat(ring.sys().read(conn[1], big, 16)).isEqualTo(16);
            }
            assertThat(ring.counters().get(Counter.POLL_WAKE_ACCEPTED)).as("three requests, three CQEs").isEqualTo(3);
            int sent = ring.sys().write(conn[0], big, 1 << 17);
            assertThat(sent).as("a reply that does not fit: SOCK_NOSPACE").isLessThan(1 << 17);
            assertThat(ring.sys().read(conn[1], big, sent)).as("the read that frees it: POLLOUT on the server's end").isEqualTo(sent);
            assertThat(ring.sys().write(conn[1], big, 16)).isEqualTo(16);
            assertThat(ring.counters().get(Counter.POLL_WAKE_ACCEPTED)).as("the next request is not reported").isEqualTo(3);
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
                || p.area() == TracePoint.Area.WAITQUEUE || p == TracePoint.IO_COMMIT_CQRING).toList();
        assertThat(poll).startsWith(TracePoint.WAKE_UP, TracePoint.IO_POLL_ACTIVE_CLEAR, TracePoint.IO_POLL_WAKE,
                TracePoint.IO_POLL_TASK_FUNC, TracePoint.IO_POLL_REARM, TracePoint.IO_POLL_ACTIVE_SET, TracePoint.IO_COMMIT_CQRING)
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

    /**
     * Two echo transactions on a socket pair, the server's side outside the ring for brevity: the
     * client sends, the CQEs that came on the way back from that write(2) (the task work runs
     * there) are taken, the server reads and replies, the client reads the reply.
     */
    private static List<String> echoTwice(String pollRearm) throws RingUnavailableException {
        RingConfig config = RingConfig.builder(8).deterministic(true).strategy(Axis.POLL_REARM.key(), pollRearm).build();
        List<String> cqes = new ArrayList<>();
        try (Ring ring = Rings.open("emulated", config); Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(16);
            int[] sv = ring.sys().socketpair();
            ring.getSqe().prepPollMultishot(sv[0], POLLIN).userData(1);
            assertThat(ring.submit()).isEqualTo(1);
            for (int tx = 0; tx < 2; tx++) {
                assertThat(ring.sys().write(sv[1], buf, 16)).isEqualTo(16);
                ring.cqAdvance(ring.forEachCqe((ud, res, flags) -> cqes.add(ud + " " + res + " " + flags)));
                assertThat(ring.sys().read(sv[0], buf, 16)).isEqualTo(16);
                assertThat(ring.sys().write(sv[0], buf, 16)).isEqualTo(16);
                assertThat(ring.sys().read(sv[1], buf, 16)).as("the client reads the reply: POLLOUT on the server's end").isEqualTo(16);
            }
        }
        return cqes;
    }
}
