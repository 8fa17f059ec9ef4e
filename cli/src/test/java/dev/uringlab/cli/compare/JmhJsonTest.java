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
    void shouldMergeTheForksOfOnePointIntoOneResult() throws Exception {
        JmhJson json = new JmhJson();
        String fork = "[{\"benchmark\":\"a\",\"params\":{\"ring\":\"emulated\"},\"forks\":1,"
                + "\"primaryMetric\":{\"score\":%s,\"scoreError\":\"NaN\",\"rawData\":[[%s]]},"
                + "\"secondaryMetrics\":{\"cqeFilled\":{\"score\":%s,\"rawData\":[[%s]]}}}]";
        json.append(write("f1.json", fork.formatted("2.0", "1.0, 3.0", "2.0", "1.0, 3.0")));
        json.append(write("f2.json", fork.formatted("6.0", "5.0, 7.0", "6.0", "5.0, 7.0")));
        json.append(write("other.json", "[{\"benchmark\":\"a\",\"params\":{\"ring\":\"native\"}}]"));
        assertThat(json.size()).isEqualTo(2);
        var merged = new ObjectMapper().readTree(json.write(dir).toFile()).get(0);
        assertThat(merged.get("forks").asInt()).isEqualTo(2);
        assertThat(merged.at("/primaryMetric/rawData").toString()).isEqualTo("[[1.0,3.0],[5.0,7.0]]");
        assertThat(merged.at("/primaryMetric/score").asDouble()).isEqualTo(4.0);
        // sd of 1, 3, 5, 7 = 2.582; t(0.9995, 3 df) = 12.924; 12.924 * 2.582 / 2 = 16.68
        assertThat(merged.at("/primaryMetric/scoreError").asDouble()).isCloseTo(16.68, org.assertj.core.data.Offset.offset(0.01));
        assertThat(merged.at("/secondaryMetrics/cqeFilled/rawData").toString()).isEqualTo("[[1.0,3.0],[5.0,7.0]]");
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
