package dev.uringlab.reports.input;

/**
 * One slice of a paired race: one arm's turn, timed on its own.
 *
 * @param iteration  the JMH measurement iteration it ran in, from 1
 * @param arm        {@link PairedRace#A} or {@link PairedRace#B}
 * @param startNanos its start, from the fork's first measured slice
 * @param nanos      its length
 * @param ops        the operations its arm did in it
 * @param cpuNanos   the benchmark thread's time on a CPU in it
 */
public record Slice(int iteration, int arm, long startNanos, long nanos, long ops, long cpuNanos) {
    /** Operations per second in this slice. */
    public double rate() {
        return ops * 1e9 / nanos;
    }
}
