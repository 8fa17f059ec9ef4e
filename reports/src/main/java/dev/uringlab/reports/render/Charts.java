package dev.uringlab.reports.render;

import dev.uringlab.reports.analysis.BenchmarkResults;
import dev.uringlab.reports.analysis.ClaimCheck;
import dev.uringlab.reports.analysis.Estimate;
import dev.uringlab.reports.analysis.Params;
import dev.uringlab.reports.analysis.Row;
import dev.uringlab.reports.analysis.Verdict;
import dev.uringlab.reports.input.Display;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Path2D;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The report's three kinds of chart, drawn by JFreeChart: the head-to-head bars of a benchmark,
 * the sweep of a workload param, the forest plot of the figures. {@link ChartSvg} turns each into
 * the SVG the page inlines, with the theme; {@link WhiskerBarRenderer} draws the bars' intervals.
 */
final class Charts {
    Charts(ChartSvg svg) {
        this.svg = svg;
    }

    private static final double BAR_HEIGHT = 17;
    /** Where the charts become SVG, one numbering of them for the page. */
    private final ChartSvg svg;

    /** Bars further apart than this (largest over smallest) share a chart on a log axis. */
    static final double LOG_SPREAD = 20;
    /** A whisker reaching further than this many times the largest bar is cut, and said in words. */
    static final double WHISKER_LIMIT = 3;

    /**
     * Every strategy's score side by side with its interval as whiskers: one group of bars per
     * workload (and run), one colour per strategy. When the bars differ by more than
     * {@value #LOG_SPREAD}x (22 us async links beside 90 ns inline ones), the value axis is
     * logarithmic and says so, so every bar reads. Whiskers are drawn to their ends; one too
     * long to draw is cut with no end cap, and a note under the chart gives its interval in words.
     */
    String headToHead(BenchmarkResults b) {
        boolean multiRun = b.runs().size() > 1;
        Map<List<String>, Row> cells = new LinkedHashMap<>();
        List<String> categories = new ArrayList<>();
        for (Row r : b.rows()) {
            String category = category(r, multiRun);
            if (!categories.contains(category)) {
                categories.add(category);
            }
            cells.put(List.of(r.strategy(), category), r);
        }
        double maxValue = b.rows().stream().mapToDouble(r -> r.shown().value()).max().orElse(1);
        double minValue = b.rows().stream().mapToDouble(r -> r.shown().value()).filter(v -> v > 0).min().orElse(maxValue);
        boolean log = maxValue / minValue > LOG_SPREAD;
        Scale scale = Scale.of(maxValue, b.display());
        double maxHi = b.rows().stream().map(Row::shown).filter(Estimate::bounded).mapToDouble(Estimate::hi)
                .filter(Double::isFinite).max().orElse(maxValue);
        double upper = (log ? Math.max(maxHi, maxValue) * 1.3 : Math.min(Math.max(maxValue, maxHi) * 1.04, maxValue * WHISKER_LIMIT))
                / scale.divisor();
        double minLo = b.rows().stream().map(Row::shown).mapToDouble(e -> e.bounded() && e.lo() > 0 ? e.lo() : e.value())
                .filter(v -> v > 0).min().orElse(minValue);
        double lower = log ? minLo / 1.5 / scale.divisor() : 0;
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        Map<List<Comparable<?>>, double[]> whiskers = new HashMap<>();
        List<String> cut = new ArrayList<>();
        for (String strategy : b.strategies()) {
            for (String category : categories) {
                Row r = cells.get(List.of(strategy, category));
                if (r != null) {
                    data.addValue(r.shown().value() / scale.divisor(), strategy, category);
                    if (r.shown().bounded()) {
                        whiskers.put(List.of(strategy, category),
                                new double[] {r.shown().lo() / scale.divisor(), r.shown().hi() / scale.divisor()});
                        if (r.shown().hi() / scale.divisor() > upper) {
                            cut.add(strategy + " (" + category + "): " + Format.interval(r.shown()) + " " + b.display().unit());
                        }
                    } else {
                        cut.add(strategy + " (" + category + "): no interval");
                    }
                }
            }
        }
        WhiskerBarRenderer renderer = new WhiskerBarRenderer(whiskers);
        CategoryAxis domain = new CategoryAxis(null);
        domain.setMaximumCategoryLabelWidthRatio(0.28f);
        domain.setMaximumCategoryLabelLines(3);
        domain.setCategoryMargin(0.25);
        ValueAxis range;
        if (log) {
            LogAxis axis = new LogAxis(scale.label() + ", log scale: bars differ over " + (int) LOG_SPREAD + "\u00d7");
            axis.setBase(10);
            axis.setSmallestValue(lower);
            axis.setNumberFormatOverride(new DecimalFormat("0.###"));
            axis.setTickUnit(new NumberTickUnit(Math.log10(upper / lower) >= 2 ? 1 : 0.5)); // decades
            axis.setRange(lower, upper);
            range = axis;
            renderer.setBase(lower);
            renderer.setIncludeBaseInRange(false);
        } else {
            NumberAxis axis = new NumberAxis(scale.label());
            axis.setRange(0, upper);
            range = axis;
        }
        CategoryPlot plot = new CategoryPlot(data, domain, range, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setDomainGridlinesVisible(false);
        JFreeChart chart = ChartSvg.chart(plot);
        for (int i = 0; i < b.strategies().size(); i++) {
            renderer.setSeriesPaint(i, strategyColour(b, i));
        }
        int height = 90 + (int) (categories.size() * (b.strategies().size() * BAR_HEIGHT + 16));
        String drawn = svg.svg(chart, height, "Head-to-head scores of " + b.shortName() + (log ? " (log scale)" : ""));
        return cut.isEmpty() ? drawn : drawn + "<p class='note'>Whiskers cut at the chart's edge (intervals too wide to draw): "
                + Html.escape(String.join("; ", cut)) + ".</p>";
    }

    /** The score against the swept param, one line per strategy (and other workload, and run), with whiskers. */
    String sweep(BenchmarkResults b) {
        String key = b.sweepKey().orElseThrow();
        boolean multiRun = b.runs().size() > 1;
        List<String> others = b.workloadKeys().stream().filter(k -> !k.equals(key)).toList();
        Scale scale = Scale.of(b.rows().stream().mapToDouble(r -> r.shown().value()).max().orElse(1), b.display());
        double upper = axisUpper(b.rows().stream().map(Row::shown).toList()) / scale.divisor();
        Map<String, YIntervalSeries> series = new LinkedHashMap<>();
        Map<String, Integer> seriesStrategy = new HashMap<>();
        Map<String, Integer> seriesVariant = new HashMap<>();
        List<String> variants = new ArrayList<>();
        double minX = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        for (String strategy : b.strategies()) {
            for (Row r : b.rows()) {
                if (!r.strategy().equals(strategy)) {
                    continue;
                }
                List<String> parts = new ArrayList<>(List.of(strategy));
                parts.add(Params.label(r.result().params(), others));
                parts.add(multiRun ? r.run() : "");
                parts.removeIf(String::isEmpty);
                String name = String.join(" \u00b7 ", parts);
                String variant = String.join(" \u00b7 ", parts.subList(1, parts.size()));
                if (!variants.contains(variant)) {
                    variants.add(variant);
                }
                YIntervalSeries s = series.computeIfAbsent(name, YIntervalSeries::new);
                seriesStrategy.put(name, b.strategies().indexOf(strategy));
                seriesVariant.put(name, variants.indexOf(variant));
                double x = Double.parseDouble(r.result().params().get(key));
                minX = Math.min(minX, x);
                maxX = Math.max(maxX, x);
                Estimate e = r.shown();
                double y = e.value() / scale.divisor();
                s.add(x, y, e.bounded() ? e.lo() / scale.divisor() : y, e.bounded() ? Math.min(e.hi() / scale.divisor(), upper) : y);
            }
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        series.values().forEach(data::addSeries);
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDefaultLinesVisible(true);
        renderer.setDefaultShapesVisible(true);
        renderer.setCapLength(7);
        renderer.setErrorStroke(new BasicStroke(1.2f));
        ValueAxis domain = sweepAxis(Params.cli(key), minX, maxX);
        NumberAxis range = new NumberAxis(scale.label());
        range.setRange(0, upper);
        XYPlot plot = new XYPlot(data, domain, range, renderer);
        JFreeChart chart = ChartSvg.chart(plot);
        int i = 0;
        for (String name : series.keySet()) {
            renderer.setSeriesPaint(i, strategyColour(b, seriesStrategy.get(name)));
            renderer.setSeriesStroke(i, stroke(seriesVariant.get(name)));
            renderer.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-4, -4, 8, 8));
            i++;
        }
        return svg.svg(chart, 420, "Sweep of " + key + " for " + b.shortName());
    }

    /**
     * The summary as a forest plot: per author's figure, the measured speed-up with its
     * interval (coloured by verdict) and the author's ratio (a diamond), on a log scale with 1x marked.
     */
    String forest(List<ClaimCheck> checks, boolean multiRun) {
        String[] labels = new String[checks.size()];
        List<Double> values = new ArrayList<>(List.of(1.0));
        for (int i = 0; i < checks.size(); i++) {
            ClaimCheck c = checks.get(i);
            labels[i] = c.claim().seed() + " \u00b7 " + c.figure().label() + (multiRun ? c.run().map(r -> " \u00b7 " + r).orElse("") : "");
            values.add(c.figure().authorRatio());
            c.measured().ifPresent(m -> {
                values.add(m.value());
                if (m.bounded()) {
                    values.add(m.lo());
                    values.add(m.hi());
                }
            });
        }
        double lo = Math.max(1 / 16.0, values.stream().filter(v -> v > 0 && Double.isFinite(v)).min(Double::compare).orElse(1.0) / 1.25);
        double hi = Math.min(32, values.stream().filter(Double::isFinite).max(Double::compare).orElse(1.0) * 1.25);
        lo = Math.min(lo, 0.8);
        hi = Math.max(hi, 2.5);
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        List<Verdict> shown = new ArrayList<>();
        for (Verdict v : java.util.Arrays.stream(Verdict.values()).filter(Verdict::measured).toList()) {
            YIntervalSeries s = new YIntervalSeries("measured: " + v.label());
            for (int i = 0; i < checks.size(); i++) {
                ClaimCheck c = checks.get(i);
                if (c.verdict() == v && c.measured().isPresent()) {
                    Estimate m = c.measured().get();
                    double y = clamp(m.value(), lo, hi);
                    s.add(i, y, m.bounded() ? clamp(m.lo(), lo, hi) : y, m.bounded() ? clamp(m.hi(), lo, hi) : y);
                }
            }
            if (s.getItemCount() > 0) {
                data.addSeries(s);
                shown.add(v);
            }
        }
        YIntervalSeries author = new YIntervalSeries("author's figure");
        for (int i = 0; i < checks.size(); i++) {
            double a = checks.get(i).figure().authorRatio();
            author.add(i, a, a, a);
        }
        data.addSeries(author);
        XYErrorRenderer renderer = new XYErrorRenderer();
        renderer.setDrawXError(false);
        renderer.setDefaultLinesVisible(false);
        renderer.setDefaultShapesVisible(true);
        renderer.setCapLength(8);
        renderer.setErrorStroke(new BasicStroke(2.2f));
        SymbolAxis rows = new SymbolAxis(null, labels);
        rows.setInverted(true);
        rows.setGridBandsVisible(false);
        rows.setRange(-0.6, checks.size() - 0.4);
        LogAxis ratio = new LogAxis("speed-up, patched over baseline (log scale)");
        ratio.setBase(2);
        ratio.setSmallestValue(1 / 64.0);
        ratio.setTickUnit(new NumberTickUnit(1));
        ratio.setNumberFormatOverride(new DecimalFormat("0.##\u00d7"));
        ratio.setRange(lo, hi);
        XYPlot plot = new XYPlot(data, rows, ratio, renderer);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        plot.setDomainGridlinesVisible(false);
        ValueMarker one = new ValueMarker(1.0, ChartSvg.MUTED, new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {4, 3}, 0));
        plot.addRangeMarker(one);
        JFreeChart chart = ChartSvg.chart(plot);
        for (int i = 0; i < shown.size(); i++) {
            renderer.setSeriesPaint(i, Palette.verdict(shown.get(i)));
            renderer.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-5, -5, 10, 10));
        }
        renderer.setSeriesPaint(shown.size(), ChartSvg.FG);
        renderer.setSeriesShape(shown.size(), diamond(7));
        renderer.setSeriesShapesFilled(shown.size(), false);
        return svg.svg(chart, 90 + 28 * checks.size(), "Measured speed-up against the author's, per figure");
    }

    private static String category(Row r, boolean multiRun) {
        String w = r.workload().isEmpty() ? "" : r.workload();
        if (multiRun) {
            return w.isEmpty() ? r.run() : w + " \u00b7 " + r.run();
        }
        return w.isEmpty() ? "all" : w;
    }

    private static Color strategyColour(BenchmarkResults b, int index) {
        boolean withReference = b.rows().stream().anyMatch(Row::reference);
        return Palette.color(index, withReference);
    }

    /** An axis that shows the bars whole and most whiskers, without letting one huge interval squash the bars. */
    private static double axisUpper(List<Estimate> scores) {
        double maxValue = scores.stream().mapToDouble(Estimate::value).max().orElse(1);
        double maxHi = scores.stream().filter(Estimate::bounded).mapToDouble(Estimate::hi).filter(Double::isFinite).max().orElse(maxValue);
        return Math.min(Math.max(maxValue, maxHi), maxValue * 1.6) * 1.05;
    }

    /** The swept param's axis: powers of two when the values span a factor of 4 or more (8, 16, 32...), else linear. */
    private static ValueAxis sweepAxis(String label, double min, double max) {
        DecimalFormat plain = new DecimalFormat("0.###");
        if (min > 0 && max / min >= 4) {
            LogAxis axis = new LogAxis(label);
            axis.setBase(2);
            axis.setNumberFormatOverride(plain);
            if (Math.log(max / min) / Math.log(2) <= 12) {
                axis.setTickUnit(new NumberTickUnit(1));
            }
            axis.setRange(min / 1.2, max * 1.2);
            return axis;
        }
        NumberAxis axis = new NumberAxis(label);
        axis.setNumberFormatOverride(plain);
        axis.setAutoRangeIncludesZero(false);
        return axis;
    }

    private static Stroke stroke(int variant) {
        float[][] dashes = {null, {6, 4}, {2, 3}, {8, 3, 2, 3}};
        float[] dash = dashes[variant % dashes.length];
        return dash == null ? new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
                : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10, dash, 0);
    }

    private static Shape diamond(double r) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(0, -r);
        p.lineTo(r, 0);
        p.lineTo(0, r);
        p.lineTo(-r, 0);
        p.closePath();
        return p;
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    /** The SI scale of a chart's value axis, e.g. {@code M ops/s}. */
    private record Scale(double divisor, String label) {
        static Scale of(double max, Display display) {
            if (display == Display.NS_PER_OP) {
                return new Scale(1, "ns/op (lower is faster)");
            }
            String[] prefixes = {"", "k", "M", "G"};
            int p = 0;
            double d = 1;
            while (max / d >= 1000 && p < prefixes.length - 1) {
                d *= 1000;
                p++;
            }
            return new Scale(d, prefixes[p] + "ops/s (higher is faster)");
        }
    }
}
