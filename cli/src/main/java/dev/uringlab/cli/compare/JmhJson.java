package dev.uringlab.cli.compare;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The run's {@code jmh.json}: the JMH results of every fork run so far, in the format of
 * {@code -rf json}, rewritten after each fork so that an interrupted run still leaves a valid
 * file with what was measured.
 *
 * <p>Forks of the same point (benchmark and params) are merged into one result, as JMH itself
 * writes a run of several forks: every metric's {@code rawData} gets the new fork's row, its
 * {@code score} becomes the mean of all iterations, its {@code scoreError} the half-width of
 * Student's 99.9% interval over all iterations (JMH's own definition), and {@code forks} the
 * number of forks. The report computes its own intervals from {@code rawData}.
 */
final class JmhJson {
    static final String NAME = "jmh.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ArrayNode results = JSON.createArrayNode();

    /**
     * Adds the results JMH wrote for one fork of one point, merged with the point's earlier forks.
     *
     * @return how many results the file held: 0 when JMH wrote none (the fork failed)
     */
    int append(Path part) throws IOException {
        if (!Files.isRegularFile(part) || Files.size(part) == 0) {
            return 0;
        }
        JsonNode node;
        try {
            node = JSON.readTree(part.toFile());
        } catch (JacksonException e) {
            return 0;
        }
        if (node == null || !node.isArray()) {
            return 0;
        }
        for (JsonNode r : node) {
            ObjectNode same = find(r);
            if (same == null) {
                results.add(r);
            } else {
                merge(same, r);
            }
        }
        return node.size();
    }

    private ObjectNode find(JsonNode r) {
        for (JsonNode old : results) {
            if (old.path("benchmark").equals(r.path("benchmark")) && old.path("params").equals(r.path("params"))) {
                return (ObjectNode) old;
            }
        }
        return null;
    }

    private static void merge(ObjectNode into, JsonNode fork) {
        into.put("forks", into.path("forks").asInt(1) + fork.path("forks").asInt(1));
        mergeMetric((ObjectNode) into.get("primaryMetric"), fork.path("primaryMetric"));
        JsonNode secondaries = fork.path("secondaryMetrics");
        ObjectNode mine = into.has("secondaryMetrics") ? (ObjectNode) into.get("secondaryMetrics") : into.putObject("secondaryMetrics");
        for (Map.Entry<String, JsonNode> e : secondaries.properties()) {
            if (mine.has(e.getKey())) {
                mergeMetric((ObjectNode) mine.get(e.getKey()), e.getValue());
            } else {
                mine.set(e.getKey(), e.getValue());
            }
        }
    }

    private static void mergeMetric(ObjectNode into, JsonNode fork) {
        ArrayNode raw = into.has("rawData") ? (ArrayNode) into.get("rawData") : into.putArray("rawData");
        fork.path("rawData").forEach(raw::add);
        double sum = 0;
        double sumSq = 0;
        int n = 0;
        for (JsonNode f : raw) {
            for (JsonNode v : f) {
                sum += v.asDouble();
                sumSq += v.asDouble() * v.asDouble();
                n++;
            }
        }
        if (n == 0) {
            return;
        }
        double mean = sum / n;
        into.put("score", mean);
        if (n > 1) {
            double sd = Math.sqrt(Math.max(0, (sumSq - n * mean * mean) / (n - 1)));
            into.put("scoreError", TDistribution.of(n - 1).inverseCumulativeProbability(0.9995) * sd / Math.sqrt(n));
        }
    }

    /** How many results (points) so far. */
    int size() {
        return results.size();
    }

    /** Writes {@value #NAME} into {@code dir}, replacing the previous one in one atomic move. */
    Path write(Path dir) throws IOException {
        Path target = dir.resolve(NAME);
        Path tmp = dir.resolve(NAME + ".tmp");
        JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), results);
        return Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
