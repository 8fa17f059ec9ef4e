package dev.uringlab.nativering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.testkit.Require;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class NativeAvailabilityTest {

    /** The property as the build set it (a CI machine may), restored after each test. */
    private final String inherited = System.getProperty(NativeRingProvider.DISABLE_PROPERTY);

    @AfterEach
    void restoreProperty() {
        if (inherited == null) {
            System.clearProperty(NativeRingProvider.DISABLE_PROPERTY);
        } else {
            System.setProperty(NativeRingProvider.DISABLE_PROPERTY, inherited);
        }
    }

    @Test
    void shouldBeRegisteredUnderItsName() {
        assertThat(Rings.providers()).containsKey("native");
        assertThat(Rings.providers().get("native")).isInstanceOf(NativeRingProvider.class);
    }

    @Test
    void shouldReportTheForcedReasonAndRefuseToOpenAndSkipTests() {
        System.setProperty(NativeRingProvider.DISABLE_PROPERTY, "CI runner without io_uring");
        NativeRingProvider provider = new NativeRingProvider();

        assertThat(provider.unavailableReason()).hasValueSatisfying(reason -> assertThat(reason)
                .contains("CI runner without io_uring").contains(NativeRingProvider.DISABLE_PROPERTY));
        assertThatThrownBy(() -> Rings.open("native", RingConfig.builder(8).build()))
                .isInstanceOf(RingUnavailableException.class)
                .hasMessageContaining("CI runner without io_uring");
        // The skip path every native test takes: an aborted test (JUnit assumption) carrying the reason,
        // or a failure where URINGLAB_REQUIRE_NATIVE=1 says this machine must have io_uring.
        boolean required = Require.isRequired(Require.NATIVE);
        assertThatThrownBy(() -> NativeRings.openOrSkip(8))
                .isInstanceOf(required ? AssertionFailedError.class : TestAbortedException.class)
                .hasMessageContaining("native io_uring unavailable")
                .hasMessageContaining("CI runner without io_uring");
    }

    @Test
    void shouldNameAReasonForAnEmptyProperty() {
        System.setProperty(NativeRingProvider.DISABLE_PROPERTY, "");

        assertThat(new NativeRingProvider().unavailableReason()).hasValueSatisfying(reason ->
                assertThat(reason).contains("no reason given"));
    }

    @Test
    void shouldOpenARingExactlyWhenAvailableElseThrowTheReason() throws RingUnavailableException {
        NativeRingProvider provider = new NativeRingProvider();
        Optional<String> reason = provider.unavailableReason();
        if (reason.isEmpty()) {
            try (Ring ring = provider.open(RingConfig.builder(1).build())) {
                assertThat(ring.engine()).isEqualTo("native");
            }
        } else {
            assertThatThrownBy(() -> provider.open(RingConfig.builder(1).build()))
                    .isInstanceOf(RingUnavailableException.class).hasMessageContaining(reason.get());
        }
    }
}
