package dev.uringlab.reports.render;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Map;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.CategoryItemRendererState;
import org.jfree.data.category.CategoryDataset;

/** A bar renderer that also draws each bar's interval as a whisker, asymmetric ends allowed (ns/op intervals are). */
final class WhiskerBarRenderer extends BarRenderer {
    private static final long serialVersionUID = 1L;
    private final transient Map<List<Comparable<?>>, double[]> whiskers;

    WhiskerBarRenderer(Map<List<Comparable<?>>, double[]> whiskers) {
        this.whiskers = whiskers;
        setItemMargin(0.06);
        setDrawBarOutline(false);
        setShadowVisible(false);
    }

    @Override
    public void drawItem(Graphics2D g2, CategoryItemRendererState state, Rectangle2D dataArea, CategoryPlot plot,
                         CategoryAxis domainAxis, ValueAxis rangeAxis, CategoryDataset dataset, int row, int column,
                         int pass) {
        super.drawItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column, pass);
        double[] ends = whiskers.get(List.of(dataset.getRowKey(row), dataset.getColumnKey(column)));
        int visibleRow = state.getVisibleSeriesIndex(row);
        if (ends == null || visibleRow < 0) {
            return;
        }
        PlotOrientation orientation = plot.getOrientation();
        double mid = calculateBarW0(plot, orientation, dataArea, domainAxis, state, visibleRow, column) + state.getBarWidth() / 2;
        double top = rangeAxis.getUpperBound();
        double lo = rangeAxis.valueToJava2D(ends[0], dataArea, plot.getRangeAxisEdge());
        double hi = rangeAxis.valueToJava2D(Math.min(ends[1], top), dataArea, plot.getRangeAxisEdge());
        double cap = Math.min(5, state.getBarWidth() / 3);
        g2.setPaint(ChartSvg.FG);
        g2.setStroke(new BasicStroke(1.2f));
        line(g2, orientation, lo, mid, hi, mid);
        line(g2, orientation, lo, mid - cap, lo, mid + cap);
        if (ends[1] <= top) {
            line(g2, orientation, hi, mid - cap, hi, mid + cap);
        }
    }

    /** A line given as (value coordinate, category coordinate) pairs. */
    private static void line(Graphics2D g2, PlotOrientation o, double v1, double c1, double v2, double c2) {
        g2.draw(o == PlotOrientation.HORIZONTAL ? new Line2D.Double(v1, c1, v2, c2) : new Line2D.Double(c1, v1, c2, v2));
    }
}
