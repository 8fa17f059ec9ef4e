package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Claim;
import dev.uringlab.reports.input.Figure;
import java.util.Optional;

/**
 * One author's figure set against one run's measurement: a row of the report's summary.
 *
 * @param claim    the seed's claim
 * @param figure   the author's figure
 * @param run      the run's label, or empty when no run measured the claim's benchmark
 * @param measured the measured speed-up (patched over baseline throughput) with its interval
 * @param baseline the baseline result's score in the claim's display unit, when measured
 * @param patched  the patched result's score in the claim's display unit, when measured
 * @param paired   the rates a paired race's ratio is made of, when {@code measured} is one (the
 *                 scores above are the arms' means over all their iterations, which need not
 *                 divide to it)
 * @param verdict  the verdict (see {@link Verdict})
 * @param note     why it is not measured, or a remark on the measurement; empty if none
 * @param forks    the forks of the paired race, or the fewer of the two arms' forks in a
 *                 fork-by-fork run (0 when not measured)
 * @param slices   the slices whose neighbouring pairs gave a paired ratio (0 in a fork-by-fork run)
 * @param baselineForks how the baseline arm's forks settled, when measured
 * @param patchedForks  how the patched arm's forks settled, when measured
 */
public record ClaimCheck(Claim claim, Figure figure, Optional<String> run, Optional<Estimate> measured,
                         Optional<Estimate> baseline, Optional<Estimate> patched, Optional<PairedRates> paired,
                         Verdict verdict, String note, int forks,
                         int slices, Optional<Stability> baselineForks, Optional<Stability> patchedForks) {
    /** A figure without a measurement, and why. */
    static ClaimCheck notMeasured(Claim claim, Figure figure, Optional<String> run, Verdict verdict, String note) {
        return new ClaimCheck(claim, figure, run, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                verdict, note, 0, 0,
                Optional.empty(), Optional.empty());
    }
}
