package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Display;
import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Compares each result with the same benchmark and params in an older run ({@code --against}),
 * and says whether it changed beyond the noise of both runs.
 *
 * <p>The verdict is read off the interval the report prints beside it, so the two never
 * disagree: the new over old throughput ratio's interval ({@link Intervals#ratio}, a
 * bootstrap over both runs' forks and iterations) lies above 1.00 (faster), below it (slower)
 * or holds it (no change).
 */
public final class ChangeDetector {
    private ChangeDetector() {
    }

    /** Every row of {@code benchmarks} that {@code old} also measured, compared with it. */
    public static List<Change> compare(List<BenchmarkResults> benchmarks, Run old, Intervals intervals) {
        List<Change> out = new ArrayList<>();
        for (BenchmarkResults b : benchmarks) {
            for (Row row : b.rows()) {
                find(old, row.result()).ifPresent(then -> out.add(compare(b.display(), row, then, intervals)));
            }
        }
        return out;
    }

    private static Optional<JmhResult> find(Run old, JmhResult now) {
        return old.results().stream()
                .filter(r -> r.benchmark().equals(now.benchmark()) && r.params().equals(now.params()))
                .findFirst();
    }

    private static Change compare(Display display, Row row, JmhResult then, Intervals intervals) {
        Estimate before = intervals.score(then.primary());
        Estimate ratio = intervals.ratio(row.result().primary(), then.primary());
        Noise verdict = !ratio.bounded() || (ratio.lo() <= 1 && 1 <= ratio.hi()) ? Noise.NO_CHANGE
                : ratio.lo() > 1 ? Noise.IMPROVED : Noise.REGRESSED;
        String how = Intervals.fromSamples(row.result().primary(), then.primary())
                ? intervals.percent() + " bootstrap interval, " + row.result().primary().forks().size() + " vs "
                        + then.primary().forks().size() + " forks"
                : "JMH's 99.9% errors (no raw samples)";
        String method = !ratio.bounded() ? "no interval (too few samples): no change shown"
                : (verdict == Noise.NO_CHANGE ? "holds 1.00: " : "excludes 1.00: ") + how;
        return new Change(row, display == Display.NS_PER_OP ? before.reciprocal(1e9) : before, ratio, verdict, method);
    }
}
