package dev.uringlab.reports.render;

import dev.uringlab.reports.analysis.Analysis;
import dev.uringlab.reports.analysis.ClaimCheck;
import dev.uringlab.reports.analysis.MachineNoise;
import dev.uringlab.reports.analysis.Stability;
import dev.uringlab.reports.input.Run;
import java.util.ArrayList;
import java.util.List;

/**
 * How the forks settled, one row per arm of each author's figure, then the machine's calibration
 * kernel in each run: the fork means and their spread, the fork peaks and theirs, and what the
 * two say together (see {@link Stability}). The HTML page and the terminal summary show the same rows.
 */
final class ForkTable {
    /**
     * One arm's forks, in display strings.
     *
     * @param apart whether the forks' peaks lie apart (a state worth the reader's attention)
     */
    record Row(String figure, String run, String arm, String forks, String means, String meanSpread, String peaks,
               String peakSpread, String state, boolean apart) {
    }

    private ForkTable() {
    }

    /** The rows of {@code a}: each measured figure's baseline arm, then its patched arm; the machine last. */
    static List<Row> of(Analysis a) {
        List<Row> rows = new ArrayList<>();
        for (ClaimCheck c : a.checks()) {
            String figure = c.claim().seed() + " " + c.figure().label();
            String run = c.run().orElse("");
            c.baselineForks().ifPresent(s -> rows.add(row(figure, run, "baseline", s)));
            c.patchedForks().ifPresent(s -> rows.add(row(figure, run, c.claim().patched(), s)));
        }
        for (Run run : a.runs()) {
            MachineNoise.of(run).ifPresent(n -> rows.add(row("the machine", run.label(), "calibration kernel", n.forks())));
        }
        return rows;
    }

    private static Row row(String figure, String run, String arm, Stability s) {
        int forks = s.forkMeans().length;
        String state = forks < 2 ? "one fork: no spread to judge"
                : s.meanSpread() <= Stability.SPREAD ? "forks agree"
                : s.oneState() ? "one state; the machine slowed some iterations"
                : "peaks apart: different states, or a fork the machine slowed throughout";
        return new Row(figure, run, arm, Integer.toString(forks), Format.range(s.forkMeans()), Format.spread(s.meanSpread()),
                Format.range(s.forkPeaks()), Format.spread(s.peakSpread()), state, forks >= 2 && !s.oneState());
    }
}
