package dev.uringlab.testkit;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class RequireTest {

    @Test
    void shouldGoOnWhenNothingIsMissingWhateverTheSwitch() {
        assertThatCode(() -> Require.check(Require.env(Map.of(Require.NATIVE, "1")), Require.NATIVE, Optional.empty()))
                .doesNotThrowAnyException();
        assertThatCode(() -> Require.check(Require.env(Map.of()), Require.NATIVE, Optional.empty()))
                .doesNotThrowAnyException();
    }

    @Test
    void shouldSkipWithTheReasonWhenTheSwitchIsOff() {
        assertThatThrownBy(() -> Require.check(Require.env(Map.of()), Require.NATIVE, Optional.of("io_uring_disabled=2")))
                .isInstanceOf(TestAbortedException.class).hasMessageContaining("io_uring_disabled=2")
                .hasMessageContaining(Require.NATIVE);
        assertThatThrownBy(() -> Require.check(Require.env(Map.of(Require.BROWSER, "0")), Require.BROWSER, Optional.of("no chromium")))
                .isInstanceOf(TestAbortedException.class);
    }

    @Test
    void shouldFailWithTheReasonWhenTheSwitchIsOn() {
        assertThatThrownBy(() -> Require.check(Require.env(Map.of(Require.NATIVE, "1")), Require.NATIVE, Optional.of("io_uring_disabled=2")))
                .isInstanceOf(AssertionFailedError.class).hasMessageContaining("io_uring_disabled=2");
        assertThatThrownBy(() -> Require.check(Require.env(Map.of(Require.BROWSER, "true")), Require.BROWSER, Optional.of("no chromium")))
                .isInstanceOf(AssertionFailedError.class).hasMessageContaining("no chromium");
    }

    @Test
    void shouldReadEachSwitchOnItsOwn() {
        assertThatThrownBy(() -> Require.check(Require.env(Map.of(Require.BROWSER, "1")), Require.NATIVE, Optional.of("missing")))
                .as("the browser switch does not require io_uring").isInstanceOf(TestAbortedException.class);
    }
}
