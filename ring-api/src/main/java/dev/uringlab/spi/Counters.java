package dev.uringlab.spi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.EnumMap;
import java.util.Map;

/**
 * The per-ring {@link Counter}s. Cheap by design: {@link #inc} is a plain increment of an
 * array element, for counters with a single writer at a time (the ring owner's thread, or
 * whoever holds the lock that guards the counted work: each call site says which).
 * Work that other threads do without such a lock (io-wq workers queueing task work) uses
 * {@link #incAtomic}. Readers ({@link #get}, {@link #snapshot}) see exact values once the
 * writers are quiescent (after the ring owner's own calls, or a join).
 */
public final class Counters {
    private static final VarHandle ELEMENTS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final Counter[] ALL = Counter.values();

    private final long[] values = new long[ALL.length];

    /** Plain increment: the caller is the counter's only writer right now. */
    public void inc(Counter c) {
        values[c.ordinal()]++;
    }

    /** Plain add, same rule as {@link #inc}. */
    public void add(Counter c, long delta) {
        values[c.ordinal()] += delta;
    }

    /** Atomic increment, for a counter that several threads bump without a common lock. */
    public void incAtomic(Counter c) {
        ELEMENTS.getAndAdd(values, c.ordinal(), 1L);
    }

    /** The current value (an opaque read: never torn, not ordered). */
    public long get(Counter c) {
        return (long) ELEMENTS.getOpaque(values, c.ordinal());
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
