package dev.uringlab.spi;

/**
 * Which mainline kernel releases ran a strategy's mechanism: from {@link #since} (inclusive)
 * to {@link #until} (exclusive, {@code null} for "still"), or {@link #NEVER} for a patch that
 * was never merged (an RFC, or a series applied and dropped before a release). A kernel
 * profile ({@link KernelProfile}) resolves each axis to the mechanism whose range holds its
 * version; where none does, to baseline.
 *
 * <p>A version may be a development tree, {@code for-X.Y}: the maintainer's branch that the X.Y
 * merge window pulled, which sorts after every release before X.Y and before X.Y itself. A
 * mechanism that lived only there ({@code between("for-5.16", "5.16")}: in the tree a series was
 * posted against, replaced by that series before the release) belongs to no release, only to the
 * tree's profile.
 *
 * @param since the first release that had it, e.g. {@code 5.17}; {@code null} only in {@link #NEVER}
 * @param until the first release that no longer had it, or {@code null}
 */
public record Mainline(String since, String until) {
    /** Never in a mainline release. */
    public static final Mainline NEVER = new Mainline(null, null);

    /** From {@code since} on, still in mainline. */
    public static Mainline since(String since) {
        return new Mainline(since, null);
    }

    /** From {@code since} up to, not including, {@code until}. */
    public static Mainline between(String since, String until) {
        return new Mainline(since, until);
    }

    /** Whether release {@code version} ran the mechanism. */
    public boolean contains(String version) {
        return since != null && Strategies.compareKernel(since, version) <= 0
                && (until == null || Strategies.compareKernel(version, until) < 0);
    }

    @Override
    public String toString() {
        return since == null ? "never merged" : since + (until == null ? "+" : " to " + until + " (exclusive)");
    }
}
