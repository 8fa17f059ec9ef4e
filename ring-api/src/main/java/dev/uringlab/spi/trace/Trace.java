package dev.uringlab.spi.trace;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * One ring's trace: where the engine and its strategies report each step they take. Off by
 * default and free when off, at two levels:
 * <ul>
 *   <li>{@link #COMPILED} is a {@code static final} read once from the system property
 *       {@value #PROPERTY}. When it is false (every JMH fork, every benchmark) the JIT folds
 *       each {@code emit} to nothing: no argument is boxed, no branch is left.</li>
 *   <li>When it is true (the CLI, the test JVMs, the demos), a ring traces only when its
 *       {@link dev.uringlab.api.RingConfig} names a sink; {@link #OFF} costs one field load
 *       and a predictable branch per step.</li>
 * </ul>
 * The emit methods take the subject and the arguments as primitives, so a call site computes
 * nothing it would not compute anyway. Emission is serialised ({@code synchronized}): every
 * thread of a ring (the owner, io-wq workers, wakers) shares one sequence, in the order the
 * steps were taken; that costs only when tracing is on.
 */
public final class Trace {
    /** The system property that compiles tracing in: {@code -Duringlab.trace=true}. */
    public static final String PROPERTY = "uringlab.trace";
    /** Whether tracing is compiled into this JVM (read once, at class initialisation). */
    public static final boolean COMPILED = Boolean.getBoolean(PROPERTY);
    /** A trace that records nothing. */
    public static final Trace OFF = new Trace(null);

    private static final long[] NONE = {};

    private final Consumer<TraceEvent> sink;
    /** The last sequence number handed out; guarded by {@code this}. */
    private long seq;

    private Trace(Consumer<TraceEvent> sink) {
        this.sink = sink;
    }

    /**
     * A trace that sends every step to {@code sink}, on the thread that took it.
     *
     * @throws IllegalStateException when tracing is not compiled into this JVM
     */
    public static Trace to(Consumer<TraceEvent> sink) {
        if (!COMPILED) {
            throw new IllegalStateException("tracing is not compiled into this JVM: start it with -D" + PROPERTY + "=true");
        }
        return new Trace(Objects.requireNonNull(sink, "sink"));
    }

    /** Whether steps are recorded: a caller may skip work that only feeds the trace. */
    public boolean on() {
        return COMPILED && sink != null;
    }

    public void emit(TracePoint p) {
        if (COMPILED && sink != null) {
            record(p, null, NONE);
        }
    }

    public void emit(TracePoint p, long a) {
        if (COMPILED && sink != null) {
            record(p, null, new long[] {a});
        }
    }

    public void emit(TracePoint p, long a, long b) {
        if (COMPILED && sink != null) {
            record(p, null, new long[] {a, b});
        }
    }

    public void emit(TracePoint p, long a, long b, long c) {
        if (COMPILED && sink != null) {
            record(p, null, new long[] {a, b, c});
        }
    }

    public void emit(TracePoint p, long a, long b, long c, long d) {
        if (COMPILED && sink != null) {
            record(p, null, new long[] {a, b, c, d});
        }
    }

    /** A step on a named subject (a waitqueue head, a slab cache). */
    public void emitOn(String subject, TracePoint p) {
        if (COMPILED && sink != null) {
            record(p, subject, NONE);
        }
    }

    public void emitOn(String subject, TracePoint p, long a) {
        if (COMPILED && sink != null) {
            record(p, subject, new long[] {a});
        }
    }

    public void emitOn(String subject, TracePoint p, long a, long b) {
        if (COMPILED && sink != null) {
            record(p, subject, new long[] {a, b});
        }
    }

    /**
     * A costed step with no narration point of its own (a recipe's {@code call}, {@code fence},
     * {@code rcu}...): {@code name} as the recipe writes it, e.g. {@code step(StepKind.CALL,
     * "io_eventfd_signal")}. Pass a constant: the call site must compute nothing.
     */
    public void step(StepKind kind, String name) {
        if (COMPILED && sink != null) {
            record(TracePoint.step(kind), name, NONE);
        }
    }

    private synchronized void record(TracePoint p, String subject, long[] values) {
        sink.accept(new TraceEvent(++seq, Thread.currentThread().getName(), p, subject, values));
    }
}
