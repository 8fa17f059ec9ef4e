package dev.uringlab.spi;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The running kernel's own counts of what a ring's threads did, one per {@link Counter} that
 * has a {@linkplain Counter#tracepoint() tracepoint}: kernel truth beside the emulator's
 * counters (DESIGN.md, "Measuring"). The native ring counts them with perf_event_open on the
 * tracepoints, for the thread that opened the ring and the threads it starts afterwards (io-wq
 * workers included), never another process's; the emulated ring has no kernel and answers
 * {@link #unavailable}.
 *
 * <p>Values are totals since counting began; callers take differences, as
 * {@link Counters} are read. Reading costs a system call per counter: never on a timed path.
 * Counting itself costs time in the kernel (each tracepoint hit runs perf's handler), so the
 * native ring counts only when asked: {@link #PROPERTY}{@code =on}, or the first call of
 * {@link dev.uringlab.api.Ring#kernelCounts()} on a ring that was opened without it.
 */
public interface KernelCounts {
    /** System property that makes every native ring count from its setup on: {@value}{@code =on}. */
    String PROPERTY = "uringlab.kernel-counts";

    /** Why this ring has no kernel counts (not root, no tracefs, the emulated engine...), or empty when it has. */
    Optional<String> unavailableReason();

    /** The kernel's count for {@code c} since counting began; 0 when unavailable or when {@code c} has no tracepoint. */
    long get(Counter c);

    /** Whether {@code c} is counted here (it has a tracepoint this kernel has, and counting is available). */
    boolean counts(Counter c);

    /** Every counted counter's value, in declaration order. */
    default Map<Counter, Long> snapshot() {
        Map<Counter, Long> m = new EnumMap<>(Counter.class);
        for (Counter c : Counter.values()) {
            if (counts(c)) {
                m.put(c, get(c));
            }
        }
        return m;
    }

    /** Whether {@link #PROPERTY} asks every native ring to count from its setup. */
    static boolean requested() {
        return "on".equals(System.getProperty(PROPERTY));
    }

    /** No counts, for {@code reason}. */
    static KernelCounts unavailable(String reason) {
        return new KernelCounts() {
            @Override
            public Optional<String> unavailableReason() {
                return Optional.of(reason);
            }

            @Override
            public long get(Counter c) {
                return 0;
            }

            @Override
            public boolean counts(Counter c) {
                return false;
            }

            @Override
            public String toString() {
                return "kernel counts unavailable: " + reason;
            }
        };
    }
}
