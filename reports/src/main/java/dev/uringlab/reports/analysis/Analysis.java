package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Claims;
import dev.uringlab.reports.input.Run;
import dev.uringlab.reports.prices.KernelPrices;
import java.util.List;
import java.util.Optional;

/**
 * Everything a report shows, computed from the runs: the claims checked, every benchmark
 * arranged, and the changes since an old run.
 *
 * @param runs       the runs, in the order given
 * @param old        the old run given as {@code --against}, if any
 * @param intervals  how every interval is computed (its confidence)
 * @param floors     every run's A/A races, shown above the figures
 * @param checks     every author's figure against every run (the summary)
 * @param benchmarks every benchmark's results
 * @param changes    each result against the old run (empty without one)
 * @param prices     the kernel prices and recipes for each figure's kernel-priced ratio
 *                   ({@code prices.json} beside the first run), if any
 */
public record Analysis(List<Run> runs, Optional<Run> old, Intervals intervals, List<FloorCheck> floors, List<ClaimCheck> checks,
                       List<BenchmarkResults> benchmarks, List<Change> changes, Optional<KernelPrices> prices) {
    public Analysis {
        runs = List.copyOf(runs);
        floors = List.copyOf(floors);
        checks = List.copyOf(checks);
        benchmarks = List.copyOf(benchmarks);
        changes = List.copyOf(changes);
    }

    /** Analyses {@code runs} against {@code claims}, and against {@code old} when given, with intervals at {@code intervals}' confidence. */
    public static Analysis of(List<Run> runs, Optional<Run> old, Claims claims, Intervals intervals) {
        return of(runs, old, claims, intervals, Optional.empty());
    }

    /** The same, with kernel prices for each figure's kernel-priced ratio. */
    public static Analysis of(List<Run> runs, Optional<Run> old, Claims claims, Intervals intervals, Optional<KernelPrices> prices) {
        List<BenchmarkResults> benchmarks = BenchmarkResults.of(runs, claims, intervals);
        return new Analysis(runs, old, intervals, FloorCheck.of(runs, intervals), ClaimMatcher.check(claims, runs, intervals), benchmarks,
                old.map(o -> ChangeDetector.compare(benchmarks, o, intervals)).orElse(List.of()), prices);
    }
}
