package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Display;
import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * Compares each result with the same benchmark and params in an older run ({@code --baseline}),
 * and says whether it changed beyond the noise of both runs.
 *
 * <p>Where both results carry JMH's raw samples (at least two each, not all equal), Welch's
 * t-test (unequal variances, two-sided) on the iteration scores decides: a change when
 * {@code p < }{@value #ALPHA}, the same confidence as JMH's 99.9% intervals. Otherwise the
 * two 99.9% intervals decide: a change when they do not overlap. The report says which.
 */
public final class ChangeDetector {
    /** The significance level of the t-test. */
    public static final double ALPHA = 0.001;

    private static final TTest WELCH = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC);

    private ChangeDetector() {
    }

    /** Every row of {@code benchmarks} that {@code old} also measured, compared with it. */
    public static List<Change> compare(List<BenchmarkResults> benchmarks, Run old) {
        List<Change> out = new ArrayList<>();
        for (BenchmarkResults b : benchmarks) {
            for (Row row : b.rows()) {
                find(old, row.result()).ifPresent(then -> out.add(compare(b.display(), row, then)));
            }
        }
        return out;
    }

    private static Optional<JmhResult> find(Run old, JmhResult now) {
        return old.results().stream()
                .filter(r -> r.benchmark().equals(now.benchmark()) && r.params().equals(now.params()))
                .findFirst();
    }

    private static Change compare(Display display, Row row, JmhResult then) {
        Estimate before = Estimate.of(then.primary());
        Estimate now = row.throughput();
        Estimate ratio = now.over(before);
        double[] x = row.result().primary().sampleArray();
        double[] y = then.primary().sampleArray();
        double p = welchP(x, y);
        Noise verdict;
        String method;
        if (!Double.isNaN(p)) {
            verdict = p < ALPHA ? direction(now, before) : Noise.NO_CHANGE;
            method = String.format(Locale.ROOT, "Welch's t-test: p = %s, %d vs %d samples", pValue(p), x.length, y.length);
        } else {
            boolean overlap = now.overlaps(before);
            verdict = overlap ? Noise.NO_CHANGE : direction(now, before);
            method = !now.bounded() || !before.bounded() ? "no interval (too few samples): no change shown"
                    : overlap ? "99.9% intervals overlap" : "99.9% intervals do not overlap";
        }
        return new Change(row, display == Display.NS_PER_OP ? before.reciprocal(1e9) : before, ratio, verdict, method);
    }

    private static Noise direction(Estimate now, Estimate before) {
        return now.value() > before.value() ? Noise.IMPROVED : Noise.REGRESSED;
    }

    /** The two-sided p-value of Welch's t-test, or NaN when the samples cannot give one. */
    static double welchP(double[] x, double[] y) {
        if (x.length < 2 || y.length < 2 || (constant(x) && constant(y))) {
            return Double.NaN;
        }
        return WELCH.test(x, y).getPValue();
    }

    private static boolean constant(double[] a) {
        for (double v : a) {
            if (v != a[0]) {
                return false;
            }
        }
        return true;
    }

    private static String pValue(double p) {
        return p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
    }
}
