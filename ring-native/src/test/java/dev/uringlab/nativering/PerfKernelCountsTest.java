package dev.uringlab.nativering;

import static dev.uringlab.api.SqeFlags.IOSQE_ASYNC;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.KernelCounts;
import dev.uringlab.testkit.Require;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The kernel's own counts of a native ring's work (perf_event_open on its tracepoints). Skipped
 * with the machine's reason where it refuses (not root, no tracefs), a failure under
 * URINGLAB_REQUIRE_NATIVE=1.
 */
class PerfKernelCountsTest {

    private static KernelCounts countsOrSkip(Ring ring) {
        KernelCounts k = ring.kernelCounts();
        Require.nativeIoUring("no kernel counts here", k.unavailableReason());
        return k;
    }

    private static Map<Counter, Long> delta(Map<Counter, Long> before, Map<Counter, Long> after) {
        Map<Counter, Long> d = new EnumMap<>(Counter.class);
        after.forEach((c, v) -> d.put(c, v - before.getOrDefault(c, 0L)));
        return d;
    }

    private static int reapAll(Ring ring) {
        int n = ring.forEachCqe((ud, res, flags) -> {});
        ring.cqAdvance(n);
        return n;
    }

    @Test
    void shouldCountOneEnterThirtyTwoSubmissionsAndThirtyTwoCompletionsForABatchOfNops() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(32)) {
            KernelCounts k = countsOrSkip(ring);
            Map<Counter, Long> before = k.snapshot();
            for (int i = 0; i < 32; i++) {
                ring.getSqe().prepNop().userData(i);
            }
            assertThat(ring.submitAndWait(32)).isEqualTo(32);
            assertThat(reapAll(ring)).isEqualTo(32);
            Map<Counter, Long> d = delta(before, k.snapshot());

            assertThat(d).containsEntry(Counter.ENTER, 1L).containsEntry(Counter.SQE_SUBMITTED, 32L)
                    .containsEntry(Counter.CQE_FILLED, 32L).containsEntry(Counter.IO_WQ_ENQUEUE, 0L)
                    .containsEntry(Counter.CQ_OVERFLOW, 0L).containsEntry(Counter.REQ_LINKED, 0L);
        }
    }

    @Test
    void shouldCountTheIoWqWorkersCompletionsThroughInheritance() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(8)) {
            KernelCounts k = countsOrSkip(ring); // before the first submission: the workers come later and inherit
            Map<Counter, Long> before = k.snapshot();
            for (int i = 0; i < 4; i++) {
                ring.getSqe().prepNop().flags(IOSQE_ASYNC).userData(i);
            }
            assertThat(ring.submitAndWait(4)).isEqualTo(4);
            assertThat(reapAll(ring)).isEqualTo(4);
            Map<Counter, Long> d = delta(before, k.snapshot());

            assertThat(d).containsEntry(Counter.SQE_SUBMITTED, 4L).containsEntry(Counter.IO_WQ_ENQUEUE, 4L)
                    .containsEntry(Counter.CQE_FILLED, 4L);
        }
    }

    @Test
    void shouldCountTheMembersAddedToALink() throws RingUnavailableException {
        try (Ring ring = NativeRings.openOrSkip(16)) {
            KernelCounts k = countsOrSkip(ring);
            Map<Counter, Long> before = k.snapshot();
            for (int i = 0; i < 10; i++) {
                ring.getSqe().prepNop().flags(i < 9 ? IOSQE_IO_LINK : 0).userData(i);
            }
            assertThat(ring.submitAndWait(10)).isEqualTo(10);
            assertThat(reapAll(ring)).isEqualTo(10);
            Map<Counter, Long> d = delta(before, k.snapshot());
            System.out.println("10 linked NOPs, kernel counts: " + d);

            assertThat(d).containsEntry(Counter.SQE_SUBMITTED, 10L).containsEntry(Counter.REQ_LINKED, 9L)
                    .containsEntry(Counter.CQE_FILLED, 10L);
        }
    }

    @Test
    void shouldSayWhyWhenTheEmulatedRingIsAsked() {
        KernelCounts k = KernelCounts.unavailable("the emulated ring runs in no kernel");
        assertThat(k.unavailableReason()).contains("the emulated ring runs in no kernel");
        assertThat(k.snapshot()).isEmpty();
        assertThat(k.get(Counter.ENTER)).isZero();
    }

    @Test
    void shouldCountNothingOnceTheRingIsClosed() throws RingUnavailableException {
        KernelCounts k;
        try (Ring ring = NativeRings.openOrSkip(8)) {
            k = countsOrSkip(ring);
            assertThat(k.counts(Counter.ENTER)).isTrue();
        }
        assertThat(k.counts(Counter.ENTER)).isFalse();
        assertThat(k.unavailableReason()).contains("the ring is closed");
    }
}
