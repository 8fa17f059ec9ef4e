package dev.uringlab.reports.render;

import dev.uringlab.reports.prices.PricedRatios;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the time goes, per arm of a recipe: one horizontal bar per arm, its length the arm's
 * predicted nanoseconds per operation, stacked by kind of step (steps per operation times the
 * kind's price), on one scale for both arms, so the patch's saving is the difference in length
 * and its colour says which kind of step it came from. Plain SVG text, every label escaped.
 */
final class StepBars {
    /** One colour per step kind, the same in every chart whatever kinds a prices file has. */
    private static final Map<String, String> COLOURS = Map.ofEntries(Map.entry("call", "#4c8bd6"), Map.entry("locked", "#e15759"),
            Map.entry("fence", "#f28e2b"), Map.entry("irq", "#b07ad1"), Map.entry("rcu", "#3faf6a"), Map.entry("shared-write", "#2fb5b0"),
            Map.entry("slab-alloc", "#d4b12f"), Map.entry("slab-free", "#9c755f"), Map.entry("syscall", "#8a94a6"),
            Map.entry("wakeup", "#ff8db7"), Map.entry("list", "#6b6ecf"), Map.entry("sock", "#8c6d31"), Map.entry("request", "#c7a46b"),
            Map.entry("cqe", "#7fb3e6"));
    private static final String OTHER = "#59636e";
    private static final int LABEL = 230;
    private static final int BAR = 420;
    private static final int ROW = 30;

    private StepBars() {
    }

    /** The chart of {@code priced}'s arms, {@code kinds} in the prices' order. */
    static String svg(PricedRatios.Priced priced, List<String> kinds) {
        List<PricedRatios.ArmTime> arms = priced.arms();
        double max = arms.stream().mapToDouble(PricedRatios.ArmTime::ns).max().orElse(1);
        List<Integer> shown = java.util.stream.IntStream.range(0, kinds.size())
                .filter(k -> arms.stream().anyMatch(a -> a.byKind()[k] > 0)).boxed().toList();
        int legendRows = (shown.size() + 5) / 6;
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
                        + "<title>%s</title></rect>", x, y, w, colour(kinds.get(k)), escape(String.format(Locale.ROOT, "%s %s: %.1f ns/op",
                        arm.id(), kinds.get(k), arm.byKind()[k]))));
                x += w;
            }
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"bar-value\">%s</text>", x + 6, y + 15,
                    escape(String.format(Locale.ROOT, "%.1f ns/op", arm.ns()))));
        }
        int y0 = 10 + arms.size() * ROW + 10;
        for (int i = 0; i < shown.size(); i++) {
            String kind = kinds.get(shown.get(i));
            int lx = 10 + (i % 6) * 110;
            int ly = y0 + (i / 6) * 18;
            s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%d\" class=\"legend\">%s</text>", lx, ly, colour(kind), lx + 14, ly + 9, escape(kind)));
        }
        return s.append("</svg>").toString();
    }

    private static String colour(String kind) {
        return COLOURS.getOrDefault(kind, OTHER);
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
