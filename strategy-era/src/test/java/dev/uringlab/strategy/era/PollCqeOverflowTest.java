package dev.uringlab.strategy.era;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static dev.uringlab.api.PollEvents.POLLIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.EnterFlags;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.trace.TraceEvent;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A multishot poll's CQE that finds the CQ ring full, in the kernels before 5.17 (the
 * {@code batch-irq} and {@code batch-5.15} completions): filled through io_cqring_fill_event
 * (v5.14 fs/io_uring.c:1617, v5.15 :1775), whose __io_cqring_fill_event puts it on the overflow
 * list, IORING_CQE_F_MORE and all (v5.14 :1613, v5.15 :1771), so the poll stays armed; 6.x's
 * io_fill_cqe_aux is never called. 5.14 takes the completion lock with spin_lock_irq.
 */
class PollCqeOverflowTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "linux-5.14, true",
            "linux-5.15, false",
            "for-5.16-2021-10-04, false",
    })
    void shouldPutAPollCqeThatFindsNoRoomOnTheOverflowListAndKeepThePollArmed(String profile, boolean irq)
            throws Exception {
        List<TraceEvent> events = new ArrayList<>();
        RingConfig config = RingConfig.builder(2).cqEntries(2).profile(profile).deterministic(true)
                .trace(events::add).build();
        try (Ring ring = Rings.open("emulated", config); Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(1);
            int[] pipe = ring.sys().pipe();
            ring.getSqe().prepPollMultishot(pipe[0], POLLIN).userData(1);
            assertThat(ring.submit()).isEqualTo(1);
            ring.getSqe().prepNop().userData(2);
            ring.getSqe().prepNop().userData(3);
            assertThat(ring.submit()).isEqualTo(2);
            events.clear();

            assertThat(ring.sys().write(pipe[1], buf, 1)).isEqualTo(1); // the poll's task work runs on the way back

            List<String> steps = events.stream().map(TraceEvent::typedStep).filter(s -> s != null).toList();
            assertThat(steps).as("the 5.x fill").contains("call io_cqring_fill_event").doesNotContain("call io_fill_cqe_aux");
            int fill = steps.indexOf("call io_cqring_fill_event");
            assertThat(steps.get(fill - 1)).as("the completion lock, just before").startsWith("locked spin_lock");
            assertThat(steps.get(fill - 2).equals("irq spin_lock_irq(completion_lock)")).as("spin_lock_irq").isEqualTo(irq);
            assertThat(ring.counters().get(Counter.CQ_OVERFLOW)).as("onto the overflow list").isEqualTo(1);
            assertThat(ring.cq().ready()).isEqualTo(2);

            List<long[]> reaped = new ArrayList<>();
            ring.cq().forEach((ud, res, flags) -> reaped.add(new long[] {ud, res, flags}));
            ring.cq().advance(2);
            assertThat(ring.enter(0, 0, EnterFlags.IORING_ENTER_GETEVENTS)).isZero(); // flushes the overflow list
            assertThat(ring.sys().write(pipe[1], buf, 1)).as("the poll is still armed").isEqualTo(1);
            ring.cq().forEach((ud, res, flags) -> reaped.add(new long[] {ud, res, flags}));
            assertThat(reaped).extracting(r -> r[0] + " " + r[1] + " " + r[2]).containsExactly(
                    "2 0 0", "3 0 0", "1 1 " + IORING_CQE_F_MORE, "1 1 " + IORING_CQE_F_MORE);
        }
    }
}
