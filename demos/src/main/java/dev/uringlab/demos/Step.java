package dev.uringlab.demos;

/**
 * One step of an arm: a kernel function the trace recorded ({@code io_commit_cqring tail=4}), a
 * line of the demo's program about to run ({@code nop ud=1 link}), or a line the program printed
 * ({@code cqe ud=1 res=0 flags=0}); what it changed, in words; and the ring after it. Immutable.
 *
 * @param kind   who took the step
 * @param call   the function and its arguments, or the program's line
 * @param change what changed, in words
 * @param state  the ring after the step
 */
public record Step(Kind kind, String call, String change, Snapshot state) {

    /** Who took a step. */
    public enum Kind {
        /** The emulated kernel: a trace event. */
        KERNEL(""),
        /** The application: a line of the demo's program, before it runs. */
        PROGRAM("app: "),
        /** The application: what the program printed (the return of a submit, a CQE it reaped). */
        OUTPUT("app got: ");

        private final String prefix;

        Kind(String prefix) {
            this.prefix = prefix;
        }

        /** How a step of this kind is introduced in a trace: nothing for the kernel, {@code app: }... */
        public String prefix() {
            return prefix;
        }
    }

    /** The call as the trace shows it: {@code app: nop ud=1 link}, {@code io_get_sqe sq_head=1 index=0}. */
    public String shown() {
        return kind.prefix() + call;
    }
}
