package dev.uringlab.reports.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.uringlab.reports.input.Metric;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The two-stage bootstrap: forks first, then iterations within each drawn fork. */
class ForkBootstrapTest {

    private static List<Double> iterations(double value, int n) {
        return Collections.nCopies(n, value);
    }

    private static Metric metric(List<List<Double>> forks) {
        return Metric.ofForks(forks);
    }

    @Test
    void shouldGiveNothingWithoutRawSamples() {
        Metric none = new Metric(100, 1, "ops/s", List.of());
        Metric some = metric(List.of(List.of(1.0, 2.0)));
        assertThat(ForkBootstrap.ratio(none, some, 0.95)).isEmpty();
        assertThat(ForkBootstrap.ratio(some, none, 0.95)).isEmpty();
        assertThat(ForkBootstrap.mean(none, 0.95)).isEmpty();
    }

    @Test
    void shouldGiveTheSameIntervalForTheSameSamples() {
        Metric a = metric(List.of(List.of(10.0, 11.0, 12.0), List.of(13.0, 9.0, 10.5)));
        Metric b = metric(List.of(List.of(20.0, 21.0, 19.0), List.of(22.0, 18.0, 20.5)));
        assertThat(ForkBootstrap.ratio(b, a, 0.95)).isEqualTo(ForkBootstrap.ratio(b, a, 0.95));
        assertThat(ForkBootstrap.mean(a, 0.95)).isEqualTo(ForkBootstrap.mean(metric(a.forks()), 0.95));
    }

    @Test
    void shouldCenterTheRatioOnTheRatioOfMeansAndHoldIt() {
        Metric base = metric(List.of(List.of(10.0, 12.0, 11.0, 9.0), List.of(10.5, 11.5, 9.5, 10.0), List.of(11.0, 10.0, 12.0, 10.0)));
        Metric twice = metric(base.forks().stream().map(f -> f.stream().map(x -> 2 * x).toList()).toList());
        Estimate r = ForkBootstrap.ratio(twice, base, 0.95).orElseThrow();
        assertThat(r.value()).isCloseTo(2.0, within(1e-12));
        assertThat(r.lo()).isLessThanOrEqualTo(2.0).isGreaterThan(1.5);
        assertThat(r.hi()).isGreaterThanOrEqualTo(2.0).isLessThan(2.5);
    }

    @Test
    void shouldKeepTheVarianceBetweenForksWhichPoolingTheIterationsWouldHide() {
        // Two forks that settled in different compiled states: every iteration of one at 100, of the other at 200.
        Metric twoStates = metric(List.of(iterations(100, 10), iterations(200, 10)));
        // The same twenty samples as one fork.
        List<Double> pooled = new ArrayList<>(iterations(100, 10));
        pooled.addAll(iterations(200, 10));
        Metric oneFork = metric(List.of(pooled));

        Estimate hierarchical = ForkBootstrap.mean(twoStates, 0.95).orElseThrow();
        Estimate flat = ForkBootstrap.mean(oneFork, 0.95).orElseThrow();
        assertThat(hierarchical.value()).isEqualTo(flat.value()).isEqualTo(150.0);
        // A resample draws both forks from the same state a quarter of the time each: the interval reaches both states.
        assertThat(hierarchical.lo()).isEqualTo(100.0);
        assertThat(hierarchical.hi()).isEqualTo(200.0);
        assertThat(flat.hi() - flat.lo()).as("iterations alone").isLessThan((hierarchical.hi() - hierarchical.lo()) / 2);
    }

    @Test
    void shouldTakeTheCentralShareOfTheDraws() {
        double[] draws = IntStream.rangeClosed(1, 1000).mapToDouble(i -> 1001 - i).toArray(); // 1000 .. 1, unsorted
        Estimate e = ForkBootstrap.interval(500, draws, 0.50);
        assertThat(e.lo()).as("250 draws below").isEqualTo(251.0);
        assertThat(e.hi()).as("250 draws above").isEqualTo(750.0);
        assertThat(e.value()).isEqualTo(500.0);
    }

    @Test
    void shouldGiveAnUnknownIntervalWhenADrawIsNotFinite() {
        Metric zero = metric(List.of(List.of(0.0, 0.0), List.of(0.0, 0.0)));
        Metric some = metric(List.of(List.of(1.0, 2.0), List.of(1.5, 2.5)));
        Estimate r = ForkBootstrap.ratio(some, zero, 0.95).orElseThrow();
        assertThat(r.bounded()).as("a ratio over a zero rate").isFalse();
    }

    @Test
    void shouldRefuseAConfidenceOutsideZeroAndOne() {
        assertThatThrownBy(() -> ForkBootstrap.interval(1, new double[] {1, 2}, 1.0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ForkBootstrap.interval(1, new double[] {1, 2}, 0.0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ForkBootstrap.interval(1, new double[] {1, 2}, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
