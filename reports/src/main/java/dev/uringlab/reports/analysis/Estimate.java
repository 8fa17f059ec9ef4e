package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Metric;

/**
 * A value with its interval {@code [lo, hi]}: from raw samples by {@link ForkBootstrap}, or,
 * when a JSON file has none, JMH's 99.9% interval. From JMH's error the interval is
 * {@code score +- scoreError}, its lower end clamped at 0 since rates are not negative. Both
 * ends are {@code NaN} when JMH gave no error (too few samples); {@code hi} is infinite
 * when the interval reaches past a division by zero.
 *
 * @param value the estimate
 * @param lo    the interval's lower end
 * @param hi    the interval's upper end
 */
public record Estimate(double value, double lo, double hi) {
    /** The metric's score with JMH's 99.9% interval. */
    public static Estimate of(Metric m) {
        if (Double.isNaN(m.error())) {
            return new Estimate(m.score(), Double.NaN, Double.NaN);
        }
        return new Estimate(m.score(), Math.max(0, m.score() - m.error()), m.score() + m.error());
    }

    /** Half the interval's width over the value: 0.05 for {@code 2.00 [1.90, 2.10]}; NaN when unknown. */
    public double precision() {
        return bounded() ? (hi - lo) / 2 / value : Double.NaN;
    }

    /** Whether the interval is known. */
    public boolean bounded() {
        return !Double.isNaN(lo) && !Double.isNaN(hi);
    }

    /**
     * This rate over {@code base}, with the interval made of the ends' ratios:
     * {@code [lo / base.hi, hi / base.lo]}. If both inputs' intervals hold, so does this one,
     * so it covers the true ratio with at least 99.8% confidence when both are 99.9% intervals
     * (a conservative interval: no normality or independence assumed between the two).
     */
    public Estimate over(Estimate base) {
        double ratio = value / base.value;
        if (!bounded() || !base.bounded()) {
            return new Estimate(ratio, Double.NaN, Double.NaN);
        }
        return new Estimate(ratio, lo / base.hi, base.lo <= 0 ? Double.POSITIVE_INFINITY : hi / base.lo);
    }

    /** {@code k / x} for a rate {@code x}: e.g. ns per operation from ops/s with {@code k = 1e9}; the ends swap. */
    public Estimate reciprocal(double k) {
        return new Estimate(k / value, k / hi, lo <= 0 ? Double.POSITIVE_INFINITY : k / lo);
    }

    /** Whether the two intervals share a point (unknown intervals overlap everything). */
    public boolean overlaps(Estimate other) {
        return !bounded() || !other.bounded() || (lo <= other.hi && other.lo <= hi);
    }
}
