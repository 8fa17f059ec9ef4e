package dev.uringlab.reports.input;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.uringlab.spi.ClassPathFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The claims: per seed, the author's figures and where JMH holds the same measurement. The
 * built-in ones are shipped by the strategy modules, one file per seed,
 * {@value #DIRECTORY}{@code SEED.json} beside the strategy the seed's race patches in; a claims
 * file given on the command line holds several, {@code {"claims": [CLAIM, ...]}}.
 *
 * <p>A claim: {@code context} names the kernel profile of the author's kernel (the race's
 * context: results with that profile are matched first, the profile deciding every axis but the
 * patched one) and {@code arms} every axis's implementation in each arm there, held to the
 * strategy registry by conformance's ClaimArmsTest. A figure gives the author's baseline and
 * patched values (its ratio is the speed-up: patched over baseline, or baseline over patched when
 * {@code lowerIsBetter}), or only a {@code ratio} when the author gave no absolute values.
 * {@code post} cites the mailing-list post the figures come from (author, subject, list, date,
 * Message-ID where kept; docs/seeds.md), and the report cites it for every quote; {@code source}
 * locates each quote verbatim in the seed files the project was started from (file, first line,
 * text), which the claims test checks where they are at hand. {@code note} (optional) is what a
 * reader must know about a point shown beside the claim. {@code benchmark}, {@code axis},
 * {@code patched} and {@code match} (the claim's and the figure's) select the JMH results: the
 * result whose param {@code axis} is {@code patched} against the one whose {@code axis} is
 * {@code baseline}, every param in {@code match} equal; {@code options} names params of the
 * patched strategy alone (batched-cqe's {@code cqe-array}), which select the patched result only.
 * {@code display} is the unit the report shows: ops/s, or ns/op where the author measured time per
 * operation. {@code demo} (optional) names the classroom demo that replays the seed step by step
 * ({@code uring-lab demo NAME}); the report links its page, written beside the report as
 * {@code demo-NAME.html}.
 *
 * @param claims the claims, in seed order
 */
public record Claims(List<Claim> claims) {
    /** Where each module ships its claim: {@code SEED.json} below this class-path directory. */
    public static final String DIRECTORY = "META-INF/uring-lab/claims/";

    private static final String WHAT = "a claims file (a JSON object with a 'claims' array)";

    public Claims {
        claims = List.copyOf(claims);
    }

    /**
     * The claims that ship with uring-lab, one per seed, from every module on the class path
     * ({@value #DIRECTORY}): read once, at the first call, and kept. A long run (compare) asks for them at its start, so a jar rebuilt while it runs
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
        ObjectNode root = JsonFiles.JSON.createObjectNode();
        ArrayNode array = root.putArray("claims");
        try {
            for (ClassPathFiles.Entry e : ClassPathFiles.under(Claims.class.getClassLoader(), DIRECTORY, ".json")) {
                array.add(JsonFiles.JSON.readTree(e.bytes()));
            }
            Claims claims = parse(Path.of(DIRECTORY), root);
            return new Claims(claims.claims().stream().sorted(Comparator.comparing(Claim::seed)).toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ReportInputException e) {
            throw new IllegalStateException("the built-in claims file is broken: " + e.getMessage(), e);
        }
    }

    /** A claims file from disk: {@code {"claims": [CLAIM, ...]}}. */
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
