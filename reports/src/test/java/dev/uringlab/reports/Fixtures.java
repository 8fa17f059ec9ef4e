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
