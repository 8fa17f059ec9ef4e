package dev.uringlab.reports.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.uringlab.reports.Fixtures;
import dev.uringlab.reports.Reports;
import dev.uringlab.reports.prices.KernelPrices;
import dev.uringlab.reports.prices.SyntheticPrices;
import dev.uringlab.testkit.Chromium;
import dev.uringlab.testkit.Require;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * The report in a real browser: Debian's headless Chromium, driven by Selenium through Debian's
 * chromedriver, loads the page from disk; the charts must render, the console stay clean, no
 * fetch happen, and both colour schemes keep chart text readable. Screenshots go to
 * {@code target/browser-test/}: {@code report-light.png} and {@code report-dark.png} (the whole
 * page), {@code report-top.png} (the first screen). Skipped where the browser is not installed.
 */
class BrowserTest {
    private static final Path OUT = Path.of("target", "browser-test");

    private static Chromium chromium;
    private static ChromeDriver browser;
    private static Path report;

    @BeforeAll
    static void openReportInChromium() throws Exception {
        Require.browser();
        Files.createDirectories(OUT);
        // As on the machine of issue 15: async links at 22 us beside inline ones at tens of ns.
        Path slowAsync = Fixtures.edited(Fixtures.RUN_A, OUT, "run-a-slow-async/jmh.json", r -> {
            if ("true".equals(Fixtures.param(r, "async"))) {
                scale((ObjectNode) r.get("primaryMetric"), 1 / 200.0);
            }
        });
        SyntheticPrices.prices().write(slowAsync.resolveSibling(KernelPrices.NAME));
        report = Reports.write(List.of(slowAsync, Fixtures.RUN_B), Optional.of(Fixtures.RUN_B),
                OUT.resolve("report.html")).file().toAbsolutePath();

        chromium = Chromium.open(1280, 1000);
        browser = chromium.driver();
        browser.get(report.toUri().toString());
    }

    private static void scale(ObjectNode metric, double factor) {
        metric.put("score", metric.get("score").asDouble() * factor);
        metric.put("scoreError", metric.get("scoreError").asDouble() * factor);
        for (JsonNode fork : metric.get("rawData")) {
            for (int i = 0; i < fork.size(); i++) {
                ((ArrayNode) fork).set(i, fork.get(i).asDouble() * factor);
            }
        }
    }

    @AfterAll
    static void closeBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    private static Object js(String script) {
        return browser.executeScript(script);
    }

    @Test
    void shouldRenderEveryChartWithContent() {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> charts = (List<Map<String, Object>>) js("""
                return [...document.querySelectorAll('svg.chart')].map(svg => {
                  const box = svg.getBoundingClientRect();
                  return {id: svg.id, width: box.width, height: box.height,
                          shapes: svg.querySelectorAll('path, rect, line').length,
                          texts: svg.querySelectorAll('text').length};
                });""");
        // forest plot + one head-to-head per benchmark (3) + the cqeArray sweep
        assertThat(charts).hasSize(5);
        assertThat(charts).allSatisfy(c -> {
            assertThat(((Number) c.get("width")).doubleValue()).as("width of %s", c.get("id")).isGreaterThan(300);
            assertThat(((Number) c.get("height")).doubleValue()).as("height of %s", c.get("id")).isGreaterThan(100);
            assertThat(((Number) c.get("shapes")).intValue()).as("shapes in %s", c.get("id")).isGreaterThan(10);
            assertThat(((Number) c.get("texts")).intValue()).as("labels in %s", c.get("id")).isGreaterThan(3);
        });
    }

    /**
     * Linked NOPs: async links (microseconds) beside inline ones (tens of ns). On one linear axis
     * the inline bars were invisible; the chart must use a log axis (labelled so), and every bar
     * must be at least a few pixels long.
     */
    @Test
    void shouldDrawEveryLinkedNopsBarReadablyOnALabelledLogAxis() throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> chart = (Map<String, Object>) js("""
                const svg = document.querySelector("svg.chart[aria-label^='Head-to-head scores of LinkedNopsBenchmark']");
                svg.scrollIntoView();
                const texts = [...svg.querySelectorAll('text')].map(t => t.textContent);
                return {label: svg.getAttribute('aria-label'), log: texts.some(t => t.includes('log scale')),
                        top: svg.getBoundingClientRect().top + window.scrollY, height: svg.getBoundingClientRect().height};""");
        assertThat((String) chart.get("label")).endsWith("(log scale)");
        assertThat((Boolean) chart.get("log")).as("an axis label saying log scale").isTrue();
        Map<String, Object> shot = browser.executeCdpCommand("Page.captureScreenshot", Map.of(
                "format", "png", "captureBeyondViewport", true,
                "clip", Map.of("x", 0, "y", ((Number) chart.get("top")).doubleValue(), "width", 1280,
                        "height", ((Number) chart.get("height")).doubleValue(), "scale", 1)));
        Files.write(OUT.resolve("linked-nops-chart.png"), Base64.getDecoder().decode((String) shot.get("data")));
        assertThat(OUT.resolve("linked-nops-chart.png")).isNotEmptyFile();
    }

    /** Where the time goes: one bar per arm of each priced recipe, its segments visible, its labels inside the drawing. */
    @Test
    void shouldDrawWhereTheTimeGoesForEveryPricedRecipe() {
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> bars = (List<Map<String, Object>>) js("""
                return [...document.querySelectorAll('#kernel-priced svg.step-bars')].map(svg => {
                  const box = svg.getBoundingClientRect();
                  const rects = [...svg.querySelectorAll('rect > title')].map(t => t.parentElement.getBoundingClientRect());
                  const texts = [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect());
                  return {width: box.width, segments: rects.length, narrowest: Math.min(...rects.map(r => r.width)),
                          outside: texts.filter(t => t.left < box.left - 1 || t.right > box.right + 1).length};
                });""");
        assertThat(bars).hasSizeGreaterThanOrEqualTo(2);
        assertThat(bars).allSatisfy(b -> {
            assertThat(((Number) b.get("width")).doubleValue()).isGreaterThan(300);
            assertThat(((Number) b.get("segments")).intValue()).isGreaterThanOrEqualTo(2);
            assertThat(((Number) b.get("narrowest")).doubleValue()).isGreaterThan(0.5);
            assertThat(((Number) b.get("outside")).intValue()).as("labels outside the drawing").isZero();
        });
    }

    @Test
    void shouldFitEveryTableInA1280PixelWindow() {
        @SuppressWarnings("unchecked")
        List<String> overflowing = (List<String>) js("""
                return [...document.querySelectorAll('.table-wrap')]
                  .filter(w => w.querySelector('table').scrollWidth > w.clientWidth + 1)
                  .map(w => w.closest('section').id);""");
        assertThat(overflowing).as("sections whose tables scroll sideways").isEmpty();
    }

    @Test
    void shouldKeepTheConsoleCleanAndFetchNothing() {
        List<LogEntry> entries = browser.manage().logs().get(LogType.BROWSER).getAll();
        assertThat(entries).filteredOn(e -> e.getLevel().intValue() >= Level.WARNING.intValue())
                .as("console warnings and errors").isEmpty();
        assertThat(((Number) js("return performance.getEntriesByType('resource').length")).intValue())
                .as("resources fetched").isZero();
    }

    @Test
    void shouldBeReadableInTheLightAndTheDarkScheme() throws Exception {
        setScheme("light");
        String lightText = (String) js("return getComputedStyle(document.querySelector('svg.chart text')).fill");
        String lightBackground = (String) js("return getComputedStyle(document.documentElement).backgroundColor");
        screenshot(OUT.resolve("report-light.png"));
        Files.write(OUT.resolve("report-top.png"), browser.getScreenshotAs(OutputType.BYTES));
        setScheme("dark");
        String darkText = (String) js("return getComputedStyle(document.querySelector('svg.chart text')).fill");
        String darkBackground = (String) js("return getComputedStyle(document.documentElement).backgroundColor");
        screenshot(OUT.resolve("report-dark.png"));
        setScheme("light");

        assertThat(lightBackground).isEqualTo("rgb(255, 255, 255)");
        assertThat(lightText).isEqualTo("rgb(31, 35, 40)");
        assertThat(darkBackground).isEqualTo("rgb(13, 17, 23)");
        assertThat(darkText).isEqualTo("rgb(230, 237, 243)");
        assertThat(OUT.resolve("report-light.png")).isNotEmptyFile();
    }

    private static void setScheme(String scheme) {
        browser.executeCdpCommand("Emulation.setEmulatedMedia",
                Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", scheme))));
    }

    /** The whole page, not only the viewport (Chrome's DevTools capture beyond the viewport). */
    private static void screenshot(Path file) throws Exception {
        Number height = (Number) js("return document.documentElement.scrollHeight");
        Map<String, Object> shot = browser.executeCdpCommand("Page.captureScreenshot", Map.of(
                "format", "png", "captureBeyondViewport", true,
                "clip", Map.of("x", 0, "y", 0, "width", 1280, "height", height.intValue(), "scale", 1)));
        Files.write(file, Base64.getDecoder().decode((String) shot.get("data")));
        assertThat(new File(file.toString())).exists();
    }
}
