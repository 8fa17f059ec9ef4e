package dev.uringlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.testkit.Require;
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
    void shouldHandAStrategyOptionToTheChosenStrategyInEitherSpelling() {
        String nop = scenario("nop.scn").toString();
        Result ok = execute("run", nop, "--strategy", "completion=batched-cqe", "--option", "cqe-array=8");
        assertThat(ok.status()).as(ok.err()).isZero();
        Result camel = execute("run", nop, "--strategy", "completion=batched-cqe", "--option", "cqeArray=8");
        assertThat(camel.status()).as(camel.err()).isZero();
        // the value reaches the strategy, which refuses a CQE array of no entries when the ring opens
        Result zero = execute("run", nop, "--strategy", "completion=batched-cqe", "--option", "cqe-array=0");
        assertThat(zero.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(zero.err()).contains("cqe-array=0");
    }

    @Test
    void shouldRefuseAnOptionNoChosenStrategyReadsNamingTheOnesTheyRead() {
        Result none = execute("run", scenario("nop.scn").toString(), "--option", "cqe-array=8");
        assertThat(none.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(none.err()).contains("cqe-array").contains("read none");
        Result typo = execute("run", scenario("nop.scn").toString(), "--strategy", "completion=batched-cqe", "--option", "cqe-arrays=8");
        assertThat(typo.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(typo.err()).contains("cqe-arrays").contains("cqe-array (batched-cqe)");
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
        assertThat(r.err()).isEqualTo(f + ":2: unknown flag 'lnk'; flags: link, hardlink, drain, async, skip, tw"
                + System.lineSeparator());
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

    private static Path scenario(String name) {
        return Path.of(System.getProperty("uringlab.root", "..")).resolve("scenarios").resolve(name);
    }

    private static void assumeNativeRing() throws RingUnavailableException {
        Require.nativeIoUring(Rings.provider("native").unavailableReason());
    }

    @Test
    void shouldPrintExactlyTheExpectedLinesOnTheNativeRing() throws Exception {
        assumeNativeRing();
        Result r = execute("run", scenario("link-fail-middle.scn").toString(), "--ring", "native");
        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEqualTo(Files.readString(scenario("link-fail-middle.expected")));
    }

    @Test
    void shouldExitOneWithTheLineWhenAWaitIsNeverSatisfied(@TempDir Path dir) throws Exception {
        assumeNativeRing();
        Path f = dir.resolve("stuck.scn");
        Files.writeString(f, "setup entries=4\npipe p\npoll ud=1 fd=p.r\nsubmit\nwait 1\n");
        Result r = execute("run", f.toString(), "--ring", "native");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_FAILURE);
        assertThat(r.out()).isEqualTo("submitted 1" + System.lineSeparator());
        assertThat(r.err()).isEqualTo(f + ":5: wait 1: only 0 CQE(s) in the ring after 2 s (-ETIME)" + System.lineSeparator());
    }

    @Test
    void shouldExitOneWhenTheApplicationReadsAnEmptyPipe(@TempDir Path dir) throws Exception {
        assumeNativeRing();
        Path f = dir.resolve("empty.scn");
        Files.writeString(f, "setup entries=4\npipe p\napp read p.r 1\n");
        Result r = execute("run", f.toString(), "--ring", "native");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_FAILURE);
        assertThat(r.err()).isEqualTo(f + ":3: app read p.r 1: the pipe is empty (-EAGAIN)" + System.lineSeparator());
    }

    @Test
    void shouldExitTwoWhenTheNativeRingCannotEmulateAStrategy() throws Exception {
        assumeNativeRing();
        Result r = execute("run", scenario("nop.scn").toString(), "--ring", "native", "--strategy", "link-cqe=boxed-cqe");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).contains("the native ring refuses this setup").contains("link-cqe=boxed-cqe");
    }

    @Test
    void shouldInterleaveTheTraceUnderEachLineAndKeepThePlainOutput() throws Exception {
        Result r = execute("run", scenario("link-fail-cancels-rest.scn").toString(), "--trace");
        assertThat(r.status()).isZero();
        String[] lines = r.out().split(System.lineSeparator());
        assertThat(lines[0]).isEqualTo("# 10: nop ud=1 link");
        assertThat(r.out()).contains("# 15: submit").contains(" io_fail_links ").contains(" io_req_tw_fail_links ");
        assertThat(java.util.Arrays.stream(lines).filter(l -> !l.startsWith("#") && !l.startsWith(" ")))
                .containsExactlyElementsOf(Files.readAllLines(scenario("link-fail-cancels-rest.expected")));
    }

    @Test
    void shouldRefuseATraceOfTheNativeRing() {
        Result r = execute("run", scenario("nop.scn").toString(), "--trace", "--ring", "native");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).contains("--trace needs the emulated ring");
    }

    @Test
    void shouldExitTwoForAnUnknownAliasListingThoseAvailable() {
        Result r = execute("run", scenario("nop.scn").toString(), "--strategy", "link-cqe=boxed-cqeee");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).startsWith("uring-lab run: unknown link-cqe strategy 'boxed-cqeee'; available: ")
                .contains("boxed-cqe").contains("cqe-skip-success");
    }

    @Test
    void shouldExitTwoForAnUnknownAxisListingTheAxes() {
        Result r = execute("run", scenario("nop.scn").toString(), "--strategy", "links=boxed-cqe");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).isEqualTo("uring-lab run: unknown strategy axis 'links'; axes: completion, req-alloc, "
                + "poll-rearm, link-cqe, bio-alloc, link-advance, iowq-complete, ev-posted, enter-ref, get-cqe, task-work, nop-flags" + System.lineSeparator());
    }
}
