package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Run;
import java.util.Optional;

/**
 * The machine's own fork-to-fork noise in a run, from the jmh module's
 * {@code MachineNoiseBenchmark}: a call-free compute kernel with one compiled shape in every
 * fork, run in the same run, with the same fork settings, as the races. The spread of its fork
 * means is what the machine (other tenants of a shared host, frequency changes) gives any
 * benchmark; a race whose forks spread about as much has no cause the emulator or the JIT could
 * remove, one that spreads much wider has.
 *
 * @param forks how the kernel's forks settled: their means and peaks
 */
public record MachineNoise(Stability forks) {
    /** The calibration benchmark, as JMH names it. */
    public static final String BENCHMARK = "dev.uringlab.jmh.MachineNoiseBenchmark.lcgTable";

    /** The calibration's noise in {@code run}, when it ran there with at least two forks. */
    public static Optional<MachineNoise> of(Run run) {
        return run.results().stream().filter(r -> r.benchmark().equals(BENCHMARK)).findFirst()
                .map(r -> r.primary()).filter(m -> m.forks().size() >= 2).map(m -> new MachineNoise(Stability.of(m)));
    }

    /** The range of the kernel's fork means over their mean, e.g. 0.04. */
    public double spread() {
        return forks.meanSpread();
    }

    /** Whether the machine alone made the kernel's forks disagree, by the report's one rule ({@link Stability#disagree()}). */
    public boolean noisy() {
        return forks.disagree();
    }
}
