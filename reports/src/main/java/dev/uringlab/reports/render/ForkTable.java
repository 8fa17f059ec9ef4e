package dev.uringlab.reports.render;

import dev.uringlab.reports.analysis.Analysis;
import dev.uringlab.reports.analysis.ClaimCheck;
import dev.uringlab.reports.analysis.MachineNoise;
import dev.uringlab.reports.analysis.Stability;
import dev.uringlab.reports.input.Run;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the forks settled, one row per arm of each author's figure, then the machine's calibration
 * kernel in each run: the fork means and their spread, the fork peaks and theirs, and what the
 * two say together (see {@link Stability}). The HTML page and the terminal summary show the same rows.
 */
final class ForkTable {
    /**
     * One arm's forks, in display strings.
     *
     * @param apart whether the fork means disagree and their peaks lie apart too (a state worth the reader's attention)
     */
    record Row(String figure, String run, String arm, String forks, String means, String meanSpread, String peaks,
               String peakSpread, String state, boolean apart) {
        Row labelled(String label) {
            return new Row(label, run, arm, forks, means, meanSpread, peaks, peakSpread, state, apart);
        }
    }

    private ForkTable() {
    }

    /**
     * The rows of {@code a}: each measured figure's baseline arm, then its patched arm; the machine
     * last. Figures of one seed that share an arm's result (000's sweep shares its baseline) share
     * its row, their labels joined.
     */
    static List<Row> of(Analysis a) {
        Map<List<String>, Row> rows = new LinkedHashMap<>();
        for (ClaimCheck c : a.checks()) {
            String run = c.run().orElse("");
            c.baselineForks().ifPresent(s -> add(rows, c, row(c.figure().label(), run, "baseline", s)));
            c.patchedForks().ifPresent(s -> add(rows, c, row(c.figure().label(), run, c.claim().patched(), s)));
        }
        List<Row> out = new ArrayList<>(rows.values());
        for (Run run : a.runs()) {
            MachineNoise.of(run).ifPresent(n -> out.add(row("the machine", run.label(), "calibration kernel", n.forks())));
        }
        return out;
    }

    private static void add(Map<List<String>, Row> rows, ClaimCheck c, Row row) {
        List<String> key = List.of(c.claim().seed(), row.run(), row.arm(), row.forks(), row.means(), row.peaks());
        Row same = rows.get(key);
        rows.put(key, same == null ? row.labelled(c.claim().seed() + " " + row.figure())
                : same.labelled(same.figure() + " \u00b7 " + row.figure()));
    }

    private static Row row(String figure, String run, String arm, Stability s) {
        Stability.Settling settling = s.settling();
        boolean apart = settling == Stability.Settling.PEAKS_APART;
        return new Row(figure, run, arm, Integer.toString(s.forkMeans().length), Format.range(s.forkMeans()),
                Format.spread(s.meanSpread()), Format.range(s.forkPeaks()), Format.spread(s.peakSpread()),
                (apart ? "peaks apart: " : "") + settling.words(), apart);
    }
}
