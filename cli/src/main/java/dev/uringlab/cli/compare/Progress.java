package dev.uringlab.cli.compare;

import java.time.Duration;

/**
 * The progress line of {@code uring-lab compare}, printed before each fork: forks done of the
 * most the budget allows, the point, its arm (reference or challenger) and fork number, the time
 * elapsed and an estimate of the time left that never grows. While the rounds run, the estimate
 * is the forks they still need times the time per fork (JMH's iteration time plus a guessed
 * overhead until a fork ends, then the average measured); after them, what is left of the budget.
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
     * {@code [fork 3 of at most 40] Nops32Benchmark.nops32 ring=native, reference, fork 2 | elapsed 0:42 | at most 4:10 left
     * (minimum forks in about 1:12)}: the forks done and the most the budget allows at the time per
     * fork so far (never more than an earlier line said); the time left by the budget, which the run
     * never outlasts (it adds forks where intervals are widest until the budget ends, or stops sooner
     * when every interval reaches its target); and, while the rounds run, when every race will have
     * its minimum forks, an estimate no later than an earlier line gave.
     *
     * @param forksToMinimum the forks the rounds still need (0 once every point has its minimum)
     */
    String before(PlanPoint point, String arm, int fork, Duration elapsed, int forksToMinimum) {
        Duration budgetLeft = max(Duration.ZERO, budget.minus(elapsed));
        long perFork = Math.max(1, perFork().toMillis());
        int planned = done + Math.max(1, (int) (max(Duration.ZERO, budgetLeft.minus(RESERVE)).toMillis() / perFork));
        shownPlanned = Math.max(done + 1, Math.min(shownPlanned, planned));
        String left = "at most " + clock(budgetLeft) + " left";
        if (forksToMinimum > 0) {
            Duration end = min(elapsed.plus(min(perFork().multipliedBy(forksToMinimum), budgetLeft)), shownEnd);
            shownEnd = end;
            left += end.compareTo(elapsed) > 0 ? " (minimum forks in about " + clock(end.minus(elapsed)) + ")"
                    : " (minimum forks: past the estimate)";
        } else {
            left += " (adding forks where intervals are widest)";
        }
        return "[fork " + (done + 1) + " of at most " + shownPlanned + "] " + PairedRaces.label(point) + ", " + arm + ", fork "
                + fork + " | elapsed " + clock(elapsed) + " | " + left;
    }

    private int shownPlanned = Integer.MAX_VALUE;
    private Duration shownEnd = ChronoUnitMax.FOREVER;

    /** A duration later than any run's end. */
    private static final class ChronoUnitMax {
        static final Duration FOREVER = Duration.ofDays(365);
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
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
