package dev.uringlab.demos.render;

import dev.uringlab.demos.Alignment;
import dev.uringlab.demos.Alignment.Row;
import dev.uringlab.demos.ArmRun;
import dev.uringlab.demos.Demo;
import dev.uringlab.demos.Step;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * A demo's narrated trace as text, for a terminal: the narration, the two arms, then one entry
 * per aligned step ({@link Alignment}): its number, {@code =} when both arms took it, else
 * {@code A} or {@code B} for the arm that did (the lines where the arms differ), the kernel
 * function with its arguments or the application's line, and what changed. Then each arm's
 * counters side by side, differing ones marked {@code *}, and "what to notice". The same demo
 * always prints the same text. Lines stay within {@value #WIDTH} columns, except a long call.
 * {@code --diff-only} folds each stretch of shared steps into one line.
 */
public final class TextTrace {
    /** The width narration paragraphs and step descriptions are wrapped to (a line is at most 100 wide). */
    public static final int WIDTH = 96;

    private TextTrace() {}

    /** The whole trace, no pause between steps. */
    public static void write(Demo demo, List<ArmRun> runs, PrintWriter out) {
        write(demo, runs, out, false, () -> false);
    }

    /**
     * The trace; after each step is printed, {@code pause} runs (the CLI's {@code --step}: wait for
     * Enter) and says whether to go on pausing: once it says no (end of input, {@code q}), the rest
     * prints at once. With {@code diffOnly}, every stretch of steps both arms take is one line
     * ({@code 12-40 =  29 steps both arms take: FIRST ... LAST}) and only the differences are whole.
     */
    public static void write(Demo demo, List<ArmRun> runs, PrintWriter out, boolean diffOnly, BooleanSupplier pause) {
        ArmRun a = runs.get(0);
        ArmRun b = runs.get(1);
        out.println("uring-lab demo " + demo.name() + ": " + demo.title());
        out.println();
        wrap(out, demo.narration(), "");
        out.println();
        arm(out, "A", a);
        arm(out, "B", b);
        out.println();
        out.println("  step  = both arms, A or B one arm only (where they differ)"
                + (diffOnly ? "; shared stretches folded to one line" : ""));
        out.println();
        List<Row> rows = Alignment.rows(a.steps(), b.steps());
        boolean pausing = true;
        for (int r = 0; r < rows.size(); r++) {
            Row row = rows.get(r);
            String n = String.format("%5d", r + 1);
            if (diffOnly && row.same()) {
                int last = r;
                while (last + 1 < rows.size() && rows.get(last + 1).same()) {
                    last++;
                }
                folded(out, r, last, a.steps().get(row.a()), a.steps().get(rows.get(last).a()));
                r = last;
            } else if (row.same()) {
                Step sa = a.steps().get(row.a());
                Step sb = b.steps().get(row.b());
                out.println(n + " =  " + sa.shown());
                if (sa.change().equals(sb.change())) {
                    wrap(out, sa.change(), INDENT);
                } else {
                    wrap(out, "A: " + sa.change(), INDENT);
                    wrap(out, "B: " + sb.change(), INDENT);
                }
            } else {
                if (row.a() >= 0) {
                    entry(out, n, "A", a.steps().get(row.a()));
                }
                if (row.b() >= 0) {
                    entry(out, row.a() >= 0 ? "     " : n, "B", b.steps().get(row.b()));
                }
            }
            out.flush();
            if (pausing) {
                pausing = pause.getAsBoolean();
            }
        }
        out.println();
        out.println("Counters at the end (* where the arms differ):");
        counters(out, a, b);
        out.println();
        out.println("What to notice:");
        wrap(out, demo.notice(), "  ");
        out.flush();
    }

    private static final String INDENT = "           ";

    /** {@code  A  LABEL  [CONFIGURATION]}, the configuration on a line of its own when both do not fit. */
    private static void arm(PrintWriter out, String letter, ArmRun run) {
        String line = "  " + letter + "  " + run.arm().label() + "  [" + run.arm().configuration() + "]";
        if (line.length() <= WIDTH) {
            out.println(line);
        } else {
            out.println("  " + letter + "  " + run.arm().label());
            out.println("     [" + run.arm().configuration() + "]");
        }
    }

    private static void folded(PrintWriter out, int first, int last, Step from, Step to) {
        String range = first == last ? String.format("%5d", first + 1) : (first + 1) + "-" + (last + 1);
        int count = last - first + 1;
        String what = count == 1 ? "1 step both arms take: " + from.shown()
                : count + " steps both arms take: " + from.shown() + " ... " + to.shown();
        if (what.length() > WIDTH - 9) {
            what = count + " steps both arms take, from " + from.shown();
        }
        if (what.length() > WIDTH - 9) {
            what = count + " steps both arms take";
        }
        out.println(String.format("%5s", range) + " =  " + what);
    }

    private static void entry(PrintWriter out, String n, String arm, Step s) {
        out.println(n + " " + arm + "  " + s.shown());
        wrap(out, s.change(), INDENT);
    }


    private static void counters(PrintWriter out, ArmRun a, ArmRun b) {
        Set<String> names = new LinkedHashSet<>(a.counters().keySet());
        names.addAll(b.counters().keySet());
        int w = names.stream().mapToInt(String::length).max().orElse(8);
        out.printf("    %-" + w + "s %8s %8s%n", "", "A", "B");
        for (String name : names) {
            long va = a.counters().getOrDefault(name, 0L);
            long vb = b.counters().getOrDefault(name, 0L);
            out.printf("  %s %-" + w + "s %8d %8d%n", va != vb ? "*" : " ", name, va, vb);
        }
    }

    private static void wrap(PrintWriter out, String text, String indent) {
        for (String line : wrap(text, WIDTH - indent.length())) {
            out.println(indent + line);
        }
    }

    /** {@code text} broken at spaces into lines of at most {@code width} characters. */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split("\\s+")) {
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        if (!line.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }
}
