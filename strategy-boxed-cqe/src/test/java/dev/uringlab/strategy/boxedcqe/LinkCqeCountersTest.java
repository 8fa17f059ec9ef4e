package dev.uringlab.strategy.boxedcqe;

import static dev.uringlab.api.SqeFlags.IOSQE_CQE_SKIP_SUCCESS;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.spi.Counter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What seed 003 saves, counted on the emulated engine for one successful link of 100 NOPs:
 * CQEs filled (100 on baseline, 1 with either strategy), and, on the 5.6 posting path, one
 * completion-lock section, tail commit and ev_posted per CQE filled.
 */
class LinkCqeCountersTest {
    private static final int LINK = 100;

    /** One successful chain of {@value #LINK} NOPs, the skip flag on all but the last when asked; the ring's counters after it. */
    private static Ring runChain(String linkCqe, String completion, boolean skipFlag) {
        Ring ring = EmulatedRings.open(128, linkCqe, completion);
        for (int i = 0; i < LINK; i++) {
            int flags = i == LINK - 1 ? 0 : IOSQE_IO_LINK | (skipFlag ? IOSQE_CQE_SKIP_SUCCESS : 0);
            EmulatedRings.nop(ring, i, flags);
        }
        ring.counters().reset();
        assertThat(ring.submit()).isEqualTo(LINK);
        assertThat(EmulatedRings.reap(ring)).last().isEqualTo("cqe ud=" + (LINK - 1) + " res=0");
        return ring;
    }

    @ParameterizedTest(name = "link-cqe={0} completion={1}")
    @CsvSource({"baseline, baseline, false, 100", "boxed-cqe, baseline, false, 1", "cqe-skip-success, baseline, true, 1",
        "baseline, per-cqe-lock, false, 100", "boxed-cqe, per-cqe-lock, false, 1", "cqe-skip-success, per-cqe-lock, true, 1"})
    void shouldFillOneCqePerNopOnBaselineAndOnePerChainWithEitherStrategy(String linkCqe, String completion,
            boolean skipFlag, long cqes) {
        try (Ring ring = runChain(linkCqe, completion, skipFlag)) {
            assertThat(ring.counters().get(Counter.CQE_FILLED)).isEqualTo(cqes);
            assertThat(ring.counters().get(Counter.SQE_SUBMITTED)).isEqualTo(LINK);
        }
    }

    @ParameterizedTest(name = "link-cqe={0}")
    @CsvSource({"baseline, false", "boxed-cqe, false", "cqe-skip-success, true"})
    void perCqeLockShouldTakeOneLockSectionPerCqeAndNoneForASuppressedOne(String linkCqe, boolean skipFlag) {
        try (Ring ring = runChain(linkCqe, "per-cqe-lock", skipFlag)) {
            long filled = ring.counters().get(Counter.CQE_FILLED);
            assertThat(ring.counters().get(Counter.COMPLETION_LOCK)).isEqualTo(filled);
            assertThat(ring.counters().get(Counter.CQ_COMMIT)).isEqualTo(filled);
            assertThat(ring.counters().get(Counter.EV_POSTED)).isEqualTo(filled);
        }
    }
}
