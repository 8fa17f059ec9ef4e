package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhJsonTest {
    @TempDir
    Path dir;

    @Test
    void shouldConcatenateThePointsResultsIntoOneArray() throws Exception {
        JmhJson json = new JmhJson();
        assertThat(json.append(write("a.json", "[{\"benchmark\":\"a\"}]"))).isEqualTo(1);
        assertThat(json.append(write("b.json", "[{\"benchmark\":\"b\"},{\"benchmark\":\"c\"}]"))).isEqualTo(2);
        Path written = json.write(dir);
        assertThat(written).isEqualTo(dir.resolve("jmh.json"));
        var tree = new ObjectMapper().readTree(written.toFile());
        assertThat(tree.isArray()).isTrue();
        assertThat(tree.findValuesAsText("benchmark")).containsExactly("a", "b", "c");
        assertThat(dir.resolve("jmh.json.tmp")).doesNotExist();
    }

    @Test
    void shouldCountAMissingEmptyOrTruncatedPointFileAsNoResults() throws Exception {
        JmhJson json = new JmhJson();
        assertThat(json.append(dir.resolve("missing.json"))).isZero();
        assertThat(json.append(write("empty.json", ""))).isZero();
        assertThat(json.append(write("empty-array.json", "[]"))).isZero();
        assertThat(json.append(write("truncated.json", "[{\"benchmark\":"))).isZero();
        assertThat(json.size()).isZero();
    }

    private Path write(String name, String content) throws Exception {
        return Files.writeString(dir.resolve(name), content);
    }
}
