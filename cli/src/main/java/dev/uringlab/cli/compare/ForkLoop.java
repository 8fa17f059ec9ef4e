package dev.uringlab.cli.compare;

import dev.uringlab.reports.analysis.FloorCheck;
import dev.uringlab.reports.analysis.Intervals;
import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.ReportInputException;
import dev.uringlab.reports.input.Run;
import dev.uringlab.reports.input.RunReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The forks of one {@code uring-lab compare}: the races' batches in turn ({@link Races}), one
 * JMH fork per point through the JMH child, each fork's results merged into {@code jmh.json}
 * (and a paired fork's slices into {@code slices.json}) as soon as it ends, forks added where the
 * intervals are widest, until every race meets its precision or the budget ends. Ctrl-C stops
 * the child; the report of what was measured is still written, and the process waits for it.
 */
final class ForkLoop {
    /** What ends the run: the report of what ran, and the exit status. */
    interface Report {
        int write(CompareRun run) throws IOException;
    }

    private final JmhChild jmh;
    private final Races races;
    /** The points scheduled, as the races had them at the start (what the report counts). */
    private final List<PlanPoint> scheduled;
    private final Progress progress;
    private final RunLength runLength;
    private final Duration budget;
    private final List<String> profilers;
    private final Intervals intervals;
    private final Path dir;
    private final EnvFile env;
    private final int skipped;
    private final Instant start;

    ForkLoop(JmhChild jmh, Races races, RunLength runLength, Duration budget, List<String> profilers, Intervals intervals,
             Path dir, EnvFile env, int skipped, Instant start) {
        this.jmh = jmh;
        this.races = races;
        this.scheduled = races.points();
        this.progress = new Progress(runLength, budget);
        this.runLength = runLength;
        this.budget = budget;
        this.profilers = profilers;
        this.intervals = intervals;
        this.dir = dir;
        this.env = env;
        this.skipped = skipped;
        this.start = start;
    }

    /**
     * Runs the forks, JMH's output to {@code log} (empty: the terminal), progress lines to
     * {@code out}; then {@code report} of what ran, before Ctrl-C may end the process.
     *
     * @return what {@code report} returns: the command's exit status
     */
    int run(PrintWriter out, Optional<Path> log, Report report) throws IOException, InterruptedException {
        AtomicBoolean interrupted = new AtomicBoolean();
        CountDownLatch written = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            interrupted.set(true);
            jmh.close();
            try {
                written.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "uring-lab compare: Ctrl-C");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        JmhJson results = new JmhJson();
        Map<PlanPoint, String> failed = new LinkedHashMap<>();
        Path part = dir.resolve("jmh-fork.json"); // one fork's results, merged into jmh.json
        Path sliceLog = dir.resolve("slices-fork.csv"); // one paired fork's slices, merged into slices.json
        PairedRaces paired = new PairedRaces();
        try {
            jmh.start(log);
            Map<Races.Race, Double> precision = new LinkedHashMap<>();
            boolean outOfTime = false;
            for (Races.Batch batch = races.next(precision); !batch.isEmpty() && !interrupted.get() && !outOfTime;
                    batch = races.next(precision)) {
                if (batch.together() && !progress.fits(Duration.between(start, Instant.now()), batch.points().size())) {
                    break; // a race's arms run together or not at all
                }
                for (PlanPoint point : batch.points()) {
                    Duration elapsed = Duration.between(start, Instant.now());
                    if (!progress.fits(elapsed, 1)) {
                        outOfTime = true;
                        break;
                    }
                    if (failed.containsKey(point)) {
                        races.ran(point);
                        continue;
                    }
                    out.println(progress.before(point, races.role(point), races.forks(point) + 1, elapsed,
                            races.forksToMinimum()));
                    out.flush();
                    JmhLock.awaitFree(out); // another run's JMH (a smoke on a shared machine) would fail this fork at once
                    Instant t0 = Instant.now();
                    Files.deleteIfExists(part);
                    Files.deleteIfExists(sliceLog);
                    Optional<String> failure;
                    try {
                        failure = jmh.runFork(point, races.forks(point), runLength, profilers, part,
                                PairedRaces.isPaired(point) ? PairedRaces.jvmArgs(sliceLog) : List.of());
                    } catch (IOException e) {
                        if (!interrupted.get()) {
                            throw e;
                        }
                        failure = Optional.of("interrupted"); // Ctrl-C closed the runner under us
                    }
                    int n = interrupted.get() ? 0 : results.append(part);
                    if (n > 0 && PairedRaces.isPaired(point) && paired.append(point, sliceLog, part) == 0) {
                        n = 0; // a paired fork without slices measured nothing
                    }
                    Files.deleteIfExists(part);
                    Files.deleteIfExists(sliceLog);
                    races.ran(point);
                    if (interrupted.get()) {
                        break;
                    }
                    env.sample();
                    progress.finished(Duration.between(t0, Instant.now()));
                    if (failure.isPresent() || n == 0) {
                        failed.put(point, failure.orElse("JMH wrote no result"));
                    } else {
                        paired.write(dir);
                        results.write(dir);
                    }
                }
                if (results.size() > 0 && !interrupted.get()) {
                    precision = precisions(dir.resolve(JmhJson.NAME), intervals, races.races());
                }
            }
        } finally {
            jmh.close();
            Files.deleteIfExists(part);
            Files.deleteIfExists(sliceLog);
        }
        try {
            return report.write(new CompareRun(dir, env, results, scheduled, races, failed, skipped, start, runLength,
                    budget, interrupted.get()));
        } finally {
            written.countDown();
            if (!interrupted.get()) {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            }
        }
    }

    /**
     * Each race's precision now: the half-width over the value of its challenger's ratio to its
     * reference, or of its score when it races alone; for the A/A race, how far its interval
     * reaches from 1.00 ({@link FloorCheck#reach}), since its floor is met only there; a race
     * not yet measured is left out.
     */
    private static Map<Races.Race, Double> precisions(Path json, Intervals intervals, List<Races.Race> races) {
        Map<Races.Race, Double> out = new LinkedHashMap<>();
        List<JmhResult> results;
        Run run;
        try {
            run = RunReader.read(json);
            results = run.results();
        } catch (ReportInputException e) {
            return out;
        }
        for (Races.Race race : races) {
            if (PairedRaces.isPaired(race.point())) {
                List<PlanPoint> arms = PairedRaces.arms(race.point());
                run.race(arms.getFirst().benchmark(), arms.get(0).params(), arms.get(1).params())
                        .map(intervals::paired)
                        .ifPresent(e -> out.put(race, PairedRaces.isAa(race.point()) ? FloorCheck.reach(e) : e.precision()));
                continue;
            }
            Optional<JmhResult> point = result(results, race.point());
            Optional<JmhResult> reference = race.reference().flatMap(r -> result(results, r));
            if (point.isPresent() && race.reference().isEmpty()) {
                out.put(race, intervals.score(point.get().primary()).precision());
            } else if (point.isPresent() && reference.isPresent()) {
                out.put(race, intervals.ratio(point.get().primary(), reference.get().primary()).precision());
            }
        }
        return out;
    }

    private static Optional<JmhResult> result(List<JmhResult> results, PlanPoint p) {
        return results.stream().filter(r -> r.benchmark().equals(p.benchmark()) && r.params().equals(p.params())).findFirst();
    }
}
