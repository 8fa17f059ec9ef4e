package dev.uringlab.spi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.EnumMap;
import java.util.Map;

/**
 * The per-ring {@link Counter}s (DESIGN.md rule 4: counted, not computed). Cheap by design,
 * and never a fence on the path of the ring owner:
 * <ul>
 *   <li>{@link #inc}/{@link #add}: a plain increment, for counters with one writer at a time
 *       (the ring owner's thread, or whoever holds the lock that guards the counted work: each
 *       call site says which);</li>
 *   <li>{@link #incShared}: for work any thread may do (a waker's waitqueue operations, task
 *       work queued by an io-wq worker). On the ring owner's thread it is the same plain
 *       increment; on any other thread an atomic add to a separate array, padded apart so the
 *       owner's cache lines are not shared with other threads' atomics (ring-api's padding
 *       policy, package-info).</li>
 * </ul>
 * A value is the sum of both arrays. Readers ({@link #get}, {@link #snapshot}) see exact
 * values once the writers are quiescent (after the ring owner's own calls, or a join).
 */
public final class Counters {
    private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final Counter[] ALL = Counter.values();
    /** 64 bytes of padding on each side of the shared counters. */
    private static final int PAD = 8;

    /** The owner's counters: plain, single writer. */
    private final long[] values = new long[ALL.length];
    /** Other threads' counters: atomic adds only, at {@code PAD + ordinal}. */
    private final long[] shared = new long[PAD + ALL.length + PAD];
    /**
     * The ring owner's thread. Plain: written only by the thread that becomes the owner (at
     * io_uring_enter), and read by every writer only to compare it with itself, which a stale
     * value cannot make true for a thread that is not (or is no longer) the owner... except the
     * previous owner during a hand-over, which the rings document as unsupported concurrency.
     */
    private Thread owner = Thread.currentThread();

    /** Plain increment: the caller is the counter's only writer right now. */
    public void inc(Counter c) {
        values[c.ordinal()]++;
    }

    /** Plain add, same rule as {@link #inc}. */
    public void add(Counter c, long delta) {
        values[c.ordinal()] += delta;
    }

    /** Increment of a counter any thread may bump: plain on the owner's thread, else an atomic add kept apart. */
    public void incShared(Counter c) {
        if (Thread.currentThread() == owner) {
            values[c.ordinal()]++;
        } else {
            ELEMENTS.getAndAdd(shared, PAD + c.ordinal(), 1L);
        }
    }

    /** The ring owner changes to the calling thread (io_uring_enter from a new thread). */
    public void ownedByCurrentThread() {
        if (owner != Thread.currentThread()) {
            owner = Thread.currentThread();
        }
    }

    /** The current value (opaque reads: never torn, not ordered). */
    public long get(Counter c) {
        return (long) ELEMENTS.getOpaque(values, c.ordinal()) + (long) ELEMENTS.getOpaque(shared, PAD + c.ordinal());
    }

    /** Every counter, including zeros, in declaration order. */
    public Map<Counter, Long> snapshot() {
        Map<Counter, Long> m = new EnumMap<>(Counter.class);
        for (Counter c : ALL) {
            m.put(c, get(c));
        }
        return m;
    }

    /** Sets every counter to zero; call while no other thread bumps them. */
    public void reset() {
        for (int i = 0; i < values.length; i++) {
            ELEMENTS.setOpaque(values, i, 0L);
            ELEMENTS.setOpaque(shared, PAD + i, 0L);
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        snapshot().forEach((c, v) -> {
            if (v != 0) {
                sb.append(sb.isEmpty() ? "" : " ").append(c.metricName()).append('=').append(v);
            }
        });
        return sb.toString();
    }
}
