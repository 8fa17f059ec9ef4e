package dev.uringlab.reports.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/**
 * Where the report's charts become SVG (JFreeSVG), inlined in the page: no image files, no
 * scripts. Text, axes and grid are drawn in stand-in colours ({@link #FG}, {@link #GRID},
 * {@link #MUTED}) that become CSS variables in the SVG, so the page's light or dark scheme colours
 * the charts too. Text from the JSON reaches the SVG only through JFreeSVG's drawString, which
 * escapes it. One instance numbers the charts of one page ({@code chart1}, {@code chart2}...).
 */
final class ChartSvg {
    /** Chart width in SVG user units; the page scales charts to its column. */
    static final int WIDTH = 1000;
    /** The text colour's stand-in: {@code var(--fg)}. */
    static final Color FG = new Color(1, 2, 3);
    /** The grid's stand-in: {@code var(--grid)}. */
    static final Color GRID = new Color(4, 5, 6);
    /** The muted colour's stand-in: {@code var(--muted)}. */
    static final Color MUTED = new Color(7, 8, 9);
    private static final Map<String, String> CSS_COLOURS = Map.of(
            "rgb(1,2,3)", "var(--fg)", "rgb(4,5,6)", "var(--grid)", "rgb(7,8,9)", "var(--muted)");
    private static final Color CLEAR = new Color(0, 0, 0, 0);
    private static final StandardChartTheme THEME = theme();

    private int charts;

    /** A chart of {@code plot} in the report's theme, its legend on top. */
    static JFreeChart chart(Plot plot) {
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        THEME.apply(chart);
        chart.setPadding(new RectangleInsets(4, 4, 4, 12));
        LegendTitle legend = chart.getLegend();
        legend.setFrame(BlockBorder.NONE);
        legend.setPosition(RectangleEdge.TOP);
        legend.setItemLabelPadding(new RectangleInsets(2, 4, 2, 12));
        return chart;
    }

    /**
     * {@code chart} as an SVG element for the page, {@value #WIDTH} wide and {@code height} high,
     * its stand-in colours turned into the page's CSS variables and {@code title} its accessible
     * name; a note in its place where the machine has no fonts to measure text with.
     */
    String svg(JFreeChart chart, int height, String title) {
        String id = "chart" + (++charts);
        SVGGraphics2D g = new SVGGraphics2D(WIDTH, height);
        g.setDefsKeyPrefix(id + "-");
        g.setGeomDoubleConverter(ChartSvg::twoPlaces);
        g.setTransformDoubleConverter(ChartSvg::twoPlaces);
        try {
            chart.draw(g, new Rectangle(0, 0, WIDTH, height));
        } catch (RuntimeException | InternalError | LinkageError e) {
            // AWT measures text with the system's fonts; a machine without fontconfig fonts
            // (a slim container) cannot, and the report keeps its tables rather than failing.
            return "<p class='note'>" + Html.escape(title) + ": chart not drawn (" + Html.escape(String.valueOf(e))
                    + "); install fonts (e.g. Debian's fonts-dejavu-core) to get the charts.</p>";
        }
        String svg = g.getSVGElement(id, false, new ViewBox(0, 0, WIDTH, height), null, null);
        // The page inlines the SVG in HTML, where namespace declarations are implied: drop them.
        svg = svg.replaceFirst("^<svg ([^>]*)>", "<svg " + rootAttributes(id, height, title) + ">");
        for (Map.Entry<String, String> c : CSS_COLOURS.entrySet()) {
            svg = svg.replace(c.getKey(), c.getValue());
        }
        return svg;
    }

    private static String rootAttributes(String id, int height, String title) {
        return "id='" + id + "' class='chart' role='img' aria-label='" + Html.escape(title)
                + "' viewBox='0 0 " + WIDTH + " " + height + "' width='" + WIDTH + "' height='" + height + "'";
    }

    private static String twoPlaces(double d) {
        return String.format(Locale.ROOT, "%.2f", d).replaceFirst("\\.?0+$", "");
    }

    private static StandardChartTheme theme() {
        StandardChartTheme t = new StandardChartTheme("uring-lab", false);
        Font regular = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
        t.setExtraLargeFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        t.setLargeFont(regular);
        t.setRegularFont(regular);
        t.setSmallFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        t.setChartBackgroundPaint(CLEAR);
        t.setPlotBackgroundPaint(CLEAR);
        t.setPlotOutlinePaint(CLEAR);
        t.setLegendBackgroundPaint(CLEAR);
        t.setLegendItemPaint(FG);
        t.setAxisLabelPaint(FG);
        t.setTickLabelPaint(FG);
        t.setItemLabelPaint(FG);
        t.setDomainGridlinePaint(GRID);
        t.setRangeGridlinePaint(GRID);
        t.setBaselinePaint(MUTED);
        t.setErrorIndicatorPaint(FG);
        t.setBarPainter(new StandardBarPainter());
        t.setShadowVisible(false);
        t.setAxisOffset(new RectangleInsets(2, 2, 2, 2));
        return t;
    }
}
