package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.PairedRace;
import dev.uringlab.reports.input.Run;
import java.util.ArrayList;
import java.util.List;

/**
 * An A/A race against the floor it must meet: the same arm in both slots (two class loaders, the
 * same code) measures what the paired method itself gives when there is nothing to find. Its
 * ratio must be 1.00 with the whole interval within {@value Thresholds#AA_FLOOR} of it; a
 * figure whose interval is narrower than the A/A race's is no more precise than that.
 *
 * @param run   the run's label
 * @param race  the A/A race
 * @param ratio its paired ratio b / a with its interval
 */
public record FloorCheck(String run, PairedRace race, Estimate ratio) {
    /** Every A/A race of every run. */
    static List<FloorCheck> of(List<Run> runs, Intervals intervals) {
        List<FloorCheck> out = new ArrayList<>();
        for (Run run : runs) {
            for (PairedRace race : run.races()) {
                if (race.aa()) {
                    out.add(new FloorCheck(run.label(), race, intervals.paired(race)));
                }
            }
        }
        return out;
    }

    /** Whether the ratio and its whole interval lie within the floor of 1.00. */
    public boolean met() {
        return reach(ratio) <= Thresholds.AA_FLOOR;
    }

    /**
     * How far an A/A ratio's interval reaches from 1.00, {@code max(hi - 1, 1 - lo)}: the floor is
     * met when this is within {@link Thresholds#AA_FLOOR}, so it is what an A/A race is run until
     * (a narrow interval off 1.00 has not met it); NaN while the interval is unknown.
     */
    public static double reach(Estimate ratio) {
        return ratio.bounded() ? Math.max(ratio.hi() - 1, 1 - ratio.lo()) : Double.NaN;
    }

    /** {@code floor met} or {@code floor not met}. */
    public String verdict() {
        return met() ? "floor met" : "floor not met";
    }

    /** The arm, e.g. {@code Nops32Benchmark.nops32 depth=32, profile=linux-5.15, reqAlloc=baseline, ring=emulated}. */
    public String arm() {
        return JmhResult.shortName(race.benchmark()) + " " + Params.label(race.a(), race.a().keySet());
    }
}
