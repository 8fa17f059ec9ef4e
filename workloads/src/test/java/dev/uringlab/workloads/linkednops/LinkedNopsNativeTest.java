package dev.uringlab.workloads.linkednops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.RingProvider;
import dev.uringlab.testkit.Require;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link LinkedNops} on the real kernel: the chain shapes the kernel itself supports run and
 * reap exactly the CQEs they announce; one it does not (the RFC's ring rule, which no kernel
 * has) is caught at the first chain. Skipped where io_uring is not available.
 */
class LinkedNopsNativeTest {
    private static RingProvider provider;

    @BeforeAll
    static void nativeRing() throws RingUnavailableException {
        provider = Rings.provider("native");
        Require.nativeIoUring(provider.unavailableReason());
    }

    @ParameterizedTest(name = "{0} NOPs, {1}, async={2}")
    @CsvSource({"10, EVERY_NOP, false", "100, EVERY_NOP, false", "10, LAST_BY_SKIP_FLAG, false",
        "100, LAST_BY_SKIP_FLAG, false", "10, EVERY_NOP, true", "10, LAST_BY_SKIP_FLAG, true"})
    void shouldRunChainsAndReapExactlyTheCqesTheirShapePosts(int linkSize, ChainCqes cqes, boolean async)
            throws RingUnavailableException {
        try (Ring ring = provider.open(LinkedNops.setup(linkSize).build())) {
            LinkedNops nops = new LinkedNops(ring, linkSize, cqes, async);
            for (int chain = 0; chain < 20; chain++) {
                assertThat(nops.submitAndReap()).isEqualTo(linkSize);
            }
            assertThat(ring.cqReady()).isZero();
            assertThat(ring.counters().get(Counter.ENTER)).isEqualTo(20);
        }
    }

    @ParameterizedTest(name = "{0} NOPs")
    @CsvSource({"10", "100"})
    void shouldStopAtTheFirstChainWhenTheRingPostsMoreThanTheShapeSays(int linkSize) throws RingUnavailableException {
        try (Ring ring = provider.open(LinkedNops.setup(linkSize).build())) {
            LinkedNops nops = new LinkedNops(ring, linkSize, ChainCqes.LAST_BY_RING, false);
            assertThatThrownBy(nops::submitAndReap).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("posted " + linkSize + " CQEs");
        }
    }
}
