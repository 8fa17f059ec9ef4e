package dev.uringlab.nativering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.api.SqeFlags;
import org.junit.jupiter.api.Test;

/** What a RingConfig may ask of the real kernel. The refusals are checked before availability, so they run everywhere. */
class NativeRingConfigTest {
    private final NativeRingProvider provider = new NativeRingProvider();

    @Test
    void shouldRefuseAStrategyTheKernelCannotEmulate() {
        assertThatThrownBy(() -> provider.open(RingConfig.builder(8).strategy("completion", "batched-cqe").build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot emulate completion=batched-cqe")
                .hasMessageContaining("link-cqe=cqe-skip-success (IOSQE_CQE_SKIP_SUCCESS, since 5.17)");
        assertThatThrownBy(() -> provider.open(RingConfig.builder(8).strategy("link-cqe", "boxed-cqe").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("link-cqe=boxed-cqe");
        assertThatThrownBy(() -> provider.open(RingConfig.builder(8).strategy("no-such-axis", "baseline").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no-such-axis=baseline");
    }

    @Test
    void shouldRefuseTheAllPatchesProfileAndStrategyOptions() {
        assertThatThrownBy(() -> provider.open(RingConfig.builder(8).profile("all-patches").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("profile all-patches");
        assertThatThrownBy(() -> provider.open(RingConfig.builder(8).option("cqe-array", "32").build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cqe-array=32");
    }

    @Test
    void shouldRefuseSetupFlagsThatChangeTheRingProtocol() {
        assertThatThrownBy(() -> provider.open(RingConfig.builder(8).flags(SetupFlags.IORING_SETUP_SQPOLL).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0x2");
    }

    @Test
    void shouldNameTheLimitOfARingSizeOutOfRange() {
        assertThatThrownBy(() -> provider.open(RingConfig.builder(0).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1..32768");
        assertThatThrownBy(() -> provider.open(RingConfig.builder(32769).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("IORING_MAX_ENTRIES");
        assertThatThrownBy(() -> provider.open(RingConfig.builder(8).cqEntries(65537).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("IORING_MAX_CQ_ENTRIES");
        assertThatThrownBy(() -> provider.open(RingConfig.builder(16).cqEntries(5).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rounds up to 8");
    }

    @Test
    void shouldAcceptBaselineEverywhereAndTheKernelsOwnSkipFlag() throws RingUnavailableException {
        RingConfig config = RingConfig.builder(8).profile("baseline").strategy("completion", "baseline")
                .strategy("link-cqe", "cqe-skip-success").deterministic(true).build();
        try (Ring ring = NativeRings.openOrSkip(config)) {
            ring.getSqe().prepNop().userData(1).flags(SqeFlags.IOSQE_CQE_SKIP_SUCCESS);
            ring.getSqe().prepNop().userData(2);
            assertThat(ring.submitAndWait(1)).isEqualTo(2);
            assertThat(ring.cqReady()).isEqualTo(1);
            assertThat(ring.peekCqe().userData()).isEqualTo(2);
        }
    }
}
