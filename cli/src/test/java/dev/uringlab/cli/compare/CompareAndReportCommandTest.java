package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.cli.UringLab;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The command lines of compare and report, without running JMH: usage errors and bad input
 * files end with exit status 2, one message naming the file and the problem, and no report.
 */
class CompareAndReportCommandTest {
    @TempDir
    Path dir;

    record Result(int status, String out, String err) {}

    private static Result execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = UringLab.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return new Result(cmd.execute(args), out.toString(), err.toString());
    }

    @Test
    void shouldListCompareAndReportInTheUsage() {
        assertThat(execute("--help").out()).contains("compare").contains("report");
    }

    @Test
    void shouldRefuseQuickAndFullTogether() {
        Result r = execute("compare", "--quick", "--full");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).contains("mutually exclusive");
    }

    @Test
    void shouldRefuseABadBaselineBeforeRunningAnything() throws Exception {
        Path truncated = Files.writeString(dir.resolve("old.json"), "[{\"benchmark\": ");
        Result r = execute("compare", "--quick", "--against", truncated.toString());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err().lines()).singleElement().satisfies(l -> assertThat(l).startsWith("uring-lab compare: --against ")
                .contains(truncated.toString()));
    }

    /** Each bad option is one line and exit 2, at once: nothing is built or run, no results directory made. */
    @Test
    void shouldRefuseEveryBadOptionInOneLineBeforeTheFirstPoint() {
        for (String[] args : new String[][] {
                {"--include", "["}, {"--prof", "bogus"}, {"--prof", "bogus:opt=1"}, {"--target", "0"}, {"--confidence", "100"},
                {"--budget", "-1"}}) {
            String[] line = new String[args.length + 2];
            line[0] = "compare";
            line[1] = "--quick";
            System.arraycopy(args, 0, line, 2, args.length);
            Result r = execute(line);
            assertThat(r.status()).as(String.join(" ", args)).isEqualTo(UringLab.EXIT_USAGE);
            assertThat(r.err().lines()).as(String.join(" ", args)).singleElement()
                    .satisfies(l -> assertThat(l).startsWith("uring-lab compare: " + args[0]));
            assertThat(r.out()).isEmpty();
        }
        assertThat(execute("compare", "--include", "[").err())
                .isEqualTo("uring-lab compare: --include '[' is not a regular expression: Unclosed character class at index 0\n");
        assertThat(execute("compare", "--prof", "bogus").err()).contains("JMH has no profiler 'bogus'; it has async, cl, comp");
    }

    @Test
    void shouldReportAMissingFileWithOneLineAndNoReport() {
        Path missing = dir.resolve("nowhere/jmh.json");
        Path out = dir.resolve("report.html");
        Result r = execute("report", missing.toString(), "-o", out.toString());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err().lines()).singleElement().satisfies(l -> assertThat(l).startsWith("uring-lab report: ").contains(missing.toString()));
        assertThat(out).doesNotExist();
    }

    @Test
    void shouldReportAnEmptyOrNonJmhFileWithOneLineAndNoReport() throws Exception {
        Path good = Files.writeString(dir.resolve("empty.json"), "");
        Path notJmh = Files.writeString(dir.resolve("not-jmh.json"), "{\"hello\": 1}");
        Path out = dir.resolve("report.html");
        for (Path bad : new Path[] {good, notJmh}) {
            Result r = execute("report", bad.toString(), "-o", out.toString());
            assertThat(r.status()).as(bad.toString()).isEqualTo(UringLab.EXIT_USAGE);
            assertThat(r.err().lines()).singleElement().satisfies(l -> assertThat(l).contains(bad.toString()));
            assertThat(out).doesNotExist();
            assertThat(dir).isDirectoryNotContaining("glob:**/*.tmp");
        }
    }
}
