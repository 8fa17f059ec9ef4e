package dev.uringlab.workloads.linkednops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Counter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link LinkedNops} on the emulated ring, with each link-CQE strategy and the chain shape it
 * goes with: every chain runs whole, the CQEs filled are the shape's, and a ring that posts
 * more than the shape says stops the loop. {@code deterministic=false} runs the async case
 * on real io-wq worker threads, as the benchmark does.
 */
class LinkedNopsEmulatedTest {
    private static final int CHAINS = 20;

    private static Ring open(int linkSize, String linkCqe, String completion, boolean deterministic)
            throws RingUnavailableException {
        return Rings.open("emulated", LinkedNops.setup(linkSize).strategy("link-cqe", linkCqe)
                .strategy("completion", completion).deterministic(deterministic).build());
    }

    @ParameterizedTest(name = "{0} NOPs, link-cqe={1}, completion={3}, async={4}, deterministic={5}")
    @CsvSource({
        "10, baseline, EVERY_NOP, baseline, false, true",
        "100, baseline, EVERY_NOP, per-cqe-lock, false, true",
        "10, boxed-cqe, LAST_BY_RING, baseline, false, true",
        "100, boxed-cqe, LAST_BY_RING, per-cqe-lock, false, true",
        "10, cqe-skip-success, LAST_BY_SKIP_FLAG, baseline, false, true",
        "100, cqe-skip-success, LAST_BY_SKIP_FLAG, per-cqe-lock, false, true",
        "10, baseline, EVERY_NOP, baseline, true, false",
        "10, boxed-cqe, LAST_BY_RING, per-cqe-lock, true, false",
        "10, cqe-skip-success, LAST_BY_SKIP_FLAG, baseline, true, false"})
    void shouldRunEveryChainWholeAndFillTheShapesCqes(int linkSize, String linkCqe, ChainCqes cqes, String completion,
            boolean async, boolean deterministic) throws RingUnavailableException {
        try (Ring ring = open(linkSize, linkCqe, completion, deterministic)) {
            LinkedNops nops = new LinkedNops(ring, linkSize, cqes, async);
            for (int chain = 0; chain < CHAINS; chain++) {
                assertThat(nops.submitAndReap()).isEqualTo(linkSize);
            }
            assertThat(ring.counters().get(Counter.SQE_SUBMITTED)).isEqualTo((long) CHAINS * linkSize);
            assertThat(ring.counters().get(Counter.CQE_FILLED)).isEqualTo((long) CHAINS * nops.cqesPerChain());
            // async: the head goes to io-wq, whose worker posts each member and keeps the chain (io_wq_free_work)
            assertThat(ring.counters().get(Counter.IO_WQ_ENQUEUE)).isEqualTo(async ? (long) CHAINS : 0);
        }
    }

    @ParameterizedTest(name = "link-cqe=baseline run as {0}")
    @CsvSource({"LAST_BY_RING", "LAST_BY_SKIP_FLAG"})
    void shouldStopWhenTheRingDoesNotSuppressWhatTheShapeSays(ChainCqes cqes) throws RingUnavailableException {
        try (Ring ring = open(10, "baseline", "baseline", true)) {
            LinkedNops nops = new LinkedNops(ring, 10, cqes, false);
            assertThatThrownBy(nops::submitAndReap).isInstanceOf(IllegalStateException.class);
        }
    }
}
