package dev.uringlab.demos;

/**
 * One step of an arm: a kernel function the trace recorded ({@code io_commit_cqring tail=4}) or
 * a line of the application ({@code cqe ud=1 res=1 flags=MORE}), what it changed in words, and
 * the ring after it. Immutable.
 *
 * @param kernel whether the kernel took it (else the application did)
 * @param call   the function and its arguments, or the application's line
 * @param change what changed, in words
 * @param state  the ring after the step
 */
public record Step(boolean kernel, String call, String change, Snapshot state) {

    /** {@code call: change}, the narrated line. */
    public String line() {
        return call + "  -- " + change;
    }
}
