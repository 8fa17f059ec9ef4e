package dev.uringlab.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The one place a test decides to skip for want of something on the machine: the kernel's
 * io_uring ({@link #nativeIoUring}) or a headless Chromium ({@link #browser}). By default a
 * missing one aborts the test (JUnit's "skipped", with the reason). With
 * {@code URINGLAB_REQUIRE_NATIVE=1} or {@code URINGLAB_REQUIRE_BROWSER=1} in the environment
 * (as {@code .ci/run} sets both) the same test fails instead, so a machine without them cannot
 * pass the build without the differential checks it was meant to run.
 *
 * <p>Ships in ring-api's test-jar for every module's tests.
 */
public final class Require {
    /** The switch that turns a skip for want of io_uring into a failure. */
    public static final String NATIVE = "URINGLAB_REQUIRE_NATIVE";
    /** The switch that turns a skip for want of Chromium and chromedriver into a failure. */
    public static final String BROWSER = "URINGLAB_REQUIRE_BROWSER";
    /** Debian's headless Chromium, the browser the browser tests drive. */
    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    /** Debian's chromedriver, matching {@link #CHROMIUM}. */
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private Require() {
    }

    /**
     * Goes on when the native engine is available ({@code unavailable} empty); otherwise skips
     * the test, or fails it under {@value #NATIVE}{@code =1}, with the engine's reason.
     */
    public static void nativeIoUring(Optional<String> unavailable) {
        nativeIoUring("native io_uring unavailable", unavailable);
    }

    /**
     * The same for a facility of the native ring beyond io_uring itself (the kernel's tracepoints
     * through perf_event_open...): {@code what} says which, {@code unavailable} why not here.
     */
    public static void nativeIoUring(String what, Optional<String> unavailable) {
        check(System::getenv, NATIVE, unavailable.map(r -> what + ": " + r));
    }

    /**
     * Goes on when {@link #CHROMIUM} and {@link #CHROMEDRIVER} are executable; otherwise skips
     * the test, or fails it under {@value #BROWSER}{@code =1}.
     */
    public static void browser() {
        boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        check(System::getenv, BROWSER, present ? Optional.empty() : Optional.of(
                "no headless browser: install Debian's chromium and chromium-driver (" + CHROMIUM + ", " + CHROMEDRIVER + ")"));
    }

    /** Whether this environment sets {@code requireSwitch} ({@link #NATIVE}, {@link #BROWSER}): a skip is then a failure. */
    public static boolean isRequired(String requireSwitch) {
        return required(System::getenv, requireSwitch);
    }

    /** The decision, with the environment given: nothing when {@code missing} is empty, else an abort or a failure. */
    static void check(Function<String, String> env, String requireSwitch, Optional<String> missing) {
        if (missing.isEmpty()) {
            return;
        }
        if (required(env, requireSwitch)) {
            throw new AssertionFailedError(missing.get() + " (" + requireSwitch + "=1: a skip is a failure here)");
        }
        throw new TestAbortedException(missing.get() + " (set " + requireSwitch + "=1 to fail instead of skipping)");
    }

    /** Whether the switch is on: {@code 1} or {@code true}. */
    static boolean required(Function<String, String> env, String requireSwitch) {
        String v = env.apply(requireSwitch);
        return v != null && (v.equals("1") || v.equalsIgnoreCase("true"));
    }

    /** For tests of this class: an environment of the given entries only. */
    static Function<String, String> env(Map<String, String> entries) {
        return entries::get;
    }
}
