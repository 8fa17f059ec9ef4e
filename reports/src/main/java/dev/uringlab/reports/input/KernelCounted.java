package dev.uringlab.reports.input;

import java.util.Map;
import java.util.Set;

/**
 * Which ring counters the real kernel can count: the secondary metrics (ring-api's
 * {@code Counter} with a {@code tracepoint()}, by their JMH field name) that a native point's
 * counting fork ({@code -prof dev.uringlab.jmh.KernelCountsProfiler}) fills from the kernel's
 * tracepoints. cli's {@code KernelCountedTest} holds this list to the counters' registry.
 */
public final class KernelCounted {
    /** The secondary metrics a tracepoint counts on the native ring. */
    public static final Set<String> SECONDARIES = Set.of("enter", "sqeSubmitted", "cqeFilled", "cqOverflow", "ioWqEnqueue",
            "reqSlabAlloc", "reqSlabFree", "bioSubmit", "reqDeferred", "reqLinked", "linkFailed", "reqFailed", "pollArm",
            "pollExecute", "taskWorkPass", "localWorkPass", "cqringWait", "schedWaking", "schedSwitch", "sockSend", "sockRecv");

    private KernelCounted() {
    }

    /**
     * Whether a native point's value of {@code counter} is the kernel's: the counter has a
     * tracepoint and the point was counted (some tracepoint counter is not 0: a fork without the
     * profiler leaves them all at 0). Otherwise a 0 there means "not seen", not "none".
     */
    public static boolean counted(String counter, Map<String, Double> nativePerOp) {
        return SECONDARIES.contains(counter)
                && nativePerOp.entrySet().stream().anyMatch(e -> SECONDARIES.contains(e.getKey()) && e.getValue() != null && e.getValue() != 0);
    }
}
