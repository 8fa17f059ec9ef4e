package dev.uringlab.reports.analysis;

/**
 * Every threshold the report's statistics decide by, in one place, each with why it is what it
 * is. The classes that apply them say how; none holds a number of its own.
 */
public final class Thresholds {
    private Thresholds() {
    }

    /** The confidence of every interval unless {@code --confidence} says otherwise. */
    public static final double DEFAULT_CONFIDENCE = 0.95;
    /** Bootstrap resamples per interval: enough for the 2.5% and 97.5% quantiles to move by under 0.1% between seeds. */
    public static final int RESAMPLES = 4000;

    /**
     * How far from the author's ratio a measurement may lie and still hold it, as a fraction: the
     * author's figure is one run on another machine, on the kernel, given to two or three digits.
     */
    public static final double AUTHOR_TOLERANCE = 0.10;

    /** The fewest iterations in which a fork's trend is looked for. */
    public static final int MIN_ITERATIONS = 4;
    /** A fork's drift over its measurement that counts as a trend, as a fraction of its mean. */
    public static final double DRIFT = 0.10;
    /** The one-way ANOVA's significance level for forks that disagree. */
    public static final double ALPHA = 0.001;
    /**
     * The spread of fork means (range over mean) beyond which forks may disagree, and of fork
     * peaks within which they ran one compiled state; half of the smaller seeds' effects.
     */
    public static final double SPREAD = 0.05;

    /**
     * The length of the blocks a paired race's pairs are resampled in, within a fork, in seconds
     * of slices: longer than most of this machine's slow phases ({@code PhaseProbe}: median
     * 200 ms), so that the dependence a phase leaves between neighbouring pairs stays inside a block.
     */
    public static final double BLOCK_SECONDS = 1.0;
    /**
     * The share of a slice's time its benchmark thread must spend on a CPU (the median over a race)
     * for the race to be called unshared: below it, other processes took the CPUs and the note says so.
     */
    public static final double ON_CPU = 0.90;
    /** The floor an A/A race must meet: its ratio and whole interval within this of 1.00. */
    public static final double AA_FLOOR = 0.01;

    /** Stolen CPU time over which a run is called busy, in percent. */
    public static final double STEAL_PERCENT = 5;
    /** CPU time taken by processes other than the run's own over which a run is called busy, in percent. */
    public static final double OTHER_PERCENT = 10;
}
