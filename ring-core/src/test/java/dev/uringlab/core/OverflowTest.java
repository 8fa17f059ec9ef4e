package dev.uringlab.core;

import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.core.RingFixture.cqe;
import static dev.uringlab.core.RingFixture.nop;
import static dev.uringlab.core.RingFixture.reap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.EnterFlags;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.SqRingFlags;
import dev.uringlab.spi.Counter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OverflowTest {

    private static Ring smallRing(int sq, int cq) {
        return RingFixture.open(RingConfig.builder(sq).cqEntries(cq).deterministic(true).build());
    }

    @Test
    void shouldOverflowAFullCqInOrderAndLoseNothing() {
        try (Ring ring = smallRing(4, 4)) {
            List<String> expected = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 4; i++) {
                    long ud = round * 4 + i;
                    nop(ring, ud);
                    expected.add(cqe(ud, 0));
                }
                assertThat(ring.submit()).isEqualTo(4);
            }
            assertThat(ring.cqReady()).isEqualTo(4);
            assertThat(ring.sqFlags() & SqRingFlags.IORING_SQ_CQ_OVERFLOW).isNotZero();
            assertThat(ring.counters().get(Counter.CQ_OVERFLOW)).isEqualTo(8);
            assertThat(reap(ring)).containsExactlyElementsOf(expected);
            assertThat(ring.sqFlags() & SqRingFlags.IORING_SQ_CQ_OVERFLOW).isZero();
            assertThat(ring.counters().get(Counter.CQ_OVERFLOW_FLUSHED)).isEqualTo(8);
            assertThat(ring.cq().lvOverflow()).isZero();
        }
    }

    @Test
    void shouldReportAWaitForMoreCqesThanTheCqHoldsAsNotMetOnceTheCqIsFull() {
        // io_uring_enter clamps min_complete to cq_entries: the wait returns with the CQ full, and
        // io_uring_wait_cqes, as the native ring's, says the wait for 3 was not met.
        try (Ring ring = smallRing(2, 2)) {
            nop(ring, 1);
            nop(ring, 2);
            ring.submit();
            assertThat(ring.enter(0, 3, EnterFlags.IORING_ENTER_GETEVENTS)).isZero();
            assertThat(ring.waitCqes(3, 1_000_000L)).isEqualTo(-dev.uringlab.api.Errno.ETIME);
            assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(2, 0));
        }
    }

    @Test
    void shouldQueueNewCqesBehindTheOverflowListEvenWhenTheRingHasRoom() {
        try (Ring ring = smallRing(2, 2)) {
            nop(ring, 1);
            nop(ring, 2);
            ring.submit();
            nop(ring, 3);
            ring.submit(); // 3 overflows
            ring.cqAdvance(1); // room for one, but the list is not flushed without GETEVENTS
            nop(ring, 4);
            ring.submit(); // 4 must go behind 3, not into the free slot
            assertThat(reap(ring)).containsExactly(cqe(2, 0), cqe(3, 0), cqe(4, 0));
        }
    }

    @Test
    void shouldFlushTheOverflowListOnlyWhereThereIsRoom() {
        try (Ring ring = smallRing(2, 2)) {
            for (int i = 0; i < 3; i++) {
                nop(ring, 2 * i);
                nop(ring, 2 * i + 1);
                ring.submit();
            }
            ring.cqAdvance(1);
            ring.enter(0, 0, EnterFlags.IORING_ENTER_GETEVENTS);
            assertThat(ring.cqReady()).isEqualTo(2);
            assertThat(ring.sqFlags() & SqRingFlags.IORING_SQ_CQ_OVERFLOW).isNotZero();
            assertThat(ring.counters().get(Counter.CQ_OVERFLOW_FLUSHED)).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(2, 0), cqe(3, 0), cqe(4, 0), cqe(5, 0));
        }
    }

    @Test
    void shouldEndAMultishotPollWithItsTerminalCqeWhenTheAuxCqeFindsTheCqFull() {
        try (Ring ring = smallRing(2, 2); Arena arena = Arena.ofConfined()) {
            int[] p = ring.sys().pipe();
            ring.getSqe().prepPollMultishot(p[0], POLLIN).userData(9);
            ring.submit();
            nop(ring, 1);
            nop(ring, 2);
            ring.submit();
            MemorySegment one = arena.allocate(1);
            assertThat(ring.sys().write(p[1], one, 1)).isEqualTo(1);
            assertThat(ring.counters().get(Counter.CQ_OVERFLOW)).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(2, 0), cqe(9, POLLIN));
            assertThat(ring.sys().write(p[1], one, 1)).isEqualTo(1);
            assertThat(reap(ring)).isEmpty();
        }
    }
}
