package dev.uringlab.reports.render;

import dev.uringlab.reports.analysis.Analysis;
import dev.uringlab.reports.analysis.Change;
import dev.uringlab.reports.analysis.ClaimCheck;
import dev.uringlab.reports.analysis.FloorCheck;
import dev.uringlab.reports.analysis.Thresholds;
import dev.uringlab.reports.input.Clock;
import java.util.ArrayList;
import java.util.List;

/** The report's summary as plain-text tables for the terminal: one line per author's figure and run, then the changes since an old run. */
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
        boolean paired = analysis.runs().stream().anyMatch(r -> !r.races().isEmpty());
        boolean forkByFork = analysis.runs().stream().anyMatch(r -> r.races().isEmpty());
        header.addAll(List.of("author", "measured", percent + " interval", "+-"));
        if (paired) {
            header.add("slices");
        }
        header.add("forks");
        if (paired) {
            header.add("clock");
        }
        header.addAll(List.of("verdict", "note"));
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
            if (paired) {
                row.add(c.slices() == 0 ? "-" : Integer.toString(c.slices()));
            }
            row.add(c.forks() == 0 ? "-" : Integer.toString(c.forks()));
            if (paired) {
                row.add(clock(c));
            }
            String provisional = HtmlReport.provisional(c, analysis.runs());
            row.add(c.verdict().label() + (provisional == null ? "" : " (provisional)"));
            row.add(provisional == null ? c.note() : c.note().isEmpty() ? provisional : provisional + "; " + c.note());
            rows.add(row);
        }
        StringBuilder out = new StringBuilder("Speed-up of each patch over its baseline (patched / baseline throughput),\n"
                + "beside the author's figure; " + percent + " intervals"
                + (paired ? " of paired races (both arms in one JVM on one CPU, taking turns in slices):\nthe geometric mean of "
                        + "neighbouring slices' ratios, by a bootstrap over blocks of slice pairs within\nforks, then forks"
                        + (forkByFork ? "; of fork-by-fork races" : "") : "")
                + (forkByFork ? " by a bootstrap over forks, then iterations" : "")
                + (paired ? "\n(+- is the interval's half-width over the ratio; slices: those paired; forks: the race's, or\n"
                        + "the fewer of the two arms' fork by fork; clock: what a paired race's slices are rated per second of,\n"
                        + "wall fork by fork, as JMH times).\n\n"
                        : "\n(+- is the interval's half-width over the ratio; forks: the fewer of the two arms').\n\n"));
        if (paired) {
            clocks(out);
        }
        for (String warning : RunWarnings.of(analysis.runs())) {
            for (String line : wrap("WARNING: " + warning, WIDTH)) {
                out.append(line).append('\n');
            }
            out.append('\n');
        }
        floors(analysis, multiRun, out);
        tableWithNotes(rows, out);
        forks(analysis, multiRun, out);
        KernelPricedView.text(analysis, out);
        if (!analysis.changes().isEmpty()) {
            out.append("\nChange since ").append(analysis.old().map(r -> r.label()).orElse("the old run"))
                    .append(" (new over old throughput; the verdict is read off the interval):\n\n");
            List<List<String>> changes = new ArrayList<>();
            changes.add(List.of("benchmark", "workload", "strategy", "change", percent + " interval", "verdict"));
            for (Change c : analysis.changes()) {
                changes.add(List.of(c.row().result().shortName(), c.row().workload().isEmpty() ? "-" : c.row().workload(),
                        c.row().strategy(), ascii(Format.percent(c.ratio().value())), ascii(Format.percentInterval(c.ratio())),
                        c.verdict().label()));
            }
            table(changes, out);
        }
        return out.toString();
    }

    /** The A/A races: the paired method's own floor, above the figures it bounds. */
    private static void floors(Analysis analysis, boolean multiRun, StringBuilder out) {
        if (analysis.floors().isEmpty()) {
            return;
        }
        out.append("A/A race: the same arm in both slots, each in its own class loader; the method's floor,\n"
                + "held to 1.00x with its whole interval within +-" + Format.share(Thresholds.AA_FLOOR) + " (on CPU: the median share of\n"
                + "a slice the benchmark thread ran, less where other processes took the CPUs or the arm waited for threads\n"
                + "of its own; clock: as above, the one its slices were rated on).\n"
                + "compare runs it on seed 001's NOPs, whose copies compile most alike: what a larger workload's\n"
                + "copies differ by is that workload's, and its race's interval holds it (each fork compiles new copies):\n\n");
        List<List<String>> rows = new ArrayList<>();
        rows.add(multiRun ? List.of("run", "measured", analysis.intervals().percent() + " interval", "+-", "slices", "forks", "on CPU", "clock", "floor", "arm")
                : List.of("measured", analysis.intervals().percent() + " interval", "+-", "slices", "forks", "on CPU", "clock", "floor", "arm"));
        for (FloorCheck f : analysis.floors()) {
            List<String> row = new ArrayList<>();
            if (multiRun) {
                row.add(f.run());
            }
            row.addAll(List.of(ascii(Format.ratio(f.ratio().value())), ascii(Format.ratioInterval(f.ratio())),
                    Format.precision(f.ratio()), Integer.toString(2 * f.race().pairs()), Integer.toString(f.race().forks().size()),
                    percent(f.race().onCpu()), f.race().clock().label(), f.verdict(), f.arm()));
            rows.add(row);
        }
        table(rows, out);
        out.append('\n');
    }

    /** What each clock of a paired race counts, one wrapped paragraph each. */
    private static void clocks(StringBuilder out) {
        out.append("Clocks (a paired race's slices are all rated per second of one):\n");
        for (Clock c : Clock.values()) {
            String mark = "  " + c.label() + ": ";
            List<String> lines = wrap(c.meaning() + ".", WIDTH - mark.length());
            for (int i = 0; i < lines.size(); i++) {
                out.append(i == 0 ? mark : " ".repeat(mark.length())).append(lines.get(i)).append('\n');
            }
        }
        out.append('\n');
    }

    /** The clock of a figure's measured ratio: its paired race's, or wall fork by fork; "-" when not measured. */
    private static String clock(ClaimCheck c) {
        return c.paired().map(p -> p.clock().label()).orElse(c.measured().isPresent() ? Clock.WALL.label() : "-");
    }

    /** The figures' arms with more than one fork, and the machine: how their forks settled. */
    private static void forks(Analysis analysis, boolean multiRun, StringBuilder out) {
        List<ForkTable.Row> measured = ForkTable.of(analysis).stream().filter(r -> !r.forks().equals("1")).toList();
        if (measured.isEmpty()) {
            return;
        }
        out.append("\nHow the forks settled (spread: range over mean; a fork's peak is its fastest iteration,\n"
                + "and forks whose peaks agree within " + Format.share(Thresholds.SPREAD) + " ran one compiled state):\n\n");
        List<List<String>> rows = new ArrayList<>();
        rows.add(multiRun ? List.of("figure", "run", "arm", "forks", "means", "spread", "peaks", "spread", "state")
                : List.of("figure", "arm", "forks", "means", "spread", "peaks", "spread", "state"));
        for (ForkTable.Row r : measured) {
            List<String> row = new ArrayList<>(List.of(ascii(r.figure())));
            if (multiRun) {
                row.add(r.run());
            }
            row.addAll(List.of(r.arm(), r.forks(), ascii(r.means()), r.meanSpread(), ascii(r.peaks()), r.peakSpread(), r.state()));
            rows.add(row);
        }
        table(rows, out);
    }

    /** The width of the terminal summary: no line is longer. */
    public static final int WIDTH = 120;

    /**
     * The rows in aligned columns, the first a header underlined, within {@value #WIDTH} columns:
     * while the table is wider, its widest column is narrowed and its cells wrap onto more lines.
     */
    static void table(List<List<String>> rows, StringBuilder out) {
        int columns = rows.getFirst().size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        int[] natural = widths.clone();
        while (total(widths) > WIDTH) {
            int widest = 0;
            for (int i = 1; i < columns; i++) {
                widest = widths[i] > widths[widest] ? i : widest;
            }
            if (widths[widest] <= 12) {
                break; // nothing left to narrow; too many columns for the width
            }
            widths[widest] = Math.max(12, widths[widest] - (total(widths) - WIDTH));
        }
        for (List<String> row : rows) {
            List<List<String>> cells = new ArrayList<>();
            int height = 1;
            for (int i = 0; i < row.size(); i++) {
                List<String> wrapped = widths[i] < natural[i] ? wrap(row.get(i), widths[i]) : List.of(row.get(i));
                cells.add(wrapped);
                height = Math.max(height, wrapped.size());
            }
            int longest = 0;
            for (int k = 0; k < height; k++) {
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < row.size(); i++) {
                    String cell = k < cells.get(i).size() ? cells.get(i).get(k) : "";
                    line.append(i == 0 ? "" : "  ").append(String.format("%-" + widths[i] + "s", cell));
                }
                String text = line.toString().stripTrailing();
                longest = Math.max(longest, text.length());
                out.append(text).append('\n');
            }
            if (row == rows.getFirst()) {
                out.append("-".repeat(longest)).append('\n');
            }
        }
    }

    /**
     * The figures' table: when its last column, the note, would have under 40 columns left, each
     * note becomes a numbered footnote under the table ({@code [1]}; one number per distinct note).
     */
    static void tableWithNotes(List<List<String>> rows, StringBuilder out) {
        int last = rows.getFirst().size() - 1;
        int[] widths = new int[last];
        for (List<String> row : rows) {
            for (int i = 0; i < last; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        int longestNote = rows.stream().skip(1).mapToInt(r -> r.get(last).length()).max().orElse(0);
        if (total(widths) + 2 + longestNote <= WIDTH || WIDTH - total(widths) - 2 >= 40) {
            table(rows, out);
            return;
        }
        List<String> notes = new ArrayList<>();
        List<List<String>> numbered = new ArrayList<>();
        numbered.add(rows.getFirst());
        for (List<String> row : rows.subList(1, rows.size())) {
            List<String> r = new ArrayList<>(row);
            String note = row.get(last);
            if (!note.isEmpty()) {
                int k = notes.indexOf(note);
                if (k < 0) {
                    notes.add(note);
                    k = notes.size() - 1;
                }
                r.set(last, "[" + (k + 1) + "]");
            }
            numbered.add(r);
        }
        table(numbered, out);
        out.append('\n');
        for (int k = 0; k < notes.size(); k++) {
            String mark = "[" + (k + 1) + "] ";
            List<String> lines = wrap(notes.get(k), WIDTH - mark.length());
            for (int i = 0; i < lines.size(); i++) {
                out.append(i == 0 ? mark : " ".repeat(mark.length())).append(lines.get(i)).append('\n');
            }
        }
    }

    private static int total(int[] widths) {
        int sum = 2 * (widths.length - 1);
        for (int w : widths) {
            sum += w;
        }
        return sum;
    }

    /** {@code text} broken at spaces into lines of at most {@code width} (a longer word is cut). */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            while (word.length() > width) {
                if (!line.isEmpty()) {
                    lines.add(line.toString());
                    line.setLength(0);
                }
                lines.add(word.substring(0, width));
                word = word.substring(width);
            }
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        if (!line.isEmpty() || lines.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }

    /** {@code 1%}, {@code 14%}. */
    private static String percent(double share) {
        return Math.round(share * 100) + "%";
    }

    static String ascii(String s) {
        return s.replace("\u00d7", "x").replace("\u221e", "inf").replace("\u2013", "-").replace(" \u00b7 ", " / ");
    }
}
