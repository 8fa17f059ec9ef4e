package dev.uringlab.reports.analysis;

/**
 * How a measured speed-up compares with its author's figure. The measured ratio's interval
 * {@code [lo, hi]} (see {@link ForkBootstrap}) is set against two things: 1.00 (no effect) and
 * the author's ratio A, taken as the band {@code [A / (1 + t), A * (1 + t)]} with
 * {@code t = }{@value Thresholds#AUTHOR_TOLERANCE}: the author's figure is one run on another machine,
 * on the kernel, given to two or three digits, so a measurement within 10% of it is not a
 * different effect. "Holds A" means the interval and the band overlap.
 *
 * <table>
 *   <caption>The verdicts</caption>
 *   <tr><th></th><th>holds 1</th><th>excludes 1</th></tr>
 *   <tr><th>holds A</th><td>{@link #INCONCLUSIVE}</td><td>{@link #REPRODUCED}</td></tr>
 *   <tr><th>excludes A</th><td>{@link #SMALLER_OR_NONE}</td><td>{@link #SMALLER} (below A) or {@link #LARGER} (above A)</td></tr>
 * </table>
 */
public enum Verdict {
    /** Holds A, excludes 1. */
    REPRODUCED("reproduced", "the interval holds the author's ratio and excludes 1.00: the author's effect is there"),
    /** Excludes A and 1, below A. */
    SMALLER("smaller", "the interval excludes both, and lies below the author's ratio: a real effect, smaller than the author's"),
    /** Excludes A and 1, above A. */
    LARGER("larger", "the interval excludes both, and lies above the author's ratio: a real effect, larger than the author's"),
    /** Holds 1, excludes A. */
    SMALLER_OR_NONE("smaller or none", "the interval holds 1.00 and excludes the author's ratio: the author's effect is not "
            + "there, and a smaller one cannot be told from none; run longer to tell"),
    /** Holds both, or no interval. */
    INCONCLUSIVE("inconclusive", "the interval holds both 1.00 and the author's ratio (or there is none): "
            + "the measurement cannot tell them apart; run longer"),
    /** No pair of results to compare. */
    NOT_MEASURED("not measured", "the results hold no baseline and patched pair for the figure: the benchmark, "
            + "a param value or the run is missing, or several pairs match"),
    /** The patched strategy is not in the build that ran. */
    NOT_IMPLEMENTED("not implemented", "uring-lab has no strategy for this patch yet: its benchmark ran without it, "
            + "or does not exist");

    private final String label;
    private final String rule;

    Verdict(String label, String rule) {
        this.label = label;
        this.rule = rule;
    }

    /** The verdict as the report prints it. */
    public String label() {
        return label;
    }

    /** The rule that gives this verdict, in words, for the report's "how to read this". */
    public String rule() {
        return rule;
    }

    /** The verdict for a measured speed-up against the author's ratio. */
    public static Verdict of(Estimate measured, double authorRatio) {
        if (!measured.bounded()) {
            return INCONCLUSIVE;
        }
        boolean holdsOne = measured.lo() <= 1.0 && 1.0 <= measured.hi();
        double bandLo = authorRatio / (1 + Thresholds.AUTHOR_TOLERANCE);
        double bandHi = authorRatio * (1 + Thresholds.AUTHOR_TOLERANCE);
        boolean holdsAuthor = measured.lo() <= bandHi && bandLo <= measured.hi();
        if (holdsAuthor) {
            return holdsOne ? INCONCLUSIVE : REPRODUCED;
        }
        if (holdsOne) {
            return SMALLER_OR_NONE;
        }
        return measured.hi() < bandLo ? SMALLER : LARGER;
    }

    /** Whether this verdict comes from a measurement. */
    public boolean measured() {
        return this != NOT_MEASURED && this != NOT_IMPLEMENTED;
    }
}
