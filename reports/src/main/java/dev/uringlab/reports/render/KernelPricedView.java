package dev.uringlab.reports.render;

import dev.uringlab.reports.analysis.Analysis;
import dev.uringlab.reports.analysis.ClaimCheck;
import dev.uringlab.reports.analysis.Estimate;
import dev.uringlab.reports.prices.KernelPrices;
import dev.uringlab.reports.prices.PricedRatios;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The report's kernel-priced section (DESIGN.md, "Measuring"), from the prices file beside the
 * run: per author's figure, the ratio the kernel prices predict from its recipe's arms beside the
 * author's figure and the JVM's measured ratio; per recipe, where each arm's time goes (steps times
 * price, by kind, {@link StepBars}); the price table with its leave-one-out check; and what the
 * prediction assumes. The same rows serve the page and the terminal ({@link #text}).
 *
 * @param assumes  what the prediction assumes ({@link KernelPrices#ASSUMES})
 * @param kernel   the kernel the prices are of, and when and where they were fitted
 * @param worstLoo the calibration's worst leave-one-out error, as a percentage
 * @param looMet   whether every leave-one-out prediction is within 15%
 * @param figures  one row per figure and run
 * @param bars     one chart per recipe that prices a figure
 * @param prices   one row per kind
 * @param loo      one row per calibration workload
 */
public record KernelPricedView(String assumes, String kernel, String worstLoo, boolean looMet, List<FigureRow> figures,
                               List<Bars> bars, List<PriceRow> prices, List<LooRow> loo) {
    /** The bar every leave-one-out prediction must meet. */
    static final double LOO_BAR = 0.15;

    /** One figure: the author's ratio, the JVM's, the kernel-priced one, and the recipe's note. */
    public record FigureRow(String seed, String figure, String run, String author, String jvm, String jvmInterval, String priced,
                            String pricedInterval, String race, String note) {
    }

    /** One recipe's where-the-time-goes chart. */
    public record Bars(String race, String title, String svg) {
    }

    /** One kind's price. */
    public record PriceRow(String kind, String price, String interval, String apart, String note) {
    }

    /** One calibration workload's leave-one-out check. */
    public record LooRow(String workload, String measured, String predicted, String error, boolean over) {
    }

    /** The section for {@code a}, or empty when the run has no prices file. */
    public static Optional<KernelPricedView> of(Analysis a) {
        if (a.prices().isEmpty()) {
            return Optional.empty();
        }
        KernelPrices p = a.prices().get();
        List<FigureRow> figures = new ArrayList<>();
        Map<String, PricedRatios.Priced> byRace = new LinkedHashMap<>();
        for (ClaimCheck c : a.checks()) {
            StringBuilder why = new StringBuilder();
            Optional<PricedRatios.Priced> priced = PricedRatios.of(c.claim(), c.figure(), p, why);
            priced.ifPresent(x -> byRace.putIfAbsent(x.race().race(), x));
            figures.add(new FigureRow(c.claim().seed(), c.figure().label(), c.run().orElse("-"), Format.ratio(c.figure().authorRatio()),
                    c.measured().map(m -> Format.ratio(m.value())).orElse("-"), c.measured().map(Format::ratioInterval).orElse("-"),
                    priced.map(x -> Format.ratio(x.ratio())).orElse("-"),
                    priced.map(x -> Format.ratioInterval(new Estimate(x.ratio(), x.low(), x.high()))).orElse("-"),
                    priced.map(x -> x.race().race()).orElse("-"), priced.map(PricedRatios.Priced::note).orElse(why.toString())));
        }
        List<Bars> bars = byRace.values().stream()
                .map(x -> new Bars(x.race().race(), x.race().title(), StepBars.svg(x, p.kinds()))).toList();
        List<PriceRow> prices = new ArrayList<>();
        for (int k = 0; k < p.kinds().size(); k++) {
            boolean priced = p.priced(k);
            prices.add(new PriceRow(p.kinds().get(k), priced ? ns(p.prices()[k]) : "-",
                    priced ? "[" + ns(p.low()[k]) + ", " + ns(p.high()[k]) + "]" : "-",
                    priced ? String.format(Locale.ROOT, "%.1f%%", 100 * p.apart()[k]) : "-",
                    !priced ? "no calibration workload takes it: left out of every prediction"
                            : p.separable(k) ? "" : "moves only with other kinds: priced as part of their bundle"));
        }
        List<LooRow> loo = p.workloads().stream().map(w -> new LooRow(w.name(), ns(w.measuredNs()), ns(w.looNs()),
                String.format(Locale.ROOT, "%+.1f%%", 100 * w.looError()), Math.abs(w.looError()) > LOO_BAR)).toList();
        return Optional.of(new KernelPricedView(p.assumes(), p.provenance(), String.format(Locale.ROOT, "%.1f%%", 100 * p.worstLooError()),
                p.worstLooError() <= LOO_BAR, figures, bars, prices, loo));
    }

    private static String ns(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.0f ns" : "%.1f ns", v);
    }

    /** The section as text for the terminal, or nothing when the run has no prices file. */
    static void text(Analysis a, StringBuilder out) {
        Optional<KernelPricedView> view = of(a);
        if (view.isEmpty()) {
            return;
        }
        KernelPricedView v = view.get();
        out.append("\nKernel-priced ratio: what the prices of ").append(v.kernel()).append(" predict from each arm's recipe steps\n")
                .append("(worst leave-one-out error of the calibration ").append(v.worstLoo())
                .append(v.looMet() ? ", within 15%" : ", OVER the 15% bar: read the predictions as rough").append("):\n\n");
        List<List<String>> rows = new ArrayList<>();
        boolean multiRun = a.runs().size() > 1;
        List<String> header = new ArrayList<>(List.of("seed", "figure"));
        if (multiRun) {
            header.add("run");
        }
        header.addAll(List.of("author", "JVM", "kernel-priced", "95% over prices", "recipe", "note"));
        rows.add(header);
        for (FigureRow f : v.figures()) {
            List<String> row = new ArrayList<>(List.of(f.seed(), f.figure()));
            if (multiRun) {
                row.add(f.run());
            }
            row.addAll(List.of(TextSummary.ascii(f.author()), TextSummary.ascii(f.jvm()), TextSummary.ascii(f.priced()),
                    TextSummary.ascii(f.pricedInterval()), f.race(), f.note()));
            rows.add(row);
        }
        TextSummary.tableWithNotes(rows, out);
        for (String line : TextSummary.wrap("Assumes: " + v.assumes(), TextSummary.WIDTH)) {
            out.append(line).append('\n');
        }
    }
}
