package dev.uringlab.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RingConfigTest {

    @Test
    void shouldSetCqSizeOnlyWhenACqSizeIsAsked() {
        assertThat(RingConfig.builder(8).build().flags() & SetupFlags.IORING_SETUP_CQSIZE).isZero();
        RingConfig sized = RingConfig.builder(8).cqEntries(64).build();
        assertThat(sized.flags() & SetupFlags.IORING_SETUP_CQSIZE).isNotZero();
        assertThat(sized.cqEntries()).isEqualTo(64);
    }

    @Test
    void shouldKeepStrategiesAndOptionsInOrderAndUnmodifiable() {
        RingConfig config = RingConfig.builder(8).strategy("link-cqe", "boxed-cqe").strategy("completion", "batched-cqe")
                .option("cqe-array", "32").build();
        assertThat(config.strategies()).containsExactly(
                java.util.Map.entry("link-cqe", "boxed-cqe"), java.util.Map.entry("completion", "batched-cqe"));
        assertThat(config.options()).containsEntry("cqe-array", "32");
        assertThatThrownBy(() -> config.strategies().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> config.options().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void shouldLeaveTheOriginalAloneWhenDerivingOne() {
        RingConfig base = RingConfig.builder(8).strategy("completion", "baseline").profile("linux-6.1").build();
        RingConfig derived = base.withStrategy("completion", "batched-cqe");
        assertThat(base.strategies()).containsEntry("completion", "baseline");
        assertThat(derived.strategies()).containsEntry("completion", "batched-cqe");
        assertThat(derived.profile()).isEqualTo("linux-6.1");
        assertThat(derived.entries()).isEqualTo(8);
    }

    @Test
    void shouldRefuseANullAxisOrAlias() {
        assertThatThrownBy(() -> RingConfig.builder(8).strategy(null, "x")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> RingConfig.builder(8).strategy("completion", null)).isInstanceOf(NullPointerException.class);
    }
}
