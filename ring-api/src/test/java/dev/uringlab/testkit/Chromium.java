package dev.uringlab.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's headless Chromium ({@link Require#CHROMIUM}) driven through its chromedriver, opened
 * the one way every browser test opens it: the flags this machine's closed network needs (no
 * background networking, component updates, sync or QUIC), a fresh profile directory removed at
 * {@link #close()}, no scrollbars, and the console's every level kept for the test to read.
 * {@link #open} skips the test, or fails it under {@value Require#BROWSER}{@code =1}, where the
 * browser is not installed ({@link Require#browser}).
 *
 * <p>Ships in ring-api's test-jar with {@link Require}; a module that uses it has Selenium in its
 * own test scope.
 */
public final class Chromium implements AutoCloseable {
    /** Selenium warns that it has no DevTools bindings for this Chromium; the tests use plain CDP commands only. */
    private static final Logger DEVTOOLS_LOG = Logger.getLogger("org.openqa.selenium.devtools");

    private final ChromeDriver driver;
    private final Path profile;

    private Chromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** Starts the browser with a window of {@code width} x {@code height} CSS pixels. */
    public static Chromium open(int width, int height) throws IOException {
        Require.browser();
        DEVTOOLS_LOG.setLevel(Level.SEVERE);
        Path profile = Files.createTempDirectory("uringlab-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(Require.CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=" + width + "," + height, "--hide-scrollbars");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Require.CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        return new Chromium(new ChromeDriver(service, options), profile);
    }

    /** The driver, to load pages, run scripts, read the console and take screenshots. */
    public ChromeDriver driver() {
        return driver;
    }

    /** Quits the browser and removes its profile directory. */
    @Override
    public void close() throws IOException {
        driver.quit();
        try (Stream<Path> files = Files.walk(profile)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
