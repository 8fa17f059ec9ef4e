package dev.uringlab.demos.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.demos.Alignment;
import dev.uringlab.demos.Alignment.Row;
import dev.uringlab.demos.ArmRun;
import dev.uringlab.demos.Demo;
import dev.uringlab.demos.DemoFailedException;
import dev.uringlab.demos.Demos;
import dev.uringlab.demos.Replay;
import dev.uringlab.demos.Snapshot;
import dev.uringlab.testkit.Chromium;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * Every demo's page in a real browser (Debian's headless Chromium through chromedriver, as
 * reports' BrowserTest drives it): the page is stepped with its keys and buttons and through
 * every row, and at each row the drawn state of both arms (SQ head and tail, CQ head and tail,
 * the CQEs the application can read, the completion lock's holder) must be the state the trace
 * gives for that row, and the bytes waiting in each pipe and socket end. The console stays clean and nothing is fetched, and the page follows the
 * light and dark schemes; screenshots of one page, whole, go to {@code target/browser-test/}.
 * Skipped where the browser is not installed.
 */
class DemoPageBrowserTest {
    static final List<String> NAMES = Demos.NAMES;
    private static final Path OUT = Path.of("target", "browser-test");
    /** The demo whose page is photographed, whole, in both schemes (README's screenshot is of its page). */
    private static final String SCREENSHOT = "batched-cqe";

    private static Chromium chromium;
    private static ChromeDriver browser;

    @BeforeAll
    static void openChromium() throws IOException {
        chromium = Chromium.open(1400, 1000);
        browser = chromium.driver();
        Files.createDirectories(OUT);
    }

    @AfterAll
    static void closeChromium() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    /** A demo's two arms as replayed, and the rows of their alignment. */
    private record Opened(List<ArmRun> runs, List<Row> rows) {
    }

    /** Replays demo {@code name}, writes its page under {@code target/browser-test/} and opens it in the browser. */
    private static Opened open(String name) throws DemoFailedException {
        Demo demo = Demos.find(name).orElseThrow();
        List<ArmRun> runs = Replay.run(demo);
        Path page = DemoPage.write(demo, runs, OUT.resolve(name + ".html")).toAbsolutePath();
        browser.get(page.toUri().toString());
        return new Opened(runs, Alignment.rows(runs.get(0).steps(), runs.get(1).steps()));
    }

    @ParameterizedTest(name = "{0}")
    @FieldSource("NAMES")
    void shouldDrawTheTracedStateOfBothArmsAtEveryStep(String name) throws Exception {
        Opened opened = open(name);
        List<ArmRun> runs = opened.runs();
        List<Row> rows = opened.rows();

        assertThat(number("return window.uringlabDemo.rows")).isEqualTo(rows.size());
        assertDrawn(name, runs, rows, 0);

        // The keys and the buttons: one step forward and back, the last and the first.
        browser.findElement(By.tagName("body")).sendKeys(Keys.ARROW_RIGHT);
        assertDrawn(name, runs, rows, 1);
        browser.findElement(By.id("forward")).click();
        assertDrawn(name, runs, rows, 2);
        browser.findElement(By.tagName("body")).sendKeys(Keys.ARROW_LEFT);
        assertDrawn(name, runs, rows, 1);
        browser.findElement(By.id("back")).click();
        assertDrawn(name, runs, rows, 0);
        browser.findElement(By.tagName("body")).sendKeys(Keys.END);
        assertDrawn(name, runs, rows, rows.size() - 1);
        browser.findElement(By.id("first")).click();
        assertDrawn(name, runs, rows, 0);

        // Every row, drawn in one round trip: the page steps itself and reads back what it drew.
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> drawn = (List<Map<String, Object>>) browser.executeScript("""
                const out = [];
                for (let r = 0; r < window.uringlabDemo.rows; r++) {
                  window.uringlabDemo.go(r);
                  for (const k of [0, 1]) out.push(%s);
                }
                return out;""".formatted(DRAWN));
        for (int r = 0; r < rows.size(); r++) {
            for (int k = 0; k < 2; k++) {
                assertArm(name, runs, rows, r, k, drawn.get(2 * r + k));
            }
        }

        browser.executeScript("window.uringlabDemo.go(arguments[0])", rows.size() / 2);
        setScheme("dark");
        String dark = (String) browser.executeScript("return getComputedStyle(document.documentElement).backgroundColor");
        if (name.equals(SCREENSHOT)) {
            screenshot(OUT.resolve(name + "-dark.png"), 1400);
            setScheme("light");
            screenshot(OUT.resolve(name + "-light.png"), 1400);
        }
        setScheme("light");
        assertThat(dark).isEqualTo("rgb(13, 17, 23)");
        assertThat((String) browser.executeScript("return getComputedStyle(document.documentElement).backgroundColor"))
                .isEqualTo("rgb(255, 255, 255)");

        List<LogEntry> entries = browser.manage().logs().get(LogType.BROWSER).getAll();
        assertThat(entries).filteredOn(e -> e.getLevel().intValue() >= Level.WARNING.intValue())
                .as("console warnings and errors on %s", name).isEmpty();
        assertThat(number("return performance.getEntriesByType('resource').length")).as("resources fetched").isZero();
    }

    /**
     * The page as a teacher meets it: at 1400 and 800 px wide, in the dark scheme, at the first,
     * middle and last step of every demo (each photographed whole, {@code NAME-WIDTH-WHICH.png}),
     * the two arms side by side, no ring label outside its drawing and, at 800 px, every ring label
     * drawn at {@value #LEGIBLE_PX} px or more on the screen (the rings stack there), the title within 100
     * characters; the "next difference" key and button go to the start of each difference in turn,
     * and a step typed into the address of the open page is shown.
     */
    @ParameterizedTest(name = "{0}")
    @FieldSource("NAMES")
    void shouldKeepBothArmsAndEveryLabelInViewAndNavigateByDifference(String name) throws Exception {
        Opened opened = open(name);
        List<ArmRun> runs = opened.runs();
        List<Row> rows = opened.rows();
        assertThat(browser.getTitle().length()).as("%s: the page's title", name).isLessThanOrEqualTo(100);

        // Next difference (n, then the button, in turn) and previous (p): each difference's first row.
        List<Integer> diffs = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            if (!rows.get(r).same() && (r == 0 || rows.get(r - 1).same())) {
                diffs.add(r);
            }
        }
        browser.executeScript("window.uringlabDemo.go(0)");
        for (int d = 0; d < diffs.size(); d++) {
            if (d % 2 == 0) {
                browser.findElement(By.tagName("body")).sendKeys("n");
            } else {
                browser.findElement(By.id("nextdiff")).click();
            }
            assertThat(number("return window.uringlabDemo.row()")).as("%s: difference %d", name, d + 1)
                    .isEqualTo((long) diffs.get(d));
        }
        if (diffs.size() >= 2) {
            browser.findElement(By.tagName("body")).sendKeys("p");
            assertThat(number("return window.uringlabDemo.row()")).isEqualTo((long) diffs.get(diffs.size() - 2));
        }

        // A step typed into the address of the open page.
        int target = Math.min(5, rows.size());
        browser.executeScript("location.hash = '#step=' + arguments[0]", target);
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (number("return window.uringlabDemo.row()") != target - 1 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(number("return window.uringlabDemo.row()")).as("%s: after #step=%d", name, target).isEqualTo(target - 1L);

        setScheme("dark");
        try {
            for (int width : new int[] {1400, 800}) {
                browser.manage().window().setSize(new Dimension(width, 1000));
                int[] at = {0, rows.size() / 2, rows.size() - 1};
                String[] which = {"first", "middle", "last"};
                for (int i = 0; i < at.length; i++) {
                    browser.executeScript("window.uringlabDemo.go(arguments[0])", at[i]);
                    String where = name + " at " + width + " px, " + which[i] + " step";
                    @SuppressWarnings("unchecked")
                    Map<String, Object> arms = (Map<String, Object>) browser.executeScript(SIDE_BY_SIDE);
                    assertThat(arms).as("%s: the arms side by side", where).containsEntry("sameTop", true)
                            .containsEntry("apart", true);
                    assertThat(((Number) arms.get("pageWide")).intValue()).as("%s: no horizontal scroll", where)
                            .isLessThanOrEqualTo(width);
                    @SuppressWarnings("unchecked")
                    List<String> clipped = (List<String>) browser.executeScript(CLIPPED);
                    assertThat(clipped).as("%s: ring labels outside the drawing", where).isEmpty();
                    if (width == 800) {
                        @SuppressWarnings("unchecked")
                        List<String> small = (List<String>) browser.executeScript(SMALL, LEGIBLE_PX);
                        assertThat(small).as("%s: ring labels under %d px on the screen", where, LEGIBLE_PX).isEmpty();
                    }
                    screenshot(OUT.resolve(name + "-" + width + "-" + which[i] + ".png"), width);
                }
            }
        } finally {
            browser.manage().window().setSize(new Dimension(1400, 1000));
            setScheme("light");
        }
    }

    /** Whether the two arms' boxes stand side by side, and how wide the page is. */
    private static final String SIDE_BY_SIDE = """
            const [a, b] = [...document.querySelectorAll('.arm')].map(e => e.getBoundingClientRect());
            return {sameTop: Math.abs(a.top - b.top) < 1, apart: b.left >= a.right,
                pageWide: document.documentElement.scrollWidth};""";

    /** The text of every ring label that reaches outside its SVG's viewBox. */
    private static final String CLIPPED = """
            const out = [];
            for (const svg of document.querySelectorAll('svg.rings')) {
              const [x0, y0, w, h] = svg.getAttribute('viewBox').split(' ').map(Number);
              for (const t of svg.querySelectorAll('text')) {
                const b = t.getBBox();
                if (b.x < x0 || b.y < y0 || b.x + b.width > x0 + w || b.y + b.height > y0 + h) out.push(t.textContent);
              }
            }
            return out;""";

    /** The smallest font, in screen pixels, a ring label may be drawn at (800 px: the rings stack to keep it). */
    static final int LEGIBLE_PX = 12;

    /** Each ring label drawn smaller than {@code arguments[0]} px on the screen, with its size. */
    private static final String SMALL = """
            const out = [];
            for (const svg of document.querySelectorAll('svg.rings')) {
              const scale = svg.getScreenCTM().a;
              for (const t of svg.querySelectorAll('text')) {
                const px = parseFloat(getComputedStyle(t).fontSize) * scale;
                if (px < arguments[0]) out.push(t.textContent + ' at ' + px.toFixed(1) + ' px');
              }
            }
            return out;""";

    @Test
    void shouldPlayAndPauseWithTheSpaceKey() throws Exception {
        Demo demo = Demos.find("rings").orElseThrow();
        Path page = DemoPage.write(demo, Replay.run(demo), OUT.resolve("rings-play.html")).toAbsolutePath();
        browser.get(page.toUri().toString());
        browser.executeScript("document.getElementById('speed').value = '250'");
        browser.findElement(By.tagName("body")).sendKeys(Keys.SPACE);
        assertThat(browser.findElement(By.id("play")).getText()).isEqualTo("Pause");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (number("return window.uringlabDemo.row()") < 2 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        browser.findElement(By.tagName("body")).sendKeys(Keys.SPACE);
        assertThat(browser.findElement(By.id("play")).getText()).isEqualTo("Play");
        assertThat(number("return window.uringlabDemo.row()")).as("rows played").isGreaterThanOrEqualTo(2);
    }

    /** What the page drew for arm {@code k}, as a JS expression. */
    private static final String DRAWN = """
            ((arm) => ({sqHead: arm.querySelector('.v-sq-head').dataset.value,
                sqTail: arm.querySelector('.v-sq-tail').dataset.value,
                cqHead: arm.querySelector('.v-cq-head').dataset.value,
                cqTail: arm.querySelector('.v-cq-tail').dataset.value,
                cqes: arm.querySelector('.v-cqe-count').dataset.value,
                lock: arm.querySelector('.v-lock').dataset.value,
                slots: arm.querySelectorAll('svg path.slot.visible').length,
                files: arm.querySelector('.v-files') ? arm.querySelector('.v-files').dataset.value : ''}))
              (document.querySelector('.arm[data-arm="' + k + '"]'))""";

    /** Both arms' drawn head, tail, CQE count and lock holder at {@code row}, against the trace. */
    private static void assertDrawn(String name, List<ArmRun> runs, List<Row> rows, int row) {
        assertThat(number("return window.uringlabDemo.row()")).as("%s: the row shown", name).isEqualTo(row);
        for (int k = 0; k < 2; k++) {
            @SuppressWarnings("unchecked")
            Map<String, Object> drawn = (Map<String, Object>) browser.executeScript(
                    "const k = arguments[0]; return " + DRAWN + ";", k);
            assertArm(name, runs, rows, row, k, drawn);
        }
    }

    private static void assertArm(String name, List<ArmRun> runs, List<Row> rows, int row, int k,
            Map<String, Object> drawn) {
        Snapshot s = expected(runs.get(k), rows, row, k);
        String at = name + " row " + (row + 1) + " arm " + (k == 0 ? "A" : "B");
        assertThat(drawn).as(at).containsEntry("sqHead", String.valueOf(s.sqHead()))
                .containsEntry("sqTail", String.valueOf(s.sqTail()))
                .containsEntry("cqHead", String.valueOf(s.cqHead()))
                .containsEntry("cqTail", String.valueOf(s.cqTail()))
                .containsEntry("cqes", String.valueOf(s.cqTail() - s.cqHead()))
                .containsEntry("lock", s.lock() == null ? "" : s.lock())
                .containsEntry("slots", (long) (s.cqTail() - s.cqHead()))
                .containsEntry("files", s.files().entrySet().stream().map(e -> e.getKey() + ":" + e.getValue())
                        .collect(java.util.stream.Collectors.joining(" ")));
    }

    /** The arm's state at {@code row}: after its latest step at or before it, all zero before its first. */
    private static Snapshot expected(ArmRun run, List<Row> rows, int row, int arm) {
        int latest = -1;
        for (int r = 0; r <= row; r++) {
            int i = arm == 0 ? rows.get(r).a() : rows.get(r).b();
            latest = i >= 0 ? i : latest;
        }
        return latest >= 0 ? run.steps().get(latest).state()
                : new Snapshot(0, 0, 0, 0, 0, 0, 0, List.of(), null, Map.of(), List.of(), List.of(), List.of(),
                        List.of(), List.of(), 0, Map.of(), 0, Map.of(), -1, Map.of());
    }

    private static long number(String script) {
        return ((Number) browser.executeScript(script)).longValue();
    }

    private static void setScheme(String scheme) {
        browser.executeCdpCommand("Emulation.setEmulatedMedia",
                Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", scheme))));
    }

    private static void screenshot(Path file, int width) throws IOException {
        Number height = (Number) browser.executeScript("return document.documentElement.scrollHeight");
        Map<String, Object> shot = browser.executeCdpCommand("Page.captureScreenshot", Map.of(
                "format", "png", "captureBeyondViewport", true,
                "clip", Map.of("x", 0, "y", 0, "width", width, "height", height.intValue(), "scale", 1)));
        Files.write(file, Base64.getDecoder().decode((String) shot.get("data")));
    }
}
