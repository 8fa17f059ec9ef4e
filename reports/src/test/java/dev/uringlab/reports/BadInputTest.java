package dev.uringlab.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.reports.input.ReportInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every bad input gets one message naming the file and the problem, and no report is left behind. */
class BadInputTest {
    @TempDir
    Path inputs;
    @TempDir
    Path outDir;

    private Path out() {
        return outDir.resolve("report.html");
    }

    private void assertRejected(List<Path> runs, Optional<Path> baseline, Path culprit, String... problem) throws IOException {
        assertThatThrownBy(() -> Reports.write(runs, baseline, out()))
                .isInstanceOf(ReportInputException.class)
                .hasMessageStartingWith(culprit + ": ")
                .hasMessageContainingAll(problem)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"))
                .satisfies(e -> assertThat(((ReportInputException) e).file()).isEqualTo(culprit));
        try (Stream<Path> left = Files.list(outDir)) {
            assertThat(left).as("nothing written, not even a temporary file").isEmpty();
        }
    }

    private Path file(String name, String content) throws IOException {
        return Files.writeString(inputs.resolve(name), content);
    }

    @Test
    void shouldNameAMissingFile() throws IOException {
        Path missing = inputs.resolve("nope.json");
        assertRejected(List.of(Fixtures.RUN_A, missing), Optional.empty(), missing, "no such file");
    }

    @Test
    void shouldNameAnEmptyFile() throws IOException {
        Path empty = file("empty.json", "");
        assertRejected(List.of(empty), Optional.empty(), empty, "is empty");
        Path blank = file("blank.json", "  \n");
        assertRejected(List.of(blank), Optional.empty(), blank, "is empty");
    }

    @Test
    void shouldNameATruncatedFileWhereverItWasCut() throws IOException {
        String whole = Files.readString(Fixtures.RUN_A);
        for (int percent : new int[] {1, 10, 33, 50, 77, 99}) {
            Path truncated = file("truncated-" + percent + ".json", whole.substring(0, whole.length() * percent / 100));
            assertRejected(List.of(truncated), Optional.empty(), truncated, "is truncated", "line ");
        }
    }

    @Test
    void shouldNameAFileThatIsNotJson() throws IOException {
        Path text = file("results.txt", "Benchmark  Mode  Cnt  Score  Error  Units\n");
        assertRejected(List.of(text), Optional.empty(), text, "is not valid JSON", "line 1");
    }

    @Test
    void shouldNameJsonThatIsNotJmhOutput() throws IOException {
        Path object = file("object.json", "{\"benchmark\": \"x\"}");
        assertRejected(List.of(object), Optional.empty(), object, "not a JMH result file", "object, not an array");
        Path noScore = file("noscore.json", "[{\"benchmark\": \"a.B.c\", \"mode\": \"thrpt\", \"primaryMetric\": {\"scoreUnit\": \"ops/s\"}}]");
        assertRejected(List.of(noScore), Optional.empty(), noScore, "result #1 (a.B.c)", "no numeric 'score'");
        Path other = file("other.json", "[{\"name\": \"x\"}]");
        assertRejected(List.of(other), Optional.empty(), other, "result #1 has no 'benchmark'");
        Path none = file("none.json", "[]");
        assertRejected(List.of(none), Optional.empty(), none, "no benchmark results");
        Path avgt = file("avgt.json", "[{\"benchmark\": \"a.B.c\", \"mode\": \"avgt\", \"primaryMetric\": {\"score\": 1, \"scoreUnit\": \"ns/op\"}}]");
        assertRejected(List.of(avgt), Optional.empty(), avgt, "mode 'avgt'", "Mode.Throughput");
    }

    @Test
    void shouldNameABadBaselineAndABadSidecar() throws IOException {
        Path truncated = file("old.json", "[{\"benchmark\": ");
        assertRejected(List.of(Fixtures.RUN_A), Optional.of(truncated), truncated, "is truncated");

        Path dir = Files.createDirectories(inputs.resolve("run"));
        Path run = Files.copy(Fixtures.RUN_A, dir.resolve("jmh.json"));
        Path env = Files.writeString(dir.resolve("env.json"), "[1, 2]");
        assertRejected(List.of(run), Optional.empty(), env.toAbsolutePath(), "not a run environment");
    }

    @Test
    void shouldLeaveAnEarlierReportUntouchedWhenAnInputIsBad() throws IOException {
        Files.writeString(out(), "the earlier report");
        Path empty = file("empty.json", "");
        assertThatThrownBy(() -> Reports.write(List.of(empty), Optional.empty(), out())).isInstanceOf(ReportInputException.class);
        assertThat(Files.readString(out())).isEqualTo("the earlier report");
        try (Stream<Path> left = Files.list(outDir)) {
            assertThat(left).containsExactly(out());
        }
    }
}
