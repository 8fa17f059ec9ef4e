package dev.uringlab.reports.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.uringlab.reports.Fixtures;
import dev.uringlab.reports.Report;
import dev.uringlab.reports.Reports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --against}: each result against the old run, with a verdict from both runs' noise. */
class ChangeDetectorTest {
    @TempDir
    Path dir;

    private static void samples(ObjectNode result, double... values) {
        ObjectNode m = (ObjectNode) result.get("primaryMetric");
        ArrayNode fork = JsonNodeFactory.instance.arrayNode();
        double sum = 0;
        for (double v : values) {
            fork.add(v);
            sum += v;
        }
        m.set("rawData", JsonNodeFactory.instance.arrayNode().add(fork));
        m.put("score", sum / values.length);
        m.put("scoreError", 1.0);
    }

    private static boolean is(ObjectNode r, String key, String value) {
        return value.equals(Fixtures.param(r, key));
    }

    private static Change change(List<Change> changes, String strategy, String workload) {
        return changes.stream().filter(c -> c.row().strategy().equals(strategy) && c.row().workload().equals(workload))
                .findFirst().orElseThrow();
    }

    @Test
    void shouldCompareEveryResultOfTwoRealRunsByTheIntervalItPrints() throws Exception {
        Report report = Reports.write(List.of(Fixtures.RUN_A), Optional.of(Fixtures.RUN_B), dir.resolve("r.html"));
        List<Change> changes = report.analysis().changes();
        assertThat(changes).hasSize(22);
        assertThat(changes).allSatisfy(c -> assertThat(c.method()).endsWith(": 95% bootstrap interval, 1 vs 1 forks"));
        // the verdict is read off the interval printed beside it: they never contradict each other
        assertThat(changes).allSatisfy(c -> assertThat(c.verdict()).isEqualTo(
                c.ratio().lo() > 1 ? Noise.IMPROVED : c.ratio().hi() < 1 ? Noise.REGRESSED : Noise.NO_CHANGE));
        assertThat(Files.readString(report.file())).contains("Changes since the old run").contains("run-b/jmh.json (--against)");
        assertThat(report.summaryTable()).contains("Change since run-b/jmh.json").containsPattern("RegbBenchmark.regb +cqe-array=16");
    }

    @Test
    void shouldCallAClearChangeFasterOrSlowerAndNoiseNoChange() throws Exception {
        Path now = Fixtures.edited(Fixtures.RUN_A, dir, "now/jmh.json", r -> {
            if (is(r, "cqeArray", "16") && is(r, "completion", "batched-cqe")) {
                samples(r, 200, 202, 198, 201, 199);
            } else if (is(r, "cqeArray", "16") && is(r, "completion", "baseline")) {
                samples(r, 100, 104, 96, 101, 99);
            } else if (is(r, "cqeArray", "8") && is(r, "completion", "baseline")) {
                samples(r, 100, 101, 99, 100, 100);
            }
        });
        Path old = Fixtures.edited(Fixtures.RUN_A, dir, "old/jmh.json", r -> {
            if (is(r, "cqeArray", "16") && is(r, "completion", "batched-cqe")) {
                samples(r, 100, 102, 98, 101, 99);
            } else if (is(r, "cqeArray", "16") && is(r, "completion", "baseline")) {
                samples(r, 100, 103, 97, 102, 98);
            } else if (is(r, "cqeArray", "8") && is(r, "completion", "baseline")) {
                samples(r, 150, 151, 149, 150, 150);
            }
        });
        List<Change> changes = Reports.write(List.of(now), Optional.of(old), dir.resolve("r.html")).analysis().changes();

        Change faster = change(changes, "completion=batched-cqe", "cqe-array=16");
        assertThat(faster.verdict()).isEqualTo(Noise.IMPROVED);
        assertThat(faster.ratio().value()).isEqualTo(2.0);
        assertThat(change(changes, "completion=baseline", "cqe-array=8").verdict()).isEqualTo(Noise.REGRESSED);
        Change same = change(changes, "completion=baseline", "cqe-array=16");
        assertThat(same.verdict()).isEqualTo(Noise.NO_CHANGE);
        assertThat(same.method()).isEqualTo("holds 1.00: 95% bootstrap interval, 1 vs 1 forks");
    }

    @Test
    void shouldFallBackToIntervalOverlapWithoutRawSamples() throws Exception {
        Path now = Fixtures.edited(Fixtures.RUN_A, dir, "now/jmh.json", r -> {
            if (is(r, "cqeArray", "16")) {
                Fixtures.setPrimary(r, 100, 10);
            }
        });
        Path old = Fixtures.edited(Fixtures.RUN_A, dir, "old/jmh.json", r -> {
            if (is(r, "cqeArray", "16") && is(r, "completion", "baseline")) {
                Fixtures.setPrimary(r, 115, 10);
            } else if (is(r, "cqeArray", "16")) {
                Fixtures.setPrimary(r, 125, 10);
            }
        });
        List<Change> changes = Reports.write(List.of(now), Optional.of(old), dir.resolve("r.html")).analysis().changes();

        Change overlapping = change(changes, "completion=baseline", "cqe-array=16");   // [90, 110] vs [105, 125]
        assertThat(overlapping.verdict()).isEqualTo(Noise.NO_CHANGE);
        assertThat(overlapping.method()).isEqualTo("holds 1.00: JMH's 99.9% errors (no raw samples)");
        Change apart = change(changes, "completion=batched-cqe", "cqe-array=16");       // [90, 110] vs [115, 135]
        assertThat(apart.verdict()).isEqualTo(Noise.REGRESSED);
        assertThat(apart.method()).isEqualTo("excludes 1.00: JMH's 99.9% errors (no raw samples)");
    }
}
