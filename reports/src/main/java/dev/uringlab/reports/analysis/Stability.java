package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Metric;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.DoubleFunction;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.OneWayAnova;

/**
 * Whether a result reached a steady state, from its raw samples: a fork whose iterations still
 * trend at the end of measurement (the JIT had not settled after the warmup), and forks that
 * disagree beyond their own noise, with which of two causes their peaks point to.
 *
 * <ul>
 *   <li><b>Trending fork</b>: the least-squares line through a fork's iterations (at least
 *       {@value Thresholds#MIN_ITERATIONS}) climbs or falls by more than {@value Thresholds#DRIFT} of the fork's
 *       mean from its first to its last iteration, and its slope differs from 0 at 95% (Student's
 *       t on n - 2 degrees of freedom).</li>
 *   <li><b>Forks disagree</b>: one-way ANOVA of the iterations grouped by fork gives
 *       p &lt; {@value Thresholds#ALPHA}, and the fork means spread over more than {@value Thresholds#SPREAD} of the
 *       overall mean: a difference between forks that their iterations' noise cannot explain.</li>
 *   <li><b>One state</b>: every fork's peak (its fastest iteration) lies within {@value Thresholds#SPREAD}
 *       of the others'. A rate is bounded by what the compiled code can do, and a shared
 *       machine only takes time away (another tenant, a lower clock), never gives it: so forks
 *       that reach one peak run one compiled state, and where their means disagree, the machine
 *       slowed some of their iterations. Peaks that differ mean forks in different states, or a
 *       fork the machine slowed in every iteration; the peaks alone cannot tell those two apart.</li>
 * </ul>
 *
 * <p>Every score here is a rate (JMH's throughput mode, which every uring-lab benchmark uses),
 * so a fork's peak is its largest iteration.
 *
 * @param trending  the 1-based numbers of the trending forks, with their drift over the measurement
 * @param disagree  whether the forks disagree beyond their noise: the one rule for it, which every
 *                  part of the report that speaks of disagreeing forks reads
 * @param forkMeans every fork's mean, in fork order
 * @param forkPeaks every fork's fastest iteration, in fork order
 */
public record Stability(List<String> trending, boolean disagree, double[] forkMeans, double[] forkPeaks) {
    public Stability {
        trending = List.copyOf(trending);
        forkMeans = forkMeans.clone();
        forkPeaks = forkPeaks.clone();
    }

    /** The checks on one metric's raw samples (nothing flagged without them). */
    public static Stability of(Metric m) {
        List<String> trending = new ArrayList<>();
        List<double[]> forks = m.forks().stream().map(f -> f.stream().mapToDouble(Double::doubleValue).toArray()).toList();
        for (int i = 0; i < forks.size(); i++) {
            double drift = drift(forks.get(i));
            if (!Double.isNaN(drift)) {
                trending.add("fork " + (i + 1) + String.format(Locale.ROOT, " %+.0f%%", drift * 100));
            }
        }
        double[] means = m.forkMeans();
        boolean disagree = false;
        if (forks.size() >= 2 && forks.stream().allMatch(f -> f.length >= 2)) {
            if (spread(means) > Thresholds.SPREAD && forks.stream().anyMatch(f -> Arrays.stream(f).distinct().count() > 1)) {
                disagree = OneWayAnova.withDefaults().test(forks).getPValue() < Thresholds.ALPHA;
            }
        }
        double[] peaks = forks.stream().mapToDouble(f -> Arrays.stream(f).max().orElse(Double.NaN)).toArray();
        return new Stability(trending, disagree, means, peaks);
    }

    /** The range of {@code forkMeans} over their mean: how far apart a result's forks settled. */
    static double spread(double[] forkMeans) {
        double mean = Arrays.stream(forkMeans).average().orElse(Double.NaN);
        return (Arrays.stream(forkMeans).max().orElse(0) - Arrays.stream(forkMeans).min().orElse(0)) / mean;
    }

    /** A fork's significant drift over its iterations as a fraction of its mean, or NaN when there is none. */
    static double drift(double[] y) {
        int n = y.length;
        if (n < Thresholds.MIN_ITERATIONS) {
            return Double.NaN;
        }
        double mx = (n - 1) / 2.0;
        double my = Arrays.stream(y).average().orElse(Double.NaN);
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (i - mx) * (i - mx);
            sxy += (i - mx) * (y[i] - my);
        }
        double slope = sxy / sxx;
        double sse = 0;
        for (int i = 0; i < n; i++) {
            double r = y[i] - (my + slope * (i - mx));
            sse += r * r;
        }
        double drift = slope * (n - 1) / my;
        if (Math.abs(drift) <= Thresholds.DRIFT) {
            return Double.NaN;
        }
        double se = Math.sqrt(sse / (n - 2) / sxx);
        double t = se == 0 ? Double.POSITIVE_INFINITY : Math.abs(slope) / se;
        return t > TDistribution.of(n - 2).inverseCumulativeProbability(0.975) ? drift : Double.NaN;
    }

    /** The range of the fork means over their mean; NaN with fewer than two forks. */
    public double meanSpread() {
        return forkMeans.length < 2 ? Double.NaN : spread(forkMeans);
    }

    /** The range of the fork peaks over their mean; NaN with fewer than two forks. */
    public double peakSpread() {
        return forkPeaks.length < 2 ? Double.NaN : spread(forkPeaks);
    }

    /** Whether every fork peaked within {@link Thresholds#SPREAD} of the others: one compiled state (false with fewer than two forks). */
    public boolean oneState() {
        return peakSpread() <= Thresholds.SPREAD;
    }

    /** How a result's forks settled, read off their means and peaks; the words every report uses for it. */
    public enum Settling {
        /** One fork: nothing to compare it with. */
        ONE_FORK("one fork: no spread to judge"),
        /** Forks whose means lie within {@link Thresholds#SPREAD} of each other. */
        AGREE("forks agree"),
        /** Means apart beyond {@link Thresholds#SPREAD}, but no more than their iterations' noise, which is as wide: nothing to tell. */
        TOO_NOISY("means apart, within their iterations' noise: too noisy to tell"),
        /** Means apart, peaks together: the machine's doing. */
        ONE_STATE("one state, which the machine slowed in some iterations"),
        /** Means and peaks apart. */
        PEAKS_APART("different states, or a fork the machine slowed throughout");

        private final String words;

        Settling(String words) {
            this.words = words;
        }

        /** The state in words, e.g. {@code forks agree}. */
        public String words() {
            return words;
        }
    }

    /** How the forks settled: one fork, forks that agree, or forks that disagree with their peaks together or apart. */
    public Settling settling() {
        return forkMeans.length < 2 ? Settling.ONE_FORK
                : !disagree ? (meanSpread() > Thresholds.SPREAD ? Settling.TOO_NOISY : Settling.AGREE)
                : oneState() ? Settling.ONE_STATE : Settling.PEAKS_APART;
    }

    /** Whether anything is flagged. */
    public boolean steady() {
        return trending.isEmpty() && !disagree;
    }

    /**
     * In words, e.g. {@code still trending at the end: fork 2 +45%; forks disagree beyond their
     * noise, fork means 26.1 M, 37.4 M, peaks 37.9 M, 38.2 M: one state, which the machine slowed
     * in some iterations}; empty when steady.
     *
     * @param format how a fork mean or peak is written (in the report's unit)
     */
    public String describe(DoubleFunction<String> format) {
        return describe(Optional.of(format));
    }

    /** As {@link #describe(DoubleFunction)} without the fork means and peaks, for a note that points to where they are shown. */
    public String brief() {
        return describe(Optional.empty());
    }

    private String describe(Optional<DoubleFunction<String>> values) {
        List<String> parts = new ArrayList<>();
        if (!trending.isEmpty()) {
            parts.add("still trending at the end: " + String.join(", ", trending));
        }
        if (disagree) {
            parts.add("forks disagree beyond their noise"
                    + values.map(f -> ", fork means " + list(forkMeans, f) + ", peaks " + list(forkPeaks, f)).orElse("")
                    + ": " + (oneState() ? Settling.ONE_STATE : Settling.PEAKS_APART).words());
        }
        return String.join("; ", parts);
    }

    private static String list(double[] values, DoubleFunction<String> format) {
        return String.join(", ", Arrays.stream(values).mapToObj(format).toList());
    }
}
