package dev.uringlab.workloads.scenario;

import java.util.List;
import java.util.Objects;

/**
 * A parsed scenario file (docs/scenario-format.md, format v1 with its extensions): the ring to set up and the steps to run,
 * in file order. Immutable; every error of the file was found when it was made
 * ({@link ScenarioParser}), so running it can only fail on what happens at run time.
 *
 * @param file  the file name as given, used in every message ({@code FILE:LINE: message})
 * @param setup the {@code setup} line
 * @param steps every other command, in file order
 */
public record Scenario(String file, Setup setup, List<Step> steps) {

    public Scenario {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(setup, "setup");
        steps = List.copyOf(steps);
    }

    /**
     * {@code setup entries=N [cq_entries=M] [iopoll]}: io_uring_setup's arguments.
     *
     * @param line      where it stands
     * @param entries   the SQ size asked for
     * @param cqEntries the CQ size asked for with IORING_SETUP_CQSIZE, or 0 for the default (2 x SQ)
     * @param flags     IORING_SETUP_* bits named by flag words ({@code iopoll}: IORING_SETUP_IOPOLL)
     */
    public record Setup(int line, int entries, int cqEntries, int flags) {
        /** A setup without flag words. */
        public Setup(int line, int entries, int cqEntries) {
            this(line, entries, cqEntries, 0);
        }
    }
}
