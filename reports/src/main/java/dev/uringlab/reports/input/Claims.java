package dev.uringlab.reports.input;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The claims file: per seed, the author's figures and where JMH holds the same measurement
 * (format in the {@code comment} field of the built-in file,
 * {@code dev/uringlab/reports/claims.json}).
 *
 * @param claims the claims, in seed order
 */
public record Claims(List<Claim> claims) {
    /** The built-in claims file's resource name. */
    public static final String RESOURCE = "/dev/uringlab/reports/claims.json";

    private static final String WHAT = "a claims file (a JSON object with a 'claims' array)";

    public Claims {
        claims = List.copyOf(claims);
    }

    /**
     * The claims that ship with uring-lab, one per seed: read from the jar once, at the first call,
     * and kept. A long run (compare) asks for them at its start, so a jar rebuilt while it runs
     * cannot hand its last step a claims file newer than its classes.
     */
    public static Claims builtIn() {
        return BuiltIn.CLAIMS;
    }

    /** Lazy holder: the resource is parsed when {@link #builtIn()} is first called. */
    private static final class BuiltIn {
        static final Claims CLAIMS = readBuiltIn();
    }

    private static Claims readBuiltIn() {
        try (InputStream in = Claims.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + RESOURCE);
            }
            return parse(Path.of(RESOURCE), JsonFiles.JSON.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ReportInputException e) {
            throw new IllegalStateException("the built-in claims file is broken: " + e.getMessage(), e);
        }
    }

    /** A claims file from disk, in the built-in file's format. */
    public static Claims load(Path file) throws ReportInputException {
        return parse(file, JsonFiles.read(file, WHAT));
    }

    /** The claim whose measurement is in {@code benchmark}, if any. */
    public Optional<Claim> forBenchmark(String benchmark) {
        return claims.stream().filter(c -> c.benchmark().equals(benchmark)).findFirst();
    }

    private static Claims parse(Path file, JsonNode root) throws ReportInputException {
        JsonNode array = root.get("claims");
        if (array == null || !array.isArray()) {
            throw new ReportInputException(file, "is not " + WHAT);
        }
        List<Claim> claims;
        try {
            claims = JsonFiles.JSON.readerFor(new TypeReference<List<Claim>>() { }).readValue(array);
        } catch (IOException | IllegalArgumentException e) {
            throw new ReportInputException(file, "has a malformed claim: "
                    + e.getMessage().lines().findFirst().orElse(""), e);
        }
        for (Claim c : claims) {
            check(file, c);
        }
        return new Claims(claims);
    }

    private static void check(Path file, Claim c) throws ReportInputException {
        String where = "claim " + c.seed();
        if (c.seed() == null || c.title() == null || c.post() == null || c.benchmark() == null || c.axis() == null
                || c.patched() == null || c.display() == null || c.figures() == null || c.figures().isEmpty()) {
            throw new ReportInputException(file, where + " lacks one of seed, title, post, benchmark, axis, patched, display, figures");
        }
        for (Figure f : c.figures()) {
            if (f.source() == null || f.source().file() == null || f.source().text() == null || f.source().line() < 1) {
                throw new ReportInputException(file, where + " figure '" + f.label() + "' has no source quote");
            }
            if (!f.hasValues() && f.ratio() == null) {
                throw new ReportInputException(file, where + " figure '" + f.label() + "' has neither baseline+patched values nor a ratio");
            }
        }
    }
}
