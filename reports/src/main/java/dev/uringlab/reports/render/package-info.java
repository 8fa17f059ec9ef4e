/**
 * The report's outputs: the HTML page ({@link dev.uringlab.reports.render.HtmlReport}, through
 * the mustache template {@code report.mustache}, which escapes every value) with inline SVG
 * charts drawn by JFreeChart into JFreeSVG, and the plain-text summary
 * ({@link dev.uringlab.reports.render.TextSummary}). What both show is built once: the warnings
 * about the run ({@code RunWarnings}) and how each figure's forks settled ({@code ForkTable}).
 *
 * <p>The page is one file with no external resource: inline CSS, inline SVG, no script, no
 * font or image fetched, and a Content-Security-Policy that forbids any fetch. Its colours
 * follow {@code prefers-color-scheme}; the charts draw text, axes and grid in CSS variables
 * so they follow it too.
 *
 * <p>May not: read files or compute statistics: it formats an
 * {@link dev.uringlab.reports.analysis.Analysis}.
 */
package dev.uringlab.reports.render;
