package dev.uringlab.cli.compare;

import static dev.uringlab.cli.UringLab.EXIT_FAILURE;
import static dev.uringlab.cli.UringLab.EXIT_USAGE;

import dev.uringlab.reports.analysis.Intervals;
import dev.uringlab.reports.analysis.MachineNoise;
import dev.uringlab.reports.input.Claims;
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
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
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
 *   <li>checks every option (the {@code --include} regexes, {@code --against}, and, once the
 *       jar is there, {@code --prof} against JMH's profilers) before anything runs;</li>
 *   <li>makes sure {@code jmh/target/benchmarks.jar} is up to date ({@link BenchmarksJar});</li>
 *   <li>lists the plan: every point of every benchmark's param space that is an experiment
 *       and can run here ({@code dev.uringlab.jmh.BenchmarkPlan}); the others are printed as
 *       skipped, with the reason;</li>
 *   <li>runs the points one fork at a time through JMH's Runner in one host JVM
 *       ({@link JmhChild}): the races of the authors' figures first, then every other point; the
 *       arms of each race interleaved and forks added where the ratio intervals are widest
 *       ({@link Races}), until every race meets the target precision or the budget ends; one progress line per fork, JMH's own output in {@code jmh.log}
 *       ({@code --verbose}: on the terminal); {@code jmh.json} is rewritten after each fork
 *       ({@link ForkLoop});</li>
 *   <li>writes {@code env.json} beside it, then {@code report.html} through the reports module,
 *       prints the summary table and the report's path ({@link CompareReport}).</li>
 * </ol>
 * Ctrl-C stops the JMH child, writes the report of what was measured, marks the run
 * interrupted in {@code env.json} and says so. Exit status: 0 when every point ran and the
 * report is written; 1 when a point or the build failed (the report still covers what ran), or
 * the run was interrupted; 2 for bad input (a bad option or {@code --against}, an
 * {@code --include} that matches nothing).
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Race every strategy against the baseline under JMH and write the HTML report.",
            "Results go to results/<timestamp>/ (jmh.json, env.json, jmh.log, report.html)."})
public final class CompareCommand implements Callable<Integer> {
    /** The report's file name in a run's directory. */
    static final String REPORT = "report.html";
    /** JMH's own output, in a run's directory. */
    static final String LOG = "jmh.log";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");

    @ArgGroup(exclusive = true)
    private Length length = new Length();

    private static final class Length {
        @Option(names = "--quick", description = "A first look within 5 minutes in all: the A/A race and the authors' figures first, two forks of each, then the other races.")
        boolean quick;

        @Option(names = "--full", description = "Long runs (5 to 20 forks of 5 x 2 s warmup, 10 x 2 s) for figures to keep.")
        boolean full;

        RunLength value() {
            return quick ? RunLength.QUICK : full ? RunLength.FULL : RunLength.DEFAULT;
        }
    }

    @Option(names = "--include", paramLabel = "REGEX",
            description = "Run only the benchmarks whose name matches (as JMH matches; repeatable), e.g. Nops32.")
    private List<String> includes = new ArrayList<>();

    @Option(names = "--against", paramLabel = "FILE",
            description = "An earlier run's jmh.json: the report shows the change since it, with a noise verdict.")
    private Path baseline;

    @Option(names = "--prices", paramLabel = "FILE",
            description = "Kernel prices (uring-lab prices) for each figure's kernel-priced ratio (default: results/prices.json when there is one, else the prices shipped with uring-lab).")
    private Path prices;

    @Option(names = "--prof", paramLabel = "PROFILER",
            description = "A JMH profiler for every fork (repeatable): gc gives bytes/op (gc.alloc.rate.norm).")
    private List<String> profilers = new ArrayList<>();

    @Option(names = "--target", paramLabel = "PERCENT", defaultValue = "2",
            description = "Add forks to a race until its ratio interval's half-width is within this share of the ratio (default: ${DEFAULT-VALUE}).")
    private double target;

    @Option(names = "--confidence", paramLabel = "PERCENT", defaultValue = "95",
            description = "The confidence of every interval, e.g. 99 (default: ${DEFAULT-VALUE}).")
    private double confidence;

    @Option(names = "--budget", paramLabel = "MINUTES",
            description = "The time budget of the whole run, build included (default: 5 with --quick, 20, 180 with --full).")
    private Double budgetMinutes;

    @Option(names = "--verbose", description = "Stream JMH's own output to the terminal instead of jmh.log.")
    private boolean verbose;

    @Option(names = "--fork-by-fork", description = "Race each arm in forks of its own, alternated, instead of paired "
            + "(both arms in one fork, in class loaders of their own, taking turns in slices): the older design, for comparison.")
    private boolean forkByFork;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Instant start = started();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunLength runLength = length.value();
        Optional<String> bad = badOption();
        if (bad.isPresent()) {
            err.println("uring-lab compare: " + bad.get());
            return EXIT_USAGE;
        }
        Claims claims = Claims.builtIn(); // now, from the jar this run started with, not after minutes of benchmarks
        Intervals intervals = new Intervals(confidence / 100);
        Duration budget = budgetMinutes == null ? runLength.budget() : Duration.ofSeconds(Math.round(budgetMinutes * 60));
        if (baseline != null) {
            try {
                RunReader.read(baseline); // now, not after minutes of benchmarks
            } catch (ReportInputException e) {
                err.println("uring-lab compare: --against " + e.getMessage());
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
        if (!profilers.isEmpty()) {
            Set<String> known = jmh.profilers();
            for (String profiler : profilers) {
                String name = profilerName(profiler);
                if (!known.contains(name) && JMH_PROFILERS.contains(name)) {
                    err.println("uring-lab compare: --prof " + profiler + ": JMH cannot run it on this machine"
                            + " (java -jar " + layout.root().relativize(jar) + " -lprof says why); here it runs "
                            + String.join(", ", known));
                    return EXIT_USAGE;
                }
            }
        }
        List<PlanPoint> all = jmh.plan(List.of());
        List<Pattern> patterns = includes.stream().map(Pattern::compile).toList();
        // The machine-noise sentinel runs in every compare, whatever --include says: the report reads
        // the machine's own noise from it (MachineNoise) and says nothing of it where it did not run.
        List<PlanPoint> plan = all.stream()
                .filter(p -> patterns.isEmpty() || patterns.stream().anyMatch(r -> r.matcher(p.benchmark()).find())).toList();
        if (!plan.isEmpty() && plan.stream().noneMatch(p -> p.benchmark().equals(MachineNoise.BENCHMARK))) {
            plan = java.util.stream.Stream.concat(plan.stream(),
                    all.stream().filter(p -> p.benchmark().equals(MachineNoise.BENCHMARK))).toList();
        }
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

        Path dir = newResultsDir(layout);
        Path log = dir.resolve(LOG);
        EnvFile env = EnvFile.capture(layout, runLength, start);
        env.benchmarksInBuild(all.stream().map(PlanPoint::benchmark).distinct().toList());
        env.benchmarks(toRun.stream().map(PlanPoint::benchmark).distinct().toList());
        env.write(dir);
        Races races = forkByFork
                ? new Races(toRun, Races.claimed(toRun, claims), runLength.minForks(), runLength.maxForks(), target / 100)
                : Races.paired(toRun, Races.claimed(toRun, claims), runLength.minForks(), runLength.maxForks(), target / 100);
        List<PlanPoint> scheduled = races.points();
        out.println("uring-lab compare: " + toRun.size() + " points (" + (plan.size() - toRun.size()) + " skipped) in "
                + scheduled.size() + " runs, "
                + (forkByFork ? "fork by fork, " : scheduled.stream().filter(PairedRaces::isPaired).count() + " paired races (one A/A), ")
                + runLength.describe(budget)
                + ", target +-" + Format.number(target) + "% at " + intervals.percent() + "; results in "
                + layout.root().relativize(dir) + (verbose ? "" : ", JMH's output in " + LOG));
        out.flush();

        return new ForkLoop(jmh, races, runLength, budget, profilers, intervals, dir, env, plan.size() - toRun.size(), start)
                .run(out, verbose ? Optional.empty() : Optional.of(log),
                        run -> CompareReport.finish(out, err, layout, run, intervals, Optional.ofNullable(baseline),
                                Optional.ofNullable(prices), verbose));
    }

    /** JMH 1.37's own profilers ({@code -lprof}); which of them run on this machine is asked of the jar. */
    static final List<String> JMH_PROFILERS = List.of("async", "cl", "comp", "dtraceasm", "gc", "jfr", "mempool", "pauses",
            "perf", "perfasm", "perfc2c", "perfnorm", "safepoints", "stack", "xperfasm");

    /** {@code gc} of {@code gc:churn=true}. */
    private static String profilerName(String profiler) {
        return profiler.contains(":") ? profiler.substring(0, profiler.indexOf(':')) : profiler;
    }

    /**
     * When the command started, for its budget: the process's start, which is the launcher's
     * ({@code ./uring-lab} execs java), so the build the launcher ran counts too; now, in a JVM
     * that has run for long (a test).
     */
    private static Instant started() {
        Instant now = Instant.now();
        return ProcessHandle.current().info().startInstant()
                .filter(t -> Duration.between(t, now).compareTo(Duration.ofMinutes(30)) < 0).orElse(now);
    }

    /** The first bad option, in one line, before anything runs. */
    private Optional<String> badOption() {
        for (String include : includes) {
            try {
                Pattern.compile(include);
            } catch (PatternSyntaxException e) {
                return Optional.of("--include '" + include + "' is not a regular expression: " + e.getDescription()
                        + (e.getIndex() >= 0 ? " at index " + e.getIndex() : ""));
            }
        }
        if (!(target > 0 && target < 100)) {
            return Optional.of("--target " + Format.number(target) + ": a precision is a percentage between 0 and 100, e.g. 5");
        }
        if (!(confidence >= 50 && confidence < 100)) {
            return Optional.of("--confidence " + Format.number(confidence) + ": a confidence is a percentage from 50 to below 100, e.g. 95 or 99");
        }
        if (budgetMinutes != null && !(budgetMinutes > 0)) {
            return Optional.of("--budget " + budgetMinutes + ": a budget is a positive number of minutes");
        }
        for (String profiler : profilers) {
            String name = profilerName(profiler);
            if (!JMH_PROFILERS.contains(name) && !name.matches("[\\w$]+(\\.[\\w$]+)+")) {
                return Optional.of("--prof " + profiler + ": JMH has no profiler '" + name + "'; it has "
                        + String.join(", ", JMH_PROFILERS) + " (or give a profiler's class name)");
            }
        }
        return Optional.empty();
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

    /** Numbers in messages: {@code 5}, {@code 2.5}. */
    private static final class Format {
        static String number(double d) {
            return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
        }
    }
}
