package dev.uringlab.cli.compare;

import java.time.Duration;

/**
 * The progress line of {@code uring-lab compare}, printed before each fork: the point, its arm
 * (reference or challenger) and fork number, the time elapsed and an estimate of the time left.
 * While the rounds run, the estimate is the forks they still need times the time per fork (JMH's
 * iteration time plus a guessed overhead until a fork ends, then the average measured); after
 * them, it is what is left of the budget, at most.
 */
final class Progress {
    /** The guessed overhead of one fork (JVM start, JMH and ring setup), until one is measured. */
    static final Duration GUESSED_FORK_OVERHEAD = Duration.ofMillis(1200);

    private final Duration iterationTime;
    private final Duration budget;
    private int done;
    private Duration measured = Duration.ZERO;

    Progress(RunLength length, Duration budget) {
        this.iterationTime = length.iterationTimePerFork();
        this.budget = budget;
    }

    /** The time one fork takes, on average so far. */
    Duration perFork() {
        return done == 0 ? iterationTime.plus(GUESSED_FORK_OVERHEAD) : measured.dividedBy(done);
    }

    /** What the end of a run takes after its last fork (the report, the JVMs' exits), kept out of the budget for forks. */
    static final Duration RESERVE = Duration.ofSeconds(8);

    /** Whether {@code forks} forks started after {@code elapsed} would still end, with the report, within the budget. */
    boolean fits(Duration elapsed, int forks) {
        return elapsed.plus(perFork().multipliedBy(forks)).plus(RESERVE).compareTo(budget) <= 0;
    }

    /**
     * {@code [3/26] Nops32Benchmark.nops32 ring=native, reference, fork 2 | elapsed 0:42 | about 3:10 left}.
     *
     * @param forksToMinimum the forks the rounds still need (0 once every point has its minimum)
     */
    String before(int index, int points, PlanPoint point, String arm, int fork, Duration elapsed, int forksToMinimum) {
        Duration budgetLeft = budget.minus(elapsed);
        String left = forksToMinimum > 0
                ? "about " + clock(min(perFork().multipliedBy(forksToMinimum), budgetLeft)) + " left"
                : "at most " + clock(budgetLeft) + " left (adding forks where intervals are widest)";
        return "[" + index + "/" + points + "] " + PairedRaces.label(point) + ", " + arm + ", fork " + fork + " | elapsed " + clock(elapsed)
                + " | " + left;
    }

    /** One fork ended after {@code took}. */
    void finished(Duration took) {
        measured = measured.plus(took);
        done++;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** {@code m:ss}, or {@code h:mm:ss} from an hour. */
    static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String.format("%d:%02d", s / 60, s % 60);
    }
}
