package dev.uringlab.jmh;

import dev.uringlab.spi.Counter;
import dev.uringlab.api.Ring;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.KernelCounts;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The ring's {@link Counter}s as JMH secondary metrics. A benchmark declares a subclass
 * annotated {@code @State(Scope.Thread) @AuxCounters(AuxCounters.Type.OPERATIONS)} whose
 * {@code public long} fields are named after the counters that explain it, in camelCase
 * ({@code completionLock}, {@code cqeFilled}, {@code evPosted}, {@code eventfdSignal},
 * {@code taskWorkRun}, {@code reqSlabAlloc}...), and takes it as a benchmark argument next to
 * its {@link BenchmarkRingState}. A field that names no counter fails the setup, listing the names.
 *
 * <p>Nothing runs in the timed loop: the counters of the ring this thread's {@link BenchmarkRingState}
 * opened are read once when an iteration starts and once when it ends, and each field gets
 * the difference. JMH reports an OPERATIONS counter as a rate over the same time as the
 * primary score, so with the convention that one benchmark operation is one unit of the seed's
 * metric (one NOP, one CQE; {@code @OperationsPerInvocation}), <b>counter per operation =
 * secondary score / primary score</b>: e.g. completion-lock acquisitions per NOP. The counts
 * also include the few invocations JMH runs to line up iteration edges (relative error below
 * 1e-5 at these rates).
 *
 * <p>Why the ring is not injected ({@code @Setup} taking the BenchmarkRingState): JMH 1.37 then makes a
 * second BenchmarkRingState instance for the helper, with a ring of its own that the benchmark never
 * drives. The ring is handed over on the thread instead ({@link BenchmarkRingState#openedOnThisThread()}),
 * since both states are per thread and every trial setup runs before the first iteration setup.
 *
 * <p>Kernel truth: in a counting fork ({@code -prof dev.uringlab.jmh.KernelCountsProfiler}, which
 * sets {@link KernelCounts#PROPERTY}), a field whose counter has a
 * {@linkplain Counter#tracepoint() tracepoint} takes the kernel's count on a ring that has
 * them ({@link Ring#kernelCounts()}: the native ring, as root, counting the benchmark thread
 * and the threads it starts, io-wq workers included), so a native point carries the kernel's
 * {@code cqeFilled}, {@code pollExecute}, {@code ioWqEnqueue}... as the same secondary
 * metrics the emulated points carry. Counting is not free (perf's handler runs at every hit
 * of a counted tracepoint), so the fork that counts is not the fork that times.
 *
 * <p>Only the ring owner's thread bumps most counters, and these helpers run on that thread;
 * counters other threads bump are kept apart ({@link Counters#incShared}).
 */
public abstract class RingCounters {
    private Counters counters;
    /** The kernel's counts of this fork's native ring, or null ({@link #kernelCountsOf}). */
    private KernelCounts kernel;
    private Field[] fields;
    private Counter[] tracked;
    private long[] startValues;

    /** Zeroes the fields and remembers where the counters start. */
    @Setup(Level.Iteration)
    public final void startIteration() {
        Ring ring = BenchmarkRingState.openedOnThisThread();
        if (fields == null) {
            bindFields();
            kernel = kernelCountsOf(ring);
        }
        counters = ring.counters();
        for (int i = 0; i < tracked.length; i++) {
            startValues[i] = read(tracked[i]);
            set(fields[i], 0L);
        }
    }

    /** Each field becomes the iteration's count. */
    @TearDown(Level.Iteration)
    public final void stopIteration() {
        for (int i = 0; i < tracked.length; i++) {
            set(fields[i], read(tracked[i]) - startValues[i]);
        }
    }

    /**
     * The kernel's counts when this fork counts them ({@link KernelCountsProfiler}) and the ring
     * has them, else null; where the machine refuses, one line on the fork's output says why
     * and the point runs without them.
     */
    private static KernelCounts kernelCountsOf(Ring ring) {
        if (!KernelCounts.requested()) {
            return null;
        }
        KernelCounts k = ring.kernelCounts();
        if (k.unavailableReason().isPresent()) {
            System.out.println("# kernel counts: none for ring=" + ring.engine() + ": " + k.unavailableReason().get());
            return null;
        }
        return k;
    }

    /** The kernel's count where it counts {@code c}, else the ring's own counter. */
    private long read(Counter c) {
        return kernel != null && kernel.counts(c) ? kernel.get(c) : counters.get(c);
    }

    /**
     * Maps every public long field of the benchmark's own {@code @AuxCounters} class to the
     * counter of the same name; a field naming no counter is an error. The fields JMH's
     * generated subclasses add (padding, {@code setupTrialMutex}...) are not the benchmark's.
     */
    private void bindFields() {
        List<Field> found = new ArrayList<>();
        List<Counter> counted = new ArrayList<>();
        for (Field f : getClass().getFields()) {
            if (Modifier.isStatic(f.getModifiers()) || !f.getDeclaringClass().isAnnotationPresent(AuxCounters.class)) {
                continue;
            }
            if (f.getType() != long.class) {
                throw new IllegalStateException("@AuxCounters field " + f + " must be a long named after a ring counter");
            }
            counted.add(Arrays.stream(Counter.values()).filter(c -> fieldName(c).equals(f.getName())).findFirst()
                    .orElseThrow(() -> new IllegalStateException("@AuxCounters field " + f.getName() + " names no ring counter; counters: "
                            + Arrays.stream(Counter.values()).map(RingCounters::fieldName).toList())));
            found.add(f);
        }
        fields = found.toArray(Field[]::new);
        tracked = counted.toArray(Counter[]::new);
        startValues = new long[tracked.length];
    }

    /** A counter's field name: its metric name in camelCase ({@code completion-lock} is {@code completionLock}). */
    static String fieldName(Counter c) {
        String[] words = c.metricName().split("-");
        StringBuilder sb = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            sb.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
        }
        return sb.toString();
    }

    private void set(Field f, long value) {
        try {
            f.setLong(this, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot set @AuxCounters field " + f, e);
        }
    }
}
