package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Metric;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Intervals from JMH's raw samples by a two-stage (hierarchical) percentile bootstrap: each
 * resample draws as many forks as were run, with replacement, then within each drawn fork as
 * many iterations as it ran, with replacement, and takes the mean of what it drew. A ratio's
 * resample is the ratio of the two arms' resampled means; the interval is the central
 * {@code confidence} share of {@value Thresholds#RESAMPLES} resamples.
 *
 * <p>Why this and not Fieller's method: on a JIT the largest noise is between forks (a fork
 * settles in one compiled state and stays there), so the forks, not the iterations, are the
 * independent units, and there are few of them (2 to 10). Fieller's interval for a ratio of
 * means on fork means needs Student's t with forks - 1 degrees of freedom (12.7 at two forks
 * for 95%) and is unbounded whenever the baseline's mean is not clearly above zero at that
 * level, which is the [0, inf] a user saw. The bootstrap is bounded for positive rates, keeps
 * both levels of variance, and assumes no normal shape (bimodal forks are common). Its
 * weakness is the other side: with two or three forks it underestimates the fork-to-fork
 * variance (its intervals are too narrow), which is why {@code uring-lab compare} runs at
 * least three forks per arm before it trusts a precision, and why a result with one fork is
 * flagged: its interval holds the iterations' noise only.
 *
 * <p>The resampling is seeded from the samples themselves, so the same JSON always gives the
 * same report.
 */
public final class ForkBootstrap {
    private ForkBootstrap() {
    }

    /**
     * The ratio {@code patched / baseline} of the two means with its bootstrap interval, or
     * empty when either metric lacks raw samples.
     */
    public static Optional<Estimate> ratio(Metric patched, Metric baseline, double confidence) {
        double[][] p = forks(patched);
        double[][] b = forks(baseline);
        if (p.length == 0 || b.length == 0) {
            return Optional.empty();
        }
        SplittableRandom rng = new SplittableRandom(seed(p) * 31 + seed(b));
        double[] draws = new double[Thresholds.RESAMPLES];
        for (int i = 0; i < Thresholds.RESAMPLES; i++) {
            draws[i] = resampledMean(p, rng) / resampledMean(b, rng);
        }
        return Optional.of(interval(mean(p) / mean(b), draws, confidence));
    }

    /** The mean of all samples with its bootstrap interval, or empty without raw samples. */
    public static Optional<Estimate> mean(Metric m, double confidence) {
        double[][] f = forks(m);
        if (f.length == 0) {
            return Optional.empty();
        }
        SplittableRandom rng = new SplittableRandom(seed(f));
        double[] draws = new double[Thresholds.RESAMPLES];
        for (int i = 0; i < Thresholds.RESAMPLES; i++) {
            draws[i] = resampledMean(f, rng);
        }
        return Optional.of(interval(mean(f), draws, confidence));
    }

    /** The central {@code confidence} share of the draws: from the (1-c)/2 quantile to the (1+c)/2 quantile. */
    static Estimate interval(double value, double[] draws, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie between 0 and 1, not " + confidence);
        }
        double[] sorted = draws.clone();
        Arrays.sort(sorted);
        double tail = (1 - confidence) / 2;
        int lo = (int) Math.floor(tail * sorted.length);
        int hi = (int) Math.ceil((1 - tail) * sorted.length) - 1;
        double l = sorted[Math.min(lo, sorted.length - 1)];
        double h = sorted[Math.max(hi, 0)];
        if (!Double.isFinite(l) || !Double.isFinite(h)) {
            return new Estimate(value, Double.NaN, Double.NaN);
        }
        return new Estimate(value, l, h);
    }

    /** One resample: forks drawn with replacement, then iterations within each drawn fork. */
    private static double resampledMean(double[][] forks, SplittableRandom rng) {
        double sum = 0;
        int n = 0;
        for (int k = 0; k < forks.length; k++) {
            double[] fork = forks[rng.nextInt(forks.length)];
            for (int j = 0; j < fork.length; j++) {
                sum += fork[rng.nextInt(fork.length)];
            }
            n += fork.length;
        }
        return sum / n;
    }

    private static double mean(double[][] forks) {
        return Arrays.stream(forks).flatMapToDouble(Arrays::stream).average().orElse(Double.NaN);
    }

    private static double[][] forks(Metric m) {
        List<List<Double>> forks = m.forks();
        return forks.stream().map(f -> f.stream().mapToDouble(Double::doubleValue).toArray()).toArray(double[][]::new);
    }

    private static long seed(double[][] forks) {
        return Arrays.deepHashCode(forks);
    }
}
