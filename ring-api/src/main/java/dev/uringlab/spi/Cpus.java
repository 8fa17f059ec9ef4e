package dev.uringlab.spi;

/**
 * {@code smp_processor_id()} for the emulation: which CPU the current thread runs on. A JVM
 * thread has no stable CPU, so each thread carries an emulated CPU id, 0 unless set; the
 * engine's device threads set theirs, and tests set it to put a submitter and a completer on
 * different CPUs. Ids are small non-negative ints below {@link #NR_CPU_IDS}.
 */
public final class Cpus {
    /** nr_cpu_ids of the emulated machine. */
    public static final int NR_CPU_IDS = 64;

    private static final ThreadLocal<int[]> CURRENT = ThreadLocal.withInitial(() -> new int[1]);

    private Cpus() {}

    /** smp_processor_id(): the current thread's emulated CPU. */
    public static int current() {
        return CURRENT.get()[0];
    }

    /** Pins the current thread to emulated CPU {@code cpu}. */
    public static void setCurrent(int cpu) {
        if (cpu < 0 || cpu >= NR_CPU_IDS) {
            throw new IllegalArgumentException("cpu " + cpu + " out of range 0.." + (NR_CPU_IDS - 1) + " (nr_cpu_ids)");
        }
        CURRENT.get()[0] = cpu;
    }
}
