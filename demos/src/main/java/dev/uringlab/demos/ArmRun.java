package dev.uringlab.demos;

import java.util.List;
import java.util.Map;

/**
 * One arm of a demo, run: its steps in order and the ring's counters at the end. Immutable.
 *
 * @param arm       the arm
 * @param sqEntries the SQ ring's size
 * @param cqEntries the CQ ring's size
 * @param steps     every step, the state before the first being all zero
 * @param counters  every non-zero counter by name ({@code COMPLETION_LOCK}), in the counters' order
 */
public record ArmRun(Arm arm, int sqEntries, int cqEntries, List<Step> steps, Map<String, Long> counters) {

    public ArmRun {
        steps = List.copyOf(steps);
    }
}
