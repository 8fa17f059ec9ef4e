package dev.uringlab.testkit;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.opentest4j.AssertionFailedError;

/**
 * Golden files (pinned output a reader reviews as a diff), compared the same way everywhere.
 * The update mode, {@value #UPDATE}{@code =1} in the environment, never passes by writing:
 * where the output differs from the file it writes the new output and fails, naming the file,
 * so the change reaches the repository only as a diff someone read; where they agree it
 * writes nothing.
 */
public final class Goldens {
    /** The switch of the update mode. */
    public static final String UPDATE = "URINGLAB_UPDATE_GOLDENS";

    private Goldens() {
    }

    /** Holds {@code actual} to the lines of {@code golden}; see the class comment for the update mode. */
    public static void check(Path golden, List<String> actual, String what) throws IOException {
        check(System::getenv, golden, actual, what);
    }

    static void check(Function<String, String> env, Path golden, List<String> actual, String what) throws IOException {
        boolean exists = Files.exists(golden);
        List<String> pinned = exists ? Files.readAllLines(golden, UTF_8) : List.of();
        if (exists && pinned.equals(actual)) {
            return;
        }
        if (Require.required(env, UPDATE)) {
            Files.createDirectories(golden.toAbsolutePath().getParent());
            Files.write(golden, actual, UTF_8);
            throw new AssertionFailedError(what + ": wrote the new output to " + golden + " (" + UPDATE
                    + "=1); review `git diff " + golden + "`, commit it with its reason, and run again without the switch");
        }
        if (!exists) {
            throw new AssertionFailedError(what + ": no golden file " + golden + " (run once with " + UPDATE
                    + "=1 to write it, then review it)");
        }
        throw new AssertionFailedError(what + " differs from " + golden + " (" + UPDATE
                + "=1 writes the new output for review)", String.join("\n", pinned), String.join("\n", actual));
    }

    /** For tests of this class. */
    static Function<String, String> env(Map<String, String> entries) {
        return entries::get;
    }
}
