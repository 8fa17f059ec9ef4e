package dev.uringlab.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/** The real JMH runs checked in under src/test/resources/fixtures (see its README.md), and ways to craft variants. */
public final class Fixtures {
    /** Run A: Nops32 with -prof gc, Regb and LinkedNops without; env.json beside it. */
    public static final Path RUN_A = resource("/fixtures/run-a/jmh.json");
    /** Run B: the same benchmarks run again right after A; no env.json. */
    public static final Path RUN_B = resource("/fixtures/run-b/jmh.json");

    private static final ObjectMapper JSON = new ObjectMapper();

    private Fixtures() {
    }

    private static Path resource(String name) {
        try {
            return Path.of(Fixtures.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A copy of {@code fixture} in {@code dir}/{@code name}, each result passed through {@code edit} first. */
    public static Path edited(Path fixture, Path dir, String name, Consumer<ObjectNode> edit) {
        try {
            ArrayNode results = (ArrayNode) JSON.readTree(fixture.toFile());
            for (JsonNode r : results) {
                edit.accept((ObjectNode) r);
            }
            Path out = dir.resolve(name);
            Files.createDirectories(out.getParent());
            JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), results);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A paired run as {@code uring-lab compare} writes one, in {@code dir}: seed 001's race (req-alloc
     * baseline against req-cache under {@code profile}, or under seed 001's own context when it is
     * {@code null}) and an A/A race of its baseline arm,
     * the harness's own results in {@code jmh.json} and every slice in {@code slices.json}. Each race
     * has two forks of 200 slices of 20 ms in blocks ABBA then BAAB; the machine runs at half speed
     * for 1 s of each fork, and arm b is {@code fastRatio} times as fast as a outside that phase,
     * {@code slowRatio} times inside it. Returns the {@code jmh.json}.
     */
    public static Path pairedRun(Path dir, String profile, double fastRatio, double slowRatio) {
        String context = profile != null ? profile : dev.uringlab.reports.input.Claims.builtIn().claims().stream()
                .filter(c -> c.seed().equals("001")).findFirst().orElseThrow().context(); // the author's kernel, whatever its name
        String a = "Nops32Benchmark.nops32 depth=32 profile=" + context + " reqAlloc=baseline ring=emulated";
        String b = "Nops32Benchmark.nops32 depth=32 profile=" + context + " reqAlloc=req-cache ring=emulated";
        String harness = """
                {"benchmark": "dev.uringlab.jmh.paired.PairedBenchmark.block", "mode": "thrpt", "forks": 2,
                 "params": {"a": "%s", "b": "%s", "slice": "20"},
                 "primaryMetric": {"score": 12.0, "scoreError": "NaN", "scoreUnit": "ops/s", "rawData": [[12.0], [12.0]]}}""";
        String params = "{\"depth\": \"32\", \"profile\": \"" + context + "\", \"reqAlloc\": \"%s\", \"ring\": \"emulated\"}";
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("jmh.json"), "[" + harness.formatted(a, a) + "," + harness.formatted(a, b) + "]");
            Files.writeString(dir.resolve("slices.json"), "[" + race(params.formatted("baseline"), params.formatted("baseline"), 1, 1)
                    + "," + race(params.formatted("baseline"), params.formatted("req-cache"), fastRatio, slowRatio) + "]");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir.resolve("jmh.json");
    }

    /** A race's slices.json entry (see {@link #pairedRun}). */
    private static String race(String a, String b, double fastRatio, double slowRatio) {
        StringBuilder forks = new StringBuilder();
        for (int f = 0; f < 2; f++) {
            StringBuilder slices = new StringBuilder();
            for (int i = 0; i < 200; i++) {
                int arm = (i / 4 % 2 == 0) == (i % 4 == 0 || i % 4 == 3) ? 0 : 1; // ABBA, then BAAB
                long start = i * 20_000_000L;
                boolean slow = start >= 1_000_000_000L && start < 2_000_000_000L;
                long ops = Math.round(600_000 * (slow ? 0.5 : 1) * (arm == 1 ? (slow ? slowRatio : fastRatio) : 1));
                slices.append(i == 0 ? "" : ",").append("[").append(1 + i / 50).append(",").append(arm).append(",").append(start)
                        .append(",20000000,").append(ops).append(",20000000]");
            }
            forks.append(f == 0 ? "" : ",").append("[").append(slices).append("]");
        }
        return "{\"benchmark\": \"dev.uringlab.jmh.Nops32Benchmark.nops32\", \"a\": " + a + ", \"b\": " + b
                + ", \"sliceMillis\": 20, \"forks\": [" + forks + "]}";
    }

    /** The result's param {@code key}, or null. */
    public static String param(ObjectNode result, String key) {
        JsonNode v = result.path("params").get(key);
        return v == null ? null : v.asText();
    }

    /** Sets the primary score and error of a result, dropping its raw samples. */
    public static void setPrimary(ObjectNode result, double score, double error) {
        ObjectNode m = (ObjectNode) result.get("primaryMetric");
        m.put("score", score);
        m.put("scoreError", error);
        m.remove("rawData");
    }
}
