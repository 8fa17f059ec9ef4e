package dev.uringlab.jmh.paired;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * Each arm copy's threads of its own, and their CPU time in a slice: what the arm-cpu clock adds
 * to the benchmark thread's ({@link PairedBenchmark}, "Whose time").
 *
 * <p>A copy's own threads are the live platform threads, other than the benchmark thread, whose
 * context class loader is the copy's loader. A slice runs with that loader as the benchmark
 * thread's context loader and a new thread inherits its creator's, so a thread the arm starts
 * (io-wq's workers, the echo server's client thread, a worker started by a worker) is the copy's.
 * A thread built not to inherit it ({@code Thread.Builder.inheritInheritableThreadLocals(false)})
 * would be missed; none of ours is.
 *
 * <h2>When the threads are counted</h2>
 * At each measurement iteration's start ({@link #count}), and again at a slice's edge whenever a
 * thread has started anywhere in the JVM since the last count: io-wq makes a worker on demand, when
 * work is queued and no worker is free, up to its bound, so an arm may start one in the middle of an
 * iteration, or of a slice. The JVM keeps a counter of started threads (JIT compiler threads, which
 * come and go, are hidden from it), so the check at each edge costs one read of it, and a count runs
 * only after a thread started. A thread counted at a slice's end that was not known at its start
 * started within the slice, so all of its CPU time is the slice's. A thread that ends within a slice
 * reads -1 at the end: its CPU time in the slice is lost (the JVM keeps none for a thread that has
 * ended) and the next count drops it. The emulator's threads end only when their ring closes, after
 * the measurement.
 *
 * <h2>Cost</h2>
 * Per slice of an arm with threads: two reads of the started-thread counter (a JVM call that reads
 * a counter) and, at each edge, one {@link ThreadMXBean#getThreadCpuTime(long[])}: one JVM call that
 * looks each id up in the JVM's thread-id table and reads that thread's CPU clock with one
 * {@code clock_gettime} system call (not served by the vDSO), and allocates the result array. An
 * arm without threads of its own costs the two counter reads; one on the native ring nothing.
 * Estimated from the JDK's and Linux's code, not measured: a system call per thread (a sleeping
 * worker's runtime is read without its run queue's lock) and a microsecond or so of fixed cost,
 * some 10 us per edge for io-wq's at most 8 workers here, under 0.1% of a 20 ms slice, outside
 * its timed span.
 *
 * <p>Not thread-safe: made, counted and read on the benchmark thread only (JMH runs a
 * {@code Scope.Thread} state's setups on it); {@link #begin} and {@link #end} bracket one slice at a
 * time.
 */
final class ArmThreads {
    private static final long[] NONE = {};

    private final ThreadMXBean cpu = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    /** Whether this JVM reads other threads' CPU time; if not, an arm with threads has no arm-cpu time (-1). */
    private final boolean readable;
    /** {@code loaders[copy][arm]}: each copy's loader, by which its threads are known. */
    private final ClassLoader[][] loaders;
    /** {@code nativeRing[arm]}: whose kernel works on threads the JVM does not see. */
    private final boolean[] nativeRing;
    /** {@code ids[copy][arm]}: the copy's own threads as last counted; each array is replaced, never changed. */
    private final long[][][] ids;
    /** Threads started in the JVM before the last count; -1 before the first. */
    private long started = -1;
    /** A thread read -1 (it ended): count again before the next slice. */
    private boolean stale;
    private int copy;
    private int arm;
    /** The threads read at the slice's start, and their CPU times then. */
    private long[] startIds = NONE;
    private long[] startTimes = NONE;

    /**
     * @param loaders    {@code loaders[copy][arm]}, arm 0 being a and 1 b (the same loader when b runs a alone)
     * @param nativeRing {@code nativeRing[arm]}: whether the arm runs on the native ring
     */
    ArmThreads(ClassLoader[][] loaders, boolean[] nativeRing) {
        this.loaders = loaders;
        this.nativeRing = nativeRing.clone();
        this.ids = new long[loaders.length][2][];
        for (long[][] copy : ids) {
            Arrays.fill(copy, NONE);
        }
        this.readable = cpu.isThreadCpuTimeSupported() && cpu.isThreadCpuTimeEnabled();
    }

    /** Counts every copy's own threads anew. */
    void count() {
        started = cpu.getTotalStartedThreadCount(); // before the walk: a thread started during it is counted again later
        stale = false;
        Thread self = Thread.currentThread();
        Thread[] live = liveThreads();
        for (int k = 0; k < loaders.length; k++) {
            for (int a = 0; a < 2; a++) {
                long[] own = new long[live.length];
                int n = 0;
                for (Thread t : live) {
                    if (t != self && t.getContextClassLoader() == loaders[k][a]) {
                        own[n++] = t.threadId();
                    }
                }
                ids[k][a] = n == 0 ? NONE : Arrays.copyOf(own, n);
            }
        }
    }

    /** Copy {@code copy} of arm {@code arm}'s own threads as last counted; -1 on the native ring. */
    int threads(int copy, int arm) {
        return nativeRing[arm] ? -1 : ids[copy][arm].length;
    }

    /** A slice of copy {@code copy} of arm {@code arm} starts: reads its own threads' CPU times, counting them first if a thread started. */
    void begin(int copy, int arm) {
        this.copy = copy;
        this.arm = arm;
        if (nativeRing[arm]) {
            return;
        }
        if (stale || cpu.getTotalStartedThreadCount() != started) {
            count();
        }
        startIds = ids[copy][arm];
        startTimes = startIds.length == 0 || !readable ? NONE : cpu.getThreadCpuTime(startIds);
    }

    /**
     * The slice that {@link #begin} started ends: the CPU time its arm's own threads spent in it, in
     * nanoseconds (0 when it has none); -1 when unknown (on the native ring, or when this JVM cannot
     * read other threads' CPU time and the arm has threads). Threads started within the slice are
     * counted, and their whole CPU time added.
     */
    long end() {
        if (nativeRing[arm]) {
            return -1;
        }
        long sum = 0;
        if (startTimes.length > 0) {
            long[] now = cpu.getThreadCpuTime(startIds);
            for (int i = 0; i < now.length; i++) {
                if (now[i] < 0 || startTimes[i] < 0) {
                    stale = true; // it ended: its time since the start is lost; drop it before the next slice
                } else {
                    sum += now[i] - startTimes[i];
                }
            }
        }
        if (cpu.getTotalStartedThreadCount() != started) {
            count();
            long[] added = Arrays.stream(ids[copy][arm]).filter(id -> Arrays.stream(startIds).noneMatch(s -> s == id)).toArray();
            if (added.length > 0 && readable) {
                for (long t : cpu.getThreadCpuTime(added)) {
                    sum += Math.max(0, t); // started after the slice's start: all its time is the slice's
                }
            }
        }
        return readable || ids[copy][arm].length == 0 ? sum : -1;
    }

    /** Every live platform thread: the root thread group's, recursively (no safepoint, unlike a stack dump). */
    private static Thread[] liveThreads() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] all = new Thread[root.activeCount() + 8];
        int n;
        while ((n = root.enumerate(all, true)) == all.length) {
            all = new Thread[2 * all.length];
        }
        return Arrays.copyOf(all, n);
    }
}
