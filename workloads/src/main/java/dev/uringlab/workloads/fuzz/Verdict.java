package dev.uringlab.workloads.fuzz;

import java.util.List;

/** What a differential run of one {@link Program} found. */
public sealed interface Verdict {

    /** The program judged. */
    Program program();

    /** Every judged strategy set gave the kernel's stream. */
    record Agree(Program program) implements Verdict {}

    /** The kernel itself gave two different streams in two runs: the program is set aside. */
    record Nondeterministic(Program program, List<String> first, List<String> second) implements Verdict {}

    /**
     * A judged set gave another stream than the kernel's where it runs an older kernel's poll
     * mechanism on purpose (5.15's, the poll-rearm baseline): the same set with this kernel's poll
     * mechanism ({@link EmulatedSet#kernelPollTwin}) gave the kernel's stream, and every other set
     * agreed. Counted apart, never a failure.
     *
     * @param set      the first set whose difference was by design
     * @param kind     which of 5.15's behaviours shows
     * @param emulated its stream
     * @param kernel   the kernel's stream
     */
    record ByDesign(Program program, EmulatedSet set, DisagreementKind kind, List<String> emulated, List<String> kernel)
            implements Verdict {}

    /**
     * A judged strategy set gave another stream than the kernel's.
     *
     * @param set       the first set (in {@link EmulatedSet#all()} order) that disagreed
     * @param emulated  its stream
     * @param kernel    the kernel's stream (the same in both native runs)
     */
    record Disagree(Program program, EmulatedSet set, List<String> emulated, List<String> kernel) implements Verdict {

        /** The 0-based index of the first line where the streams differ. */
        public int firstDifference() {
            int n = Math.min(emulated.size(), kernel.size());
            for (int i = 0; i < n; i++) {
                if (!emulated.get(i).equals(kernel.get(i))) {
                    return i;
                }
            }
            return n;
        }
    }
}
