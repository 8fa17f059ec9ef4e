package dev.uringlab.reports.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.reports.input.Metric;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The interval and every verdict on a hand-worked example (the one the report's Method section
 * gives). Iterations are constant within each fork, so the bootstrap's only randomness is which
 * forks it draws, and its distribution can be written down by hand:
 *
 * <ul>
 *   <li>baseline: two forks of 10, 10, 10; every resample's mean is 10;</li>
 *   <li>patched: forks of 20, 20, 20 and 22, 22, 22; a resample draws two forks with
 *       replacement: (20, 20) with chance 1/4, mean 20; one of each with chance 1/2, mean 21;
 *       (22, 22) with chance 1/4, mean 22. The ratio is 2.0, 2.1 or 2.2 with chances 1/4, 1/2,
 *       1/4, so its 2.5% quantile is 2.0 and its 97.5% quantile 2.2: the 95% interval is
 *       [2.0, 2.2] around the ratio of means 21 / 10 = 2.1;</li>
 *   <li>patched at 9 and 11 instead: the ratio is 0.9, 1.0 or 1.1, the interval [0.9, 1.1].</li>
 * </ul>
 * Against the author's ratio A, taken to within 10% ([A / 1.1, A * 1.1]):
 * [2.0, 2.2] with A = 2.1 holds A, excludes 1: reproduced; with A = 3 (band from 2.73) lies below
 * A: smaller; with A = 1.5 (band to 1.65) lies above: larger. [0.9, 1.1] with A = 1.5 holds 1
 * only: smaller or none; with A = 1.05 (band from 0.95) holds both: inconclusive.
 */
class VerdictTest {
    private static final Metric BASELINE = metric(List.of(10.0, 10.0, 10.0), List.of(10.0, 10.0, 10.0));
    private static final Metric FASTER = metric(List.of(20.0, 20.0, 20.0), List.of(22.0, 22.0, 22.0));
    private static final Metric SAME = metric(List.of(9.0, 9.0, 9.0), List.of(11.0, 11.0, 11.0));

    private static Metric metric(List<Double> fork1, List<Double> fork2) {
        double mean = (fork1.stream().mapToDouble(Double::doubleValue).sum() + fork2.stream().mapToDouble(Double::doubleValue).sum()) / 6;
        return new Metric(mean, Double.NaN, "ops/s", List.of(fork1, fork2));
    }

    private static Estimate ratio(Metric patched) {
        return Intervals.DEFAULT.ratio(patched, BASELINE);
    }

    @Test
    void theIntervalIsTheWorkedOne() {
        Estimate faster = ratio(FASTER);
        assertThat(faster.value()).isCloseTo(2.1, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(faster.lo()).isEqualTo(2.0);
        assertThat(faster.hi()).isEqualTo(2.2);
        Estimate same = ratio(SAME);
        assertThat(same.lo()).isEqualTo(0.9);
        assertThat(same.hi()).isEqualTo(1.1);
        assertThat(faster.precision()).isCloseTo(0.1 / 2.1, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void everyVerdictOnTheWorkedExample() {
        assertThat(Verdict.of(ratio(FASTER), 2.1)).isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(ratio(FASTER), 3.0)).isEqualTo(Verdict.SMALLER);
        assertThat(Verdict.of(ratio(FASTER), 1.5)).isEqualTo(Verdict.LARGER);
        assertThat(Verdict.of(ratio(SAME), 1.5)).isEqualTo(Verdict.SMALLER_OR_NONE);
        assertThat(Verdict.of(ratio(SAME), 1.05)).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void theAuthorsBandIsTenPercentEachWay() {
        // 2.2 * 1.1 = 2.42 is just above A = 2.4's... band low end 2.4 / 1.1 = 2.18: held.
        assertThat(Verdict.of(new Estimate(2.1, 2.0, 2.2), 2.4)).isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(new Estimate(2.1, 2.0, 2.2), 2.5)).isEqualTo(Verdict.SMALLER);
        assertThat(Verdict.of(new Estimate(2.1, 2.0, 2.2), 1.85)).isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(new Estimate(2.1, 2.0, 2.2), 1.8)).isEqualTo(Verdict.LARGER);
    }

    @Test
    void anIntervalBelowOneIsASmallerEffectThanAnAuthorsSpeedUp() {
        assertThat(Verdict.of(new Estimate(0.5, 0.4, 0.6), 2.0)).isEqualTo(Verdict.SMALLER);
    }

    @Test
    void noIntervalIsInconclusive() {
        assertThat(Verdict.of(new Estimate(2.0, Double.NaN, Double.NaN), 2.0)).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void withOneForkTheIntervalHoldsTheIterationsNoiseOnly() {
        Metric one = new Metric(21, Double.NaN, "ops/s", List.of(List.of(20.0, 22.0, 21.0, 21.0)));
        Estimate r = Intervals.DEFAULT.ratio(one, BASELINE);
        assertThat(r.bounded()).isTrue();
        assertThat(r.lo()).isGreaterThanOrEqualTo(2.0);
        assertThat(r.hi()).isLessThanOrEqualTo(2.2);
    }

    @Test
    void theSameSamplesGiveTheSameInterval() {
        Metric a = metric(List.of(20.0, 21.5, 19.0), List.of(22.0, 23.0, 20.5));
        assertThat(Intervals.DEFAULT.ratio(a, BASELINE)).isEqualTo(Intervals.DEFAULT.ratio(a, BASELINE));
        Estimate at99 = new Intervals(0.99).ratio(a, SAME);
        Estimate at95 = Intervals.DEFAULT.ratio(a, SAME);
        assertThat(at99.lo()).isLessThanOrEqualTo(at95.lo());
        assertThat(at99.hi()).isGreaterThanOrEqualTo(at95.hi());
    }
}
