package dev.uringlab.cli.compare;

import static dev.uringlab.cli.UringLab.EXIT_FAILURE;
import static dev.uringlab.cli.UringLab.EXIT_OK;

import dev.uringlab.cli.DemoPages;
import dev.uringlab.reports.Report;
import dev.uringlab.reports.ReportRequest;
import dev.uringlab.reports.Reports;
import dev.uringlab.reports.analysis.Intervals;
import dev.uringlab.reports.input.ReportInputException;
import dev.uringlab.reports.input.RunReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The end of a {@code uring-lab compare}: {@code env.json} finished, the report of what was
 * measured written through the reports module, the summary table and the counts printed, the
 * demo pages written beside the report; or, where nothing was measured, the run's directory
 * removed.
 */
final class CompareReport {
    private CompareReport() {
    }

    /**
     * Reports {@code run}: exit status 0 when every point ran and the report is written, 1
     * otherwise.
     *
     * @param against an earlier run's jmh.json, for the change since it
     * @param prices  kernel prices ({@code uring-lab prices}) to place beside the report, else this machine's
     *                {@code results/prices.json}, else the ones shipped with uring-lab ({@link PricesCommand#forCompare})
     * @param verbose whether JMH's output went to the terminal (else to {@code jmh.log})
     */
    static int finish(PrintWriter out, PrintWriter err, Layout layout, CompareRun run, Intervals intervals,
                      Optional<Path> against, Optional<Path> prices, boolean verbose) throws IOException {
        Path dir = run.dir();
        EnvFile env = run.env();
        JmhJson results = run.results();
        List<PlanPoint> runs = run.runs();
        Races races = run.races();
        Map<PlanPoint, String> failed = run.failed();
        boolean interrupted = run.interrupted();
        RunLength runLength = run.runLength();
        Duration wall = Duration.between(run.start(), Instant.now());
        int measured = (int) runs.stream().filter(p -> races.forks(p) > 0 && !failed.containsKey(p)).count();
        int forks = runs.stream().mapToInt(races::forks).sum();
        env.finish(wall, measured, run.skipped(), failed.size(), forks, interrupted);
        env.benchmarks(runs.stream().filter(p -> races.forks(p) > 0 && !failed.containsKey(p))
                .flatMap(p -> PairedRaces.isPaired(p) ? PairedRaces.arms(p).stream() : java.util.stream.Stream.of(p))
                .map(PlanPoint::benchmark).distinct().toList());
        out.println();
        failed.forEach((p, why) -> err.println("uring-lab compare: FAILED " + p + ": " + why
                + (verbose ? "" : " (" + layout.root().relativize(dir.resolve(CompareCommand.LOG)) + " says more)")));
        if (results.size() == 0) {
            err.println(interrupted ? "uring-lab compare: interrupted before any point was measured; nothing kept"
                    : "uring-lab compare: no point produced results; nothing to report");
            for (String name : List.of(EnvFile.NAME, JmhJson.NAME, CompareCommand.LOG, RunReader.SLICES_FILE)) {
                Files.deleteIfExists(dir.resolve(name));
            }
            try (var left = Files.list(dir)) {
                if (left.findAny().isEmpty()) {
                    Files.delete(dir);
                }
            }
            return EXIT_FAILURE;
        }
        env.write(dir);
        PricesCommand.forCompare(prices.orElse(null), layout, err).ifPresent(p -> PricesCommand.placeBeside(p, dir, err));
        Report report;
        try {
            report = Reports.write(new ReportRequest(List.of(dir.resolve(JmhJson.NAME)), against,
                    Optional.empty(), dir.resolve(CompareCommand.REPORT), intervals));
        } catch (ReportInputException | IOException e) {
            err.println("uring-lab compare: no report: " + e.getMessage());
            return EXIT_FAILURE;
        }
        out.print(report.summaryTable());
        out.println();
        if (interrupted) {
            err.println("uring-lab compare: interrupted: " + measured + " of " + runs.size() + " runs in "
                    + layout.root().relativize(dir));
        }
        out.println("uring-lab compare: " + measured + " of " + runs.size() + " runs measured, " + forks + " forks in "
                + Progress.clock(wall));
        out.println("  (" + runLength.describe(run.budget()) + ")");
        out.println("report: " + report.file());
        DemoPages.writeBeside(report.file(), err).forEach(page -> out.println("demo: " + page));
        out.flush();
        return failed.isEmpty() && !interrupted ? EXIT_OK : EXIT_FAILURE;
    }
}
