package dev.uringlab.reports.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.reports.input.Metric;
import java.util.List;
import org.junit.jupiter.api.Test;

class StabilityTest {
    private static Metric metric(List<List<Double>> forks) {
        return new Metric(1, Double.NaN, "ops/s", forks);
    }

    /** Issue 15's nops32: one fork flat at 26-27 M, the other still climbing from 2.2 M to 37 M. */
    @Test
    void shouldFlagTheForkThatStillTrendsAndTheForksThatDisagree() {
        Stability s = Stability.of(metric(List.of(List.of(26.1e6, 26.8e6, 26.4e6, 27.0e6, 26.5e6),
                List.of(2.2e6, 21.7e6, 32.1e6, 37.6e6, 37.3e6))));
        assertThat(s.trending()).singleElement().asString().startsWith("fork 2 +");
        assertThat(s.steady()).isFalse();
        assertThat(s.describe(v -> String.format("%.1f M", v / 1e6))).startsWith("still trending at the end: fork 2 +");
    }

    @Test
    void shouldFlagTwoSettledButDifferentStates() {
        Stability s = Stability.of(metric(List.of(List.of(26.1, 26.8, 26.4, 27.0, 26.5), List.of(37.2, 37.6, 37.1, 37.5, 37.3))));
        assertThat(s.trending()).isEmpty();
        assertThat(s.disagree()).isTrue();
        assertThat(s.describe(v -> String.format(java.util.Locale.ROOT, "%.2f", v)))
                .isEqualTo("forks disagree beyond their noise, fork means 26.56, 37.34, peaks 27.00, 37.60: "
                        + "different states, or a fork the machine slowed throughout");
        assertThat(s.forkPeaks()).containsExactly(27.0, 37.6);
        assertThat(s.oneState()).isFalse();
    }

    /**
     * The shared machine's signature (seen here on nops32): a fork that runs at 37 M for a second, then
     * at 26 M for four while the host is busy. Its peak is the other forks' peak: one compiled state.
     */
    @Test
    void shouldTellForksTheMachineSlowedFromForksInAnotherState() {
        List<Double> steady = List.of(37.2, 37.6, 37.1, 37.5, 37.3);
        Stability s = Stability.of(metric(List.of(List.of(37.4, 26.0, 26.2, 25.9, 26.1), steady, steady, steady)));
        assertThat(s.disagree()).isTrue();
        assertThat(s.forkMeans()[0]).isCloseTo(28.32, org.assertj.core.data.Offset.offset(1e-9));
        // peaks 37.4, 37.6, 37.6, 37.6: a range of 0.2 over their mean 37.55
        assertThat(s.peakSpread()).isCloseTo(0.2 / 37.55, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(s.oneState()).isTrue();
        assertThat(s.describe(v -> String.format(java.util.Locale.ROOT, "%.1f", v))).isEqualTo(
                "forks disagree beyond their noise, fork means 28.3, 37.3, 37.3, 37.3, peaks 37.4, 37.6, 37.6, 37.6: "
                        + "one state, which the machine slowed in some iterations");
        assertThat(s.brief()).isEqualTo("forks disagree beyond their noise: one state, which the machine slowed in some iterations");
    }

    @Test
    void shouldSayNothingOfSpreadsWithOneFork() {
        Stability s = Stability.of(metric(List.of(List.of(37.4, 26.0, 37.1))));
        assertThat(s.meanSpread()).isNaN();
        assertThat(s.peakSpread()).isNaN();
        assertThat(s.oneState()).isFalse();
    }

    @Test
    void shouldLeaveNoisyButSteadyForksAlone() {
        Stability s = Stability.of(metric(List.of(List.of(36.0, 38.5, 37.0, 36.4, 38.1), List.of(37.9, 36.2, 37.4, 38.3, 36.6))));
        assertThat(s.steady()).isTrue();
        assertThat(s.describe(String::valueOf)).isEmpty();
        // a 12% drift that noise explains is no trend
        assertThat(Stability.drift(new double[] {30, 40, 28, 41, 34})).isNaN();
        assertThat(Stability.drift(new double[] {30, 31, 32, 33, 34})).isCloseTo(4.0 / 32, org.assertj.core.data.Offset.offset(1e-12));
    }
}
