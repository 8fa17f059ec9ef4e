package dev.uringlab.reports.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.uringlab.reports.input.Metric;
import java.util.List;
import org.junit.jupiter.api.Test;

class EstimateTest {
    @Test
    void shouldTakeJmhsErrorAsTheIntervalClampedAtZero() {
        Estimate e = Estimate.of(new Metric(100, 30, "ops/s", List.of()));
        assertThat(e).isEqualTo(new Estimate(100, 70, 130));
        assertThat(Estimate.of(new Metric(100, 300, "ops/s", List.of())).lo()).isZero();
        assertThat(Estimate.of(new Metric(100, Double.NaN, "ops/s", List.of())).bounded()).isFalse();
    }

    @Test
    void shouldDivideIntervalEndsCrosswise() {
        // (250 +- 10) / (100 +- 5): 2.5 in [240 / 105, 260 / 95] = [2.285714, 2.736842]
        Estimate r = new Estimate(250, 240, 260).over(new Estimate(100, 95, 105));
        assertThat(r.value()).isEqualTo(2.5);
        assertThat(r.lo()).isCloseTo(2.285714, within(1e-6));
        assertThat(r.hi()).isCloseTo(2.736842, within(1e-6));
        assertThat(new Estimate(250, 240, 260).over(new Estimate(100, 0, 200)).hi()).isInfinite();
        assertThat(new Estimate(250, Double.NaN, Double.NaN).over(new Estimate(100, 95, 105)).bounded()).isFalse();
    }

    @Test
    void shouldTurnARateIntoTimePerOperationWithTheEndsSwapped() {
        // 5e6 +- 1e6 ops/s: 200 ns/op in [1e9 / 6e6, 1e9 / 4e6] = [166.67, 250]
        Estimate ns = new Estimate(5e6, 4e6, 6e6).reciprocal(1e9);
        assertThat(ns.value()).isCloseTo(200, within(1e-9));
        assertThat(ns.lo()).isCloseTo(166.667, within(1e-3));
        assertThat(ns.hi()).isCloseTo(250, within(1e-9));
        assertThat(new Estimate(5e6, 0, 1e7).reciprocal(1e9).hi()).isInfinite();
    }

    @Test
    void shouldTellOverlappingIntervals() {
        assertThat(new Estimate(10, 8, 12).overlaps(new Estimate(13, 12, 14))).isTrue();
        assertThat(new Estimate(10, 8, 12).overlaps(new Estimate(14, 12.5, 15))).isFalse();
        assertThat(new Estimate(10, Double.NaN, Double.NaN).overlaps(new Estimate(100, 99, 101))).isTrue();
    }
}
