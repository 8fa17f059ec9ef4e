package dev.uringlab.reports.render;

import dev.uringlab.reports.analysis.Estimate;
import dev.uringlab.reports.analysis.Params;
import dev.uringlab.reports.input.Clock;
import dev.uringlab.reports.input.PairedRace;
import dev.uringlab.reports.input.Slice;
import java.awt.BasicStroke;
import java.awt.geom.Ellipse2D;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * One paired race's slices over time, so that a reader sees the machine's phases cancel: above,
 * each arm's raw rate in every slice (they rise and fall together with the machine); below, the
 * ratio of every neighbouring pair, which stays level through the phases, and the race's paired
 * ratio as a line; every rate on the race's clock ({@link PairedRace#clock}). Forks are laid end
 * to end. At most {@value #MAX_SLICES} slices are drawn (the first forks whole), which keeps the
 * page small.
 */
final class SliceChart {
    /** The most slices drawn. */
    static final int MAX_SLICES = 1600;

    private SliceChart() {
    }

    /** The chart of {@code race}, whose paired ratio is {@code ratio}. */
    static String of(ChartSvg svg, PairedRace race, Estimate ratio) {
        XYSeries a = new XYSeries("a: " + label(race.a(), race.b()), false);
        XYSeries b = new XYSeries("b: " + label(race.b(), race.a()), false);
        XYSeries pairs = new XYSeries("b / a, each neighbouring pair", false);
        double offset = 0;
        int drawn = 0;
        Clock clock = race.clock();
        for (List<Slice> fork : race.forks()) {
            if (drawn + fork.size() > MAX_SLICES && drawn > 0) {
                break;
            }
            for (int i = 0; i < fork.size(); i++) {
                Slice s = fork.get(i);
                double t = offset + s.startNanos() / 1e9;
                (s.arm() == PairedRace.A ? a : b).add(t, s.rate(clock) / 1e6);
                if (i % 2 == 1 && fork.get(i - 1).arm() != s.arm()) {
                    Slice x = fork.get(i - 1);
                    double r = s.arm() == PairedRace.B ? s.rate(clock) / x.rate(clock) : x.rate(clock) / s.rate(clock);
                    pairs.add(offset + x.startNanos() / 1e9, r);
                }
            }
            drawn += fork.size();
            Slice last = fork.getLast();
            offset += (last.startNanos() + last.nanos()) / 1e9 + 0.5;
        }
        NumberAxis time = new NumberAxis("seconds of measurement, forks end to end");
        NumberAxis rates = new NumberAxis(clock.axis());
        rates.setAutoRangeIncludesZero(true);
        XYPlot top = new XYPlot(new XYSeriesCollection(a), null, rates, dots(0));
        top.setDataset(1, new XYSeriesCollection(b));
        top.setRenderer(1, dots(1));
        NumberAxis ratioAxis = new NumberAxis("b / a");
        ratioAxis.setAutoRangeIncludesZero(false);
        XYPlot bottom = new XYPlot(new XYSeriesCollection(pairs), null, ratioAxis, dots(2));
        Optional.of(ratio).filter(Estimate::bounded).ifPresent(e -> {
            ValueMarker line = new ValueMarker(e.value());
            line.setStroke(new BasicStroke(1.5f));
            line.setPaint(Palette.color(0, true));
            bottom.addRangeMarker(line);
        });
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        plot.add(top, 3);
        plot.add(bottom, 2);
        plot.setGap(12);
        String title = "slices of " + race.benchmark() + " over time: each arm's rate, and each neighbouring pair's ratio";
        return svg.svg(ChartSvg.chart(plot), 520, title);
    }

    private static XYLineAndShapeRenderer dots(int colour) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        r.setSeriesShape(0, new Ellipse2D.Double(-1.5, -1.5, 3, 3));
        r.setSeriesPaint(0, Palette.color(colour, true));
        return r;
    }

    /** The arm's params that differ from the other arm's, or all of them in an A/A race. */
    private static String label(Map<String, String> arm, Map<String, String> other) {
        List<String> keys = arm.keySet().stream().filter(k -> !arm.get(k).equals(other.get(k))).toList();
        return Params.label(arm, keys.isEmpty() ? arm.keySet() : keys);
    }
}
