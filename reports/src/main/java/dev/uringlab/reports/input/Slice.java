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
 * @param threads    the threads its arm had besides the benchmark thread; -1 when unknown, or
 *                   when the kernel may work for it on threads of its own (the native ring)
 */
public record Slice(int iteration, int arm, long startNanos, long nanos, long ops, long cpuNanos, int threads) {
    /** Operations per wall-clock second in this slice. */
    public double rate() {
        return ops * 1e9 / nanos;
    }

    /**
     * Operations per second of the benchmark thread's CPU time in this slice: the rate of an arm
     * that works on that thread alone, whatever else kept the thread off a CPU (another process, a
     * GC pause, a compilation it waited for); its wall-clock rate when the thread never ran.
     */
    public double cpuRate() {
        return cpuNanos > 0 ? ops * 1e9 / cpuNanos : rate();
    }

    /** {@link #cpuRate()} on a race's CPU clock ({@link PairedRace#cpuClock}), else {@link #rate()}. */
    public double rate(boolean cpuClock) {
        return cpuClock ? cpuRate() : rate();
    }
}
