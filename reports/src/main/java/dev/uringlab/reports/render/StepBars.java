package dev.uringlab.reports.render;

import dev.uringlab.reports.prices.PricedRatios;
import java.util.List;
import java.util.Locale;

/**
 * Where the time goes, per arm of a recipe: one horizontal bar per arm, its length the arm's
 * predicted nanoseconds per operation, stacked by kind of step (steps per operation times the
 * kind's price), on one scale for both arms, so the patch's saving is the difference in length
 * and its colour says which kind of step it came from. Plain SVG text, every label escaped.
 */
final class StepBars {
    /** One colour per step kind, in the recipes' kind order (call, locked, fence, irq, rcu, shared-write, slab-alloc, slab-free, syscall, wakeup, list). */
    private static final List<String> COLOURS = List.of("#4c8bd6", "#e15759", "#f28e2b", "#b07ad1", "#3faf6a", "#2fb5b0",
            "#d4b12f", "#9c755f", "#8a94a6", "#ff8db7", "#6b6ecf");
    private static final int LABEL = 230;
    private static final int BAR = 420;
    private static final int ROW = 30;

    private StepBars() {
    }

    /** The chart of {@code priced}'s arms, {@code kinds} in the prices' order. */
    static String svg(PricedRatios.Priced priced, List<String> kinds) {
        List<PricedRatios.ArmTime> arms = priced.arms();
        double max = arms.stream().mapToDouble(PricedRatios.ArmTime::ns).max().orElse(1);
        int legendRows = (kinds.size() + 5) / 6;
        int height = 10 + arms.size() * ROW + 10 + legendRows * 18;
        int width = LABEL + BAR + 90;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"step-bars\" viewBox=\"0 0 %d %d\""
                + " width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">", width, height, width, height,
                escape("where the time goes, " + priced.race().race())));
        for (int i = 0; i < arms.size(); i++) {
            PricedRatios.ArmTime arm = arms.get(i);
            int y = 10 + i * ROW;
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" class=\"bar-label\">%s</text>",
                    LABEL - 8, y + 15, escape(arm.id() + " " + arm.label())));
            double x = LABEL;
            for (int k = 0; k < arm.byKind().length; k++) {
                double w = max > 0 ? BAR * arm.byKind()[k] / max : 0;
                if (w <= 0) {
                    continue;
                }
                s.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"20\" fill=\"%s\">"
                        + "<title>%s</title></rect>", x, y, w, colour(k), escape(String.format(Locale.ROOT, "%s %s: %.1f ns/op",
                        arm.id(), kinds.get(k), arm.byKind()[k]))));
                x += w;
            }
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"bar-value\">%s</text>", x + 6, y + 15,
                    escape(String.format(Locale.ROOT, "%.1f ns/op", arm.ns()))));
        }
        int y0 = 10 + arms.size() * ROW + 10;
        for (int k = 0; k < kinds.size(); k++) {
            int lx = 10 + (k % 6) * 110;
            int ly = y0 + (k / 6) * 18;
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%d\" class=\"legend\">%s</text>", lx, ly, colour(k), lx + 14, ly + 9, escape(kinds.get(k))));
        }
        return s.append("</svg>").toString();
    }

    private static String colour(int kind) {
        return COLOURS.get(kind % COLOURS.size());
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
