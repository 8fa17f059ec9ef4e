package dev.uringlab.reports.analysis;

/** Whether a benchmark changed between the old run and the new one, beyond the noise of both. */
public enum Noise {
    /** Significantly more throughput than in the old run. */
    IMPROVED("faster"),
    /** Significantly less throughput than in the old run. */
    REGRESSED("slower"),
    /** The difference is within the noise of the two runs. */
    NO_CHANGE("no change");

    private final String label;

    Noise(String label) {
        this.label = label;
    }

    /** The verdict as the report prints it. */
    public String label() {
        return label;
    }
}
