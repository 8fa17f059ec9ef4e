package dev.uringlab.reports.input;

/**
 * One slice of a paired race: one arm's turn, timed on its own.
 *
 * @param iteration   the JMH measurement iteration it ran in, from 1
 * @param arm         {@link PairedRace#A} or {@link PairedRace#B}
 * @param startNanos  its start, from the fork's first measured slice
 * @param nanos       its length
 * @param ops         the operations its arm did in it
 * @param cpuNanos    the benchmark thread's time on a CPU in it
 * @param armCpuNanos the time on a CPU in it of the benchmark thread and the arm's own threads
 *                    together ({@code cpuNanos} when it has none); -1 when unknown: on the native
 *                    ring, or in a file from before it was kept
 * @param threads     the threads its arm had besides the benchmark thread; -1 when unknown, or
 *                    when the kernel may work for it on threads of its own (the native ring)
 */
public record Slice(int iteration, int arm, long startNanos, long nanos, long ops, long cpuNanos, long armCpuNanos, int threads) {
    /** Operations per wall-clock second in this slice. */
    public double rate() {
        return ops * 1e9 / nanos;
    }

    /** Operations per second of {@code clock} in this slice ({@link Clock#rate}). */
    public double rate(Clock clock) {
        return clock.rate(this);
    }
}
