package dev.uringlab.cli.compare;

import java.time.Duration;

/**
 * The overall progress line of {@code uring-lab compare}, printed before each point: which of
 * how many, the time elapsed and an estimate of the time left. The estimate is the points left
 * times JMH's iteration time per point (from the run length) plus the overhead per point (JVM
 * starts, setup, teardown): a guess until the first point ends, then the average measured.
 */
final class Progress {
    /** The guessed overhead of one fork (JVM start, JMH setup, ring setup), until one is measured. */
    static final Duration GUESSED_FORK_OVERHEAD = Duration.ofMillis(1500);
    /** The guessed overhead of JMH's own host JVM per point. */
    static final Duration GUESSED_HOST_OVERHEAD = Duration.ofMillis(700);

    private final int total;
    private final Duration iterationTime;
    private final Duration guessedOverhead;
    private int done;
    private Duration measuredOverhead = Duration.ZERO;

    Progress(int total, RunLength length) {
        this.total = total;
        this.iterationTime = length.iterationTimePerPoint();
        this.guessedOverhead = GUESSED_FORK_OVERHEAD.multipliedBy(length.forks()).plus(GUESSED_HOST_OVERHEAD);
    }

    /** The whole run's estimate before it starts. */
    Duration estimateAll() {
        return perPoint().multipliedBy(total);
    }

    /** {@code [3/12] Nops32Benchmark.nops32 ring=native ... | elapsed 0:42 | about 3:10 left}. */
    String before(int index, PlanPoint point, Duration elapsed) {
        Duration left = perPoint().multipliedBy(total - index + 1L);
        return "[" + index + "/" + total + "] " + point + " | elapsed " + clock(elapsed) + " | about " + clock(left) + " left";
    }

    /** One point ended after {@code took}. */
    void finished(Duration took) {
        measuredOverhead = measuredOverhead.plus(took.minus(iterationTime));
        done++;
    }

    private Duration perPoint() {
        Duration overhead = done == 0 ? guessedOverhead : measuredOverhead.dividedBy(done);
        return iterationTime.plus(overhead.isNegative() ? Duration.ZERO : overhead);
    }

    /** {@code m:ss}, or {@code h:mm:ss} from an hour. */
    static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String.format("%d:%02d", s / 60, s % 60);
    }
}
