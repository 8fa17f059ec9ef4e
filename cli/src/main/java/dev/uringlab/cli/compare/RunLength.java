package dev.uringlab.cli.compare;

import java.time.Duration;
import java.util.List;

/**
 * How long {@code uring-lab compare} measures: each fork's warmup and measurement iterations
 * (passed to JMH on the command line, so they override every benchmark's annotations), the
 * fewest and the most forks of a point, and the time budget of the whole run (from the
 * command's start, its build included). Forks are added one at a time (see {@link Races})
 * between the two fork counts until each race's interval meets the target or the budget ends.
 *
 * <p>The warmup is long because a paired fork compiles eight copies of the engine (two arms, four
 * copies each) and each copy warms only in its own turns: on 2026-12-03 seed 004's polled reads
 * (linux-5.14) ran at 1%, 4%, 36%, 83% and 98% of their final rate in the 1st, 3rd, 5th, 7th and
 * 9th second of a paired fork, and with 3 seconds of warmup every race of a 20-minute run was
 * still climbing in its measurement (link size 100's ratio rose from 0.94x in the first
 * measurement second to 1.23x in the sixth).
 */
enum RunLength {
    /**
     * {@code --quick}: the A/A race and the authors' figures first (two forks of each, so fork-to-fork
     * variance enters their intervals, then more where they are widest), then the other races, all
     * within 5 minutes, build included. Two forks of eleven races leave 6 seconds a fork: four of
     * warmup and two of measurement. A paired fork races two copies of each arm, not four, so each
     * copy warms in half the turns: with four, the 15:21 quick run of 2026-12-03 measured link size
     * 100 at 0.91x and link size 10 at 1.00x [0.83, 1.12] while still compiling (the default run
     * before it: 1.22x and 1.15x, +-1.1%); two copies trade that for more copy luck per fork.
     */
    QUICK(2, 4, 4, Duration.ofSeconds(1), 2, Duration.ofSeconds(1), 2, 2, Duration.ofMinutes(5)),
    /**
     * The default: three forks at least, so fork-to-fork (JIT) variance enters every interval; 20
     * minutes. The A/A race takes eight copies of its arm: its NOPs warm within ten seconds as eight
     * copies, and a fork's copy luck averages over eight draws (2026-12-03: the NOPs A/A's fork
     * ratios had an sd of 0.95% in nine forks of eight copies against about 1.6% in ten of four, and
     * its 1% floor took 14 forks of four copies in a default run). Not under {@code --quick}: eight
     * copies in 4 seconds of warmup were still compiling (six forks: 9.7-19.1 M NOPs/s against two
     * copies' 18-24 M, fork ratios 0.52-1.16).
     */
    DEFAULT(3, 10, 10, Duration.ofSeconds(1), 6, Duration.ofSeconds(1), 4, 8, Duration.ofMinutes(20)),
    /** {@code --full}: for figures to keep. */
    FULL(5, 20, 8, Duration.ofSeconds(2), 10, Duration.ofSeconds(2), 4, 8, Duration.ofHours(3));

    private final int minForks;
    private final int maxForks;
    private final int warmupIterations;
    private final Duration warmupTime;
    private final int iterations;
    private final Duration iterationTime;
    /** Copies of each arm's code in a paired fork (jmh's {@code PairedBenchmark.copies}). */
    private final int copies;
    /** Copies of the A/A race's arm. */
    private final int aaCopies;
    private final Duration budget;

    RunLength(int minForks, int maxForks, int warmupIterations, Duration warmupTime, int iterations, Duration iterationTime,
              int copies, int aaCopies, Duration budget) {
        this.minForks = minForks;
        this.maxForks = maxForks;
        this.warmupIterations = warmupIterations;
        this.warmupTime = warmupTime;
        this.iterations = iterations;
        this.iterationTime = iterationTime;
        this.copies = copies;
        this.aaCopies = aaCopies;
        this.budget = budget;
    }

    /** JMH's options for one fork of this length. */
    List<String> jmhArgs() {
        return List.of("-f", "1", "-wi", String.valueOf(warmupIterations), "-w", jmhTime(warmupTime),
                "-i", String.valueOf(iterations), "-r", jmhTime(iterationTime));
    }

    /** JMH's options a paired fork of this length adds: its copies of each arm, the A/A race's if {@code aa}. */
    List<String> pairedArgs(boolean aa) {
        return List.of("-p", "copies=" + (aa ? aaCopies : copies));
    }

    int minForks() {
        return minForks;
    }

    int maxForks() {
        return maxForks;
    }

    Duration budget() {
        return budget;
    }

    /** The time JMH spends in warmup and measurement iterations in one fork. */
    Duration iterationTimePerFork() {
        return warmupTime.multipliedBy(warmupIterations).plus(iterationTime.multipliedBy(iterations));
    }

    /** {@code 2-4 forks, 4 x 1 s warmup, 2 x 1 s measurement, 2 copies of each paired arm (the A/A's 2), 5:00 budget}. */
    String describe() {
        return describe(budget);
    }

    /** As {@link #describe()}, with another budget. */
    String describe(Duration budget) {
        return minForks + "-" + maxForks + " forks, " + warmupIterations + " x " + human(warmupTime) + " warmup, "
                + iterations + " x " + human(iterationTime) + " measurement, " + copies + " copies of each paired arm (the A/A's " + aaCopies + "), "
                + Progress.clock(budget) + " budget";
    }

    private static String jmhTime(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    private static String human(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
