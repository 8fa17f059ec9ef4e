package dev.uringlab.reports.render;

import dev.uringlab.reports.analysis.Analysis;
import dev.uringlab.reports.analysis.ClaimCheck;
import java.util.ArrayList;
import java.util.List;

/** The report's summary as a plain-text table for the terminal: one line per author's figure and run. */
public final class TextSummary {
    private TextSummary() {
    }

    /** The table, lines ending in {@code \n}, ASCII except what the JSON and claims bring. */
    public static String of(Analysis analysis) {
        boolean multiRun = analysis.runs().size() > 1;
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("seed", "figure"));
        if (multiRun) {
            header.add("run");
        }
        String percent = analysis.intervals().percent();
        header.addAll(List.of("author", "measured", percent + " interval", "+-", "forks", "verdict", "note"));
        rows.add(header);
        for (ClaimCheck c : analysis.checks()) {
            List<String> row = new ArrayList<>(List.of(c.claim().seed(), c.figure().label()));
            if (multiRun) {
                row.add(c.run().orElse("-"));
            }
            row.add(ascii(Format.ratio(c.figure().authorRatio())));
            row.add(c.measured().map(m -> ascii(Format.ratio(m.value()))).orElse("-"));
            row.add(c.measured().map(m -> ascii(Format.ratioInterval(m))).orElse("-"));
            row.add(c.measured().map(m -> Format.precision(m)).orElse("-"));
            row.add(c.forks() == 0 ? "-" : Integer.toString(c.forks()));
            row.add(c.verdict().label());
            row.add(c.note());
            rows.add(row);
        }
        int[] widths = new int[header.size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder("Speed-up of each patch over its baseline (patched / baseline throughput),\n"
                + "beside the author's figure; " + percent + " intervals by a bootstrap over forks, then iterations\n"
                + "(+- is the interval's half-width over the ratio; forks: the fewer of the two arms').\n\n");
        for (String warning : RunWarnings.of(analysis.runs())) {
            out.append("WARNING: ").append(warning).append("\n\n");
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                line.append(i == 0 ? "" : "  ").append(String.format("%-" + widths[i] + "s", row.get(i)));
            }
            out.append(line.toString().stripTrailing()).append('\n');
            if (row == header) {
                out.append("-".repeat(line.toString().stripTrailing().length())).append('\n');
            }
        }
        return out.toString();
    }

    private static String ascii(String s) {
        return s.replace("\u00d7", "x").replace("\u221e", "inf");
    }
}
