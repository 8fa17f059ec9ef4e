package dev.uringlab.cli.compare;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The run's {@code jmh.json}: the JMH result arrays of every point run so far, concatenated
 * into one array (the format of {@code -rf json}), rewritten after each point so that an
 * interrupted run still leaves a valid file with what was measured.
 */
final class JmhJson {
    static final String NAME = "jmh.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ArrayNode results = JSON.createArrayNode();

    /**
     * Appends the results JMH wrote for one point.
     *
     * @return how many results the file held: 0 when JMH wrote none (the point failed)
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
        results.addAll((ArrayNode) node);
        return node.size();
    }

    /** How many results so far. */
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
