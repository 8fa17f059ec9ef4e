package dev.uringlab.reports;

import dev.uringlab.reports.analysis.Intervals;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to report: the runs, optionally an older run to compare with and a claims file other
 * than the built-in one, and where to write the HTML.
 *
 * @param runs     JMH JSON files ({@code -rf json}), one per run, at least one; each may have an
 *                 {@code env.json} beside it
 * @param baseline an older JMH JSON file to compare with ({@code --against}), if any
 * @param claims   a claims file replacing the built-in one, if any
 * @param out       the HTML file to write (replaced atomically; parent directories are created)
 * @param intervals the confidence of every interval (95% unless asked otherwise)
 */
public record ReportRequest(List<Path> runs, Optional<Path> baseline, Optional<Path> claims, Path out, Intervals intervals) {
    public ReportRequest {
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a report needs at least one JMH JSON file");
        }
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(claims, "claims");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(intervals, "intervals");
    }

    /** The runs, an optional old run and claims file, at the default 95%. */
    public ReportRequest(List<Path> runs, Optional<Path> baseline, Optional<Path> claims, Path out) {
        this(runs, baseline, claims, out, Intervals.DEFAULT);
    }

    /** The runs compared with an optional old run, against the built-in claims. */
    public ReportRequest(List<Path> runs, Optional<Path> baseline, Path out) {
        this(runs, baseline, Optional.empty(), out);
    }
}
