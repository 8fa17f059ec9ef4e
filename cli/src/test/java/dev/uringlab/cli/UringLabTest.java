package dev.uringlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class UringLabTest {

    /** What one execution printed and returned. */
    record Result(int status, String out, String err) {}

    static Result execute(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = UringLab.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int status = cmd.execute(args);
        return new Result(status, out.toString(), err.toString());
    }

    @Test
    void shouldPrintUsageListingRunWithHelp() {
        Result r = execute("--help");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("Usage: uring-lab").contains("run");
    }

    @Test
    void shouldPrintAVersion() {
        Result r = execute("--version");
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("uring-lab ");
    }

    @Test
    void shouldExitTwoWithoutASubcommand() {
        Result r = execute();
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).contains("missing subcommand");
    }

    @Test
    void shouldReportASyntaxErrorAsFileLineMessageWithStatusTwo(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("bad.scn");
        Files.writeString(f, "setup entries=4\nnop ud=1 lnk\n");
        Result r = execute("run", f.toString());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo(f + ":2: unknown flag 'lnk'; flags: link, hardlink, drain, async, skip"
                + System.lineSeparator());
    }

    @Test
    void shouldExitTwoForAFileThatCannotBeRead(@TempDir Path dir) {
        Path f = dir.resolve("missing.scn");
        Result r = execute("run", f.toString());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).startsWith(f + ": cannot read the scenario: ");
    }

    @Test
    void shouldRejectAnUnknownEngineListingThoseAvailable(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("nop.scn");
        Files.writeString(f, "setup entries=4\n");
        Result r = execute("run", f.toString(), "--ring", "quantum");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).startsWith("uring-lab run: no ring engine 'quantum'; available: ");
    }

    @Test
    void shouldRejectAnUnknownOptionAsAUsageError() {
        Result r = execute("run", "x.scn", "--frobnicate");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).contains("Unknown option: '--frobnicate'");
    }
}
