package dev.uringlab.reports.render;

import dev.uringlab.reports.analysis.MachineNoise;
import dev.uringlab.reports.analysis.Thresholds;
import dev.uringlab.reports.input.Run;
import dev.uringlab.reports.input.RunEnvironment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a reader must know about a run before its numbers, from its {@code env.json}: that the
 * machine was busy (other processes took over {@value Thresholds#OTHER_PERCENT}% of the CPU time, or, in a
 * file from before that was recorded, the highest 1-minute load average over the run was above
 * its cores, which also counts the run's own forks; or over {@value Thresholds#STEAL_PERCENT}% of CPU time
 * was stolen by the hypervisor), that the machine itself spread
 * the forks of a fixed compute kernel beyond what the report calls agreement ({@link MachineNoise}:
 * a figure read from the run's own results, for the load average misses what other tenants of a
 * shared host do), and that the run was interrupted. Nothing is said where the run does not
 * record it.
 */
final class RunWarnings {
    private RunWarnings() {
    }

    /** Every warning for {@code runs}, each naming its run when there are several. */
    static List<String> of(List<Run> runs) {
        List<String> out = new ArrayList<>();
        for (Run run : runs) {
            String who = runs.size() > 1 ? run.label() + ": " : "";
            Map<String, String> other = run.env().other();
            double load = number(other.get("loadAverageMax"));
            double cores = number(run.env().cores());
            double steal = number(other.get("cpuStealPercent"));
            double others = number(other.get("cpuOtherPercent"));
            List<String> busy = new ArrayList<>();
            if (others > Thresholds.OTHER_PERCENT) {
                busy.add(String.format(Locale.ROOT, "other processes took %.1f%% of the CPU time", others));
            } else if (Double.isNaN(others) && load > cores) {
                busy.add(String.format(Locale.ROOT, "load average up to %.1f on %.0f cores", load, cores));
            }
            if (steal > Thresholds.STEAL_PERCENT) {
                busy.add(String.format(Locale.ROOT, "%.1f%% of CPU time stolen by the hypervisor", steal));
            }
            if (!busy.isEmpty()) {
                out.add(who + "the machine was busy during this run (" + String.join(", ", busy)
                        + "): other work shared the cores with the benchmarks, so the figures are indicative only.");
            }
            MachineNoise.of(run).filter(MachineNoise::noisy).ifPresent(noise -> out.add(who + String.format(Locale.ROOT,
                    "the machine itself was noisy during this run: a fixed compute kernel (MachineNoiseBenchmark, one "
                            + "compiled shape in every fork) spread its %d fork means over %.0f%% of their mean; a race whose "
                            + "forks spread about as much owes it to the machine, not to the emulator or the JIT.",
                    noise.forks().forkMeans().length, noise.spread() * 100)));
            if ("true".equals(other.get("interrupted"))) {
                out.add(who + "this run was interrupted (Ctrl-C): it holds what was measured until then.");
            }
        }
        return out;
    }

    /**
     * Whether {@code run}'s figures are provisional for what its env.json or its sentinel records:
     * a busy machine (by the rules of {@link #of}) or a noisy one ({@link MachineNoise#noisy}).
     */
    static boolean busy(Run run) {
        Map<String, String> other = run.env().other();
        double load = number(other.get("loadAverageMax"));
        double cores = number(run.env().cores());
        double steal = number(other.get("cpuStealPercent"));
        double others = number(other.get("cpuOtherPercent"));
        return others > Thresholds.OTHER_PERCENT || (Double.isNaN(others) && load > cores) || steal > Thresholds.STEAL_PERCENT
                || MachineNoise.of(run).filter(MachineNoise::noisy).isPresent();
    }

    private static double number(String s) {
        if (s == null || !RunEnvironment.known(s)) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
