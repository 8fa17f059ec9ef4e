package dev.uringlab.cli.compare;

import static dev.uringlab.cli.UringLab.EXIT_FAILURE;
import static dev.uringlab.cli.UringLab.EXIT_OK;
import static dev.uringlab.cli.UringLab.EXIT_USAGE;

import dev.uringlab.cli.DemoPages;
import dev.uringlab.reports.Report;
import dev.uringlab.reports.Reports;
import dev.uringlab.reports.input.ReportInputException;
import dev.uringlab.reports.input.RunReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code uring-lab compare}: the main job. Races every strategy against the baseline (and the
 * emulator against the real kernel) under JMH, then writes the HTML report.
 *
 * <ol>
 *   <li>makes sure {@code jmh/target/benchmarks.jar} is up to date ({@link BenchmarksJar});</li>
 *   <li>lists the plan: every point of every benchmark's param space that is an experiment
 *       and can run here ({@code dev.uringlab.jmh.BenchmarkPlan}); the others are printed as
 *       skipped, with the reason;</li>
 *   <li>runs each point in its own JMH child JVM, JMH's progress on the terminal, with an
 *       overall line before each (point i of N, elapsed, time left), appending the results to
 *       {@code results/<timestamp>/jmh.json} as it goes;</li>
 *   <li>writes {@code env.json} beside it, then {@code report.html} through the reports module,
 *       prints the summary table and the report's path.</li>
 * </ol>
 * Exit status: 0 when every point ran and the report is written; 1 when a point or the build
 * failed (the report still covers what ran); 2 for bad input (an unreadable {@code --baseline},
 * an {@code --include} that matches nothing).
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Race every strategy against the baseline under JMH and write the HTML report.",
            "Results go to results/<timestamp>/ (jmh.json, env.json, report.html)."})
public final class CompareCommand implements Callable<Integer> {
    /** The report's file name in a run's directory. */
    static final String REPORT = "report.html";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");

    @ArgGroup(exclusive = true)
    private Length length = new Length();

    private static final class Length {
        @Option(names = "--quick", description = "Short runs (1 fork, 2 x 500 ms warmup, 5 x 500 ms): the whole suite in minutes; wide error bars.")
        boolean quick;

        @Option(names = "--full", description = "Long runs (3 forks, 5 x 2 s warmup, 10 x 2 s) for figures to keep.")
        boolean full;

        RunLength value() {
            return quick ? RunLength.QUICK : full ? RunLength.FULL : RunLength.DEFAULT;
        }
    }

    @Option(names = "--include", paramLabel = "REGEX",
            description = "Run only the benchmarks whose name matches (as JMH matches; repeatable), e.g. Nops32.")
    private List<String> includes = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "FILE",
            description = "An earlier run's jmh.json: the report shows the change since it, with a noise verdict.")
    private Path baseline;

    @Option(names = "--prof", paramLabel = "PROFILER",
            description = "A JMH profiler for every point (repeatable): gc gives bytes/op (gc.alloc.rate.norm).")
    private List<String> profilers = new ArrayList<>();

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunLength runLength = length.value();
        if (baseline != null) {
            try {
                RunReader.read(baseline); // now, not after minutes of benchmarks
            } catch (ReportInputException e) {
                err.println("uring-lab compare: --baseline " + e.getMessage());
                return EXIT_USAGE;
            }
        }
        Layout layout = Layout.locate();
        Path jar;
        try {
            jar = BenchmarksJar.ensureUpToDate(layout, out);
        } catch (IOException e) {
            err.println("uring-lab compare: " + e.getMessage());
            return EXIT_FAILURE;
        }
        JmhChild jmh = new JmhChild(jar);
        List<PlanPoint> plan = jmh.plan(includes);
        if (plan.isEmpty()) {
            err.println("uring-lab compare: no benchmark matches --include " + String.join(" ", includes)
                    + "; list them with: java -jar " + layout.root().relativize(jar) + " -l");
            return EXIT_USAGE;
        }
        List<PlanPoint> toRun = plan.stream().filter(p -> p.skipReason().isEmpty()).toList();
        Map<String, Long> skipped = plan.stream().filter(p -> p.skipReason().isPresent())
                .collect(Collectors.groupingBy(p -> p.skipReason().get(), LinkedHashMap::new, Collectors.counting()));
        if (!skipped.isEmpty()) {
            out.println("uring-lab compare: skipping " + (plan.size() - toRun.size()) + " of " + plan.size()
                    + " points of the benchmarks' param spaces:");
            skipped.forEach((reason, n) -> out.println("  " + n + " x " + reason));
        }
        if (toRun.isEmpty()) {
            err.println("uring-lab compare: every point of the plan is skipped (reasons above)");
            return EXIT_FAILURE;
        }

        Instant start = Instant.now();
        Path dir = newResultsDir(layout);
        EnvFile env = EnvFile.capture(layout, runLength, start);
        env.write(dir);
        Progress progress = new Progress(toRun.size(), runLength);
        out.println("uring-lab compare: " + toRun.size() + " points (" + (plan.size() - toRun.size()) + " skipped), "
                + runLength.describe() + " each, about " + Progress.clock(progress.estimateAll()) + " in all; results in "
                + layout.root().relativize(dir));
        out.flush();

        JmhJson results = new JmhJson();
        List<PlanPoint> failed = new ArrayList<>();
        Path part = dir.resolve("jmh-point.json"); // one point's results, merged into jmh.json
        for (int i = 0; i < toRun.size(); i++) {
            PlanPoint point = toRun.get(i);
            out.println();
            out.println("== uring-lab compare " + progress.before(i + 1, point, Duration.between(start, Instant.now())));
            out.flush();
            JmhLock.awaitFree(out);
            Instant t0 = Instant.now();
            Files.deleteIfExists(part);
            int status = jmh.run(point, runLength, profilers, part);
            int n = results.append(part);
            Files.deleteIfExists(part);
            progress.finished(Duration.between(t0, Instant.now()));
            if (status != 0 || n == 0) {
                failed.add(point);
            }
            if (n > 0) {
                results.write(dir);
            }
        }
        Duration wall = Duration.between(start, Instant.now());
        env.finish(wall, toRun.size() - failed.size(), plan.size() - toRun.size(), failed.size());
        env.write(dir);

        out.println();
        for (PlanPoint p : failed) {
            err.println("uring-lab compare: FAILED " + p + " (JMH's output above says why)");
        }
        if (results.size() == 0) {
            err.println("uring-lab compare: no point produced results; nothing to report");
            Files.deleteIfExists(dir.resolve(EnvFile.NAME));
            Files.deleteIfExists(dir);
            return EXIT_FAILURE;
        }
        Report report;
        try {
            report = Reports.write(List.of(dir.resolve(JmhJson.NAME)), Optional.ofNullable(baseline), dir.resolve(REPORT));
        } catch (ReportInputException | IOException e) {
            err.println("uring-lab compare: no report: " + e.getMessage());
            return EXIT_FAILURE;
        }
        out.print(report.summaryTable());
        out.println();
        out.println("uring-lab compare: " + (toRun.size() - failed.size()) + " of " + toRun.size() + " points measured in "
                + Progress.clock(wall) + " (" + runLength.describe() + ")");
        out.println("report: " + report.file());
        DemoPages.writeBeside(report.file(), err).forEach(page -> out.println("demo: " + page));
        return failed.isEmpty() ? EXIT_OK : EXIT_FAILURE;
    }

    /** {@code results/<timestamp>/}, new. */
    private static Path newResultsDir(Layout layout) throws IOException {
        String stamp = LocalDateTime.now().format(STAMP);
        Path dir = layout.results().resolve(stamp);
        for (int n = 2; Files.exists(dir); n++) {
            dir = layout.results().resolve(stamp + "-" + n);
        }
        return Files.createDirectories(dir);
    }
}
