package dev.uringlab.reports.input;

import java.util.List;

/**
 * The clock a paired race's slices are rated on: a slice's rate is its operations over its
 * seconds on this clock, and a race has one clock for all its slices ({@link #of}), so that
 * both arms of every pair are timed alike. Each clock leaves out something different:
 * <ul>
 *   <li>{@link #CPU}: the benchmark thread's CPU time. For arms that do all their work on that
 *       thread, so the time it is off a CPU (another process's turn, a GC pause, a compilation it
 *       waits for) is no part of an arm's work.</li>
 *   <li>{@link #ARM_CPU}: the CPU time of the benchmark thread and of every thread of the arm's own
 *       (io-wq's workers, a client thread) together: the work of all the arm's threads per
 *       operation. It leaves out the time a thread that was woken waits to be scheduled (to reach
 *       a CPU, on the same one or across; on this shared machine mostly other tenants' turns),
 *       which falls on two arms' different threads differently. An author who timed wall-clock
 *       seconds on an idle machine counted that wait in their figure. A thread that spins while it
 *       waits counts its spin as work.</li>
 *   <li>{@link #WALL}: wall-clock time, all of it. For arms on the native ring, whose kernel
 *       works for them on threads the JVM does not see, and for slices files from before the
 *       arm's CPU time was kept.</li>
 * </ul>
 */
public enum Clock {
    /** Per CPU-second of the benchmark thread. */
    CPU("cpu", "M ops per CPU-second of the benchmark thread, each slice",
            "the benchmark thread's CPU time, where every arm works on that thread alone: what kept it off a CPU "
                    + "(another process, a GC pause) is no part of the arm's work"),
    /** Per CPU-second of the benchmark thread and the arm's own threads together. */
    ARM_CPU("arm-cpu", "M ops per CPU-second of the arm's threads, each slice",
            "the CPU time of the benchmark thread and the arm's own threads (io-wq workers, a client thread) together: "
                    + "their work per operation, not the time a woken thread waits for a CPU, which a wall-clock figure "
                    + "timed on an idle machine includes and which on a shared machine is mostly other tenants'; "
                    + "a thread that spins while it waits counts its spin"),
    /** Per wall-second. */
    WALL("wall", "M ops/s in each slice",
            "wall-clock time, where an arm runs on the native ring (whose kernel threads the JVM does not see), "
                    + "or the slices file is from before the arm's CPU time was kept");

    private final String label;
    private final String axis;
    private final String meaning;

    Clock(String label, String axis, String meaning) {
        this.label = label;
        this.axis = axis;
        this.meaning = meaning;
    }

    /** What a second of it is, and when a race is rated on it, in a sentence for the report's readers. */
    public String meaning() {
        return meaning;
    }

    /** How the report spells it: {@code cpu}, {@code arm-cpu}, {@code wall}. */
    public String label() {
        return label;
    }

    /** The slice chart's axis label for rates in millions on this clock. */
    public String axis() {
        return axis;
    }

    /**
     * The clock of a race with these slices; the one place the rule lives:
     * {@link #WALL} when any slice's arm is on the native ring or its threads are unknown
     * ({@link Slice#threads()} -1); else {@link #CPU} when no slice's arm has a thread of its own;
     * else {@link #ARM_CPU} when every slice kept its arm's CPU time ({@link Slice#armCpuNanos()}),
     * and {@link #WALL} when some did not (a file from before it was kept).
     */
    public static Clock of(List<List<Slice>> forks) {
        List<Slice> all = forks.stream().flatMap(List::stream).toList();
        if (all.stream().anyMatch(s -> s.threads() < 0)) {
            return WALL;
        }
        if (all.stream().allMatch(s -> s.threads() == 0)) {
            return CPU;
        }
        return all.stream().allMatch(s -> s.armCpuNanos() >= 0) ? ARM_CPU : WALL;
    }

    /**
     * {@code s}'s operations per second on this clock; its wall-clock rate when its arm's
     * threads spent no time on this clock in it (they never ran).
     */
    public double rate(Slice s) {
        long nanos = switch (this) {
            case CPU -> s.cpuNanos();
            case ARM_CPU -> s.armCpuNanos();
            case WALL -> s.nanos();
        };
        return nanos > 0 ? s.ops() * 1e9 / nanos : s.rate();
    }
}
