package dev.uringlab.cli.compare;

import java.time.Duration;
import java.util.List;

/**
 * How long {@code uring-lab compare} measures each point: JMH's forks, warmup and measurement
 * iterations, passed on the command line so they override every benchmark's annotations.
 * Many short iterations beat few long ones for the report: JMH's 99.9% error uses Student's t
 * with n - 1 degrees of freedom (t = 8.6 at n = 5, 31.6 at n = 3).
 */
enum RunLength {
    /** {@code --quick}: the whole suite in a few minutes on two cores; a first look, wide error bars. */
    QUICK(1, 2, Duration.ofMillis(500), 5, Duration.ofMillis(500)),
    /** The default: two forks, so fork-to-fork (JIT) variance enters the error. */
    DEFAULT(2, 3, Duration.ofSeconds(1), 5, Duration.ofSeconds(1)),
    /** {@code --full}: for figures to keep. */
    FULL(3, 5, Duration.ofSeconds(2), 10, Duration.ofSeconds(2));

    private final int forks;
    private final int warmupIterations;
    private final Duration warmupTime;
    private final int iterations;
    private final Duration iterationTime;

    RunLength(int forks, int warmupIterations, Duration warmupTime, int iterations, Duration iterationTime) {
        this.forks = forks;
        this.warmupIterations = warmupIterations;
        this.warmupTime = warmupTime;
        this.iterations = iterations;
        this.iterationTime = iterationTime;
    }

    /** JMH's options for this length. */
    List<String> jmhArgs() {
        return List.of("-f", String.valueOf(forks), "-wi", String.valueOf(warmupIterations), "-w", jmhTime(warmupTime),
                "-i", String.valueOf(iterations), "-r", jmhTime(iterationTime));
    }

    int forks() {
        return forks;
    }

    /** The time JMH spends in warmup and measurement iterations for one point, all forks. */
    Duration iterationTimePerPoint() {
        return warmupTime.multipliedBy(warmupIterations).plus(iterationTime.multipliedBy(iterations)).multipliedBy(forks);
    }

    /** {@code 1 fork, 2 x 500 ms warmup, 5 x 500 ms measurement}. */
    String describe() {
        return forks + (forks == 1 ? " fork, " : " forks, ") + warmupIterations + " x " + human(warmupTime) + " warmup, "
                + iterations + " x " + human(iterationTime) + " measurement";
    }

    private static String jmhTime(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    private static String human(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
