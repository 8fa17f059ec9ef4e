package dev.uringlab.spi.trace;

import dev.uringlab.api.CqeFlags;
import dev.uringlab.api.Opcodes;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One traced step: its sequence number in the ring's trace, the thread that took it, the
 * {@link TracePoint}, an optional subject (the waitqueue or slab it acted on) and its numeric
 * arguments, named by {@link TracePoint#args()}. Immutable.
 *
 * @param seq     1, 2, 3... in the order the steps were taken (one ring, all threads)
 * @param thread  the name of the thread that took the step
 * @param point   the step
 * @param subject what it acted on ({@code cq_wait}, {@code req_cachep}...), or {@code null}
 * @param values  the arguments, as many as {@code point.args()}
 */
public record TraceEvent(long seq, String thread, TracePoint point, String subject, long[] values) {

    public TraceEvent {
        if (values.length != point.args().size()) {
            throw new IllegalArgumentException(point + " takes " + point.args() + ", got " + values.length + " values");
        }
        values = values.clone();
    }

    @Override
    public long[] values() {
        return values.clone();
    }

    /** The argument called {@code name}. */
    public long arg(String name) {
        int i = point.args().indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException(point + " has no argument " + name + " (it has " + point.args() + ")");
        }
        return values[i];
    }

    /** The arguments by name, in order, rendered as {@link #toString()} shows them. */
    public Map<String, String> args() {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            String name = point.args().get(i);
            m.put(name, render(name, values[i]));
        }
        return m;
    }

    /**
     * The costed step this event is, as a recipe writes it ({@code kind name}, e.g.
     * {@code locked spin_lock(completion_lock)} or {@code call io_eventfd_signal}), or
     * {@code null} when the event only narrates.
     */
    public String typedStep() {
        StepKind kind = point.kind();
        if (kind == null) {
            return null;
        }
        return kind.keyword() + ' ' + stepName();
    }

    /** A step's name: a generic step's subject, else {@code function(subject)} or {@code function}. */
    private String stepName() {
        if (point.genericStep()) {
            return subject;
        }
        return subject == null ? point.function() : point.function() + '(' + subject + ')';
    }

    /** {@code function(subject) k=v k=v}, without sequence or thread: stable across runs and threads. */
    public String step() {
        if (point.genericStep()) {
            return point.function() + ' ' + subject;
        }
        StringBuilder sb = new StringBuilder(point.function());
        if (subject != null) {
            sb.append('(').append(subject).append(')');
        }
        args().forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        return sb.toString();
    }

    /** {@code seq [thread] function(subject) k=v...}. */
    @Override
    public String toString() {
        return seq + " [" + thread + "] " + step();
    }

    private static String render(String name, long v) {
        return switch (name) {
            case "op" -> Opcodes.name((int) v);
            case "cflags" -> CqeFlags.describe((int) v);
            case "flags", "mask", "events", "key" -> "0x" + Long.toHexString(v & 0xffffffffL);
            default -> Long.toString(v);
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TraceEvent e && e.seq == seq && e.thread.equals(thread) && e.point == point
                && java.util.Objects.equals(e.subject, subject) && Arrays.equals(e.values, values);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(seq) * 31 + point.hashCode();
    }
}
