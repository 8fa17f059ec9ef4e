package dev.uringlab.reports.analysis;

/**
 * How a measured speed-up compares with its author's figure. The measured ratio's 99.9%
 * interval {@code [lo, hi]} (see {@link Estimate#over}) decides, against the author's ratio A:
 */
public enum Verdict {
    /** {@code lo > 1} and {@code hi >= A}. */
    REPRODUCED("reproduced", "the whole interval lies above 1.00 (a real speed-up) and reaches the author's ratio "
            + "(a speed-up as large as the author's, or larger, fits the measurement)"),
    /** {@code lo > 1} and {@code hi < A}. */
    SMALLER("smaller", "the whole interval lies above 1.00 but below the author's ratio: a real speed-up, "
            + "smaller than the author's"),
    /** {@code lo <= 1}, or no interval. */
    NOT_REPRODUCED("not reproduced", "the interval reaches down to 1.00 or below (or JMH gave no interval): "
            + "no speed-up is shown at 99.9% confidence"),
    /** No pair of results to compare. */
    NOT_MEASURED("not measured", "the results hold no baseline and patched pair for the figure: the benchmark, "
            + "a strategy or a param value is missing, or several pairs match");

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
        if (!measured.bounded() || measured.lo() <= 1.0) {
            return NOT_REPRODUCED;
        }
        return measured.hi() >= authorRatio ? REPRODUCED : SMALLER;
    }
}
