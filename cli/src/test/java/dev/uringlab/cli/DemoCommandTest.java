package dev.uringlab.cli;

import static dev.uringlab.cli.UringLabTest.execute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.cli.UringLabTest.Result;
import dev.uringlab.demos.Demos;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoCommandTest {

    @Test
    void shouldListEveryDemo() {
        Result r = execute("demo");
        assertThat(r.status()).isZero();
        assertThat(r.err()).isEmpty();
        for (String name : Demos.NAMES) {
            assertThat(r.out()).contains("  " + name + " ");
        }
        assertThat(r.out()).contains("000").contains("003");
    }

    @Test
    void shouldPrintTheNarratedTraceWithCountersAndWhatToNotice() {
        Result r = execute("demo", "batched-cqe");
        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("uring-lab demo batched-cqe: ")
                .contains("  A  6.1, the author's context  [profile=linux-6.1]")
                .contains(" B  io_aux_cqe: deferred ud=3 res=1 cflags=MORE cqes_count=1")
                .contains("  * COMPLETION_LOCK ")
                .contains("What to notice:");
    }

    @Test
    void shouldStopPausingAtEndOfInputOrQ() {
        assertThat(DemoCommand.waitForEnter(new java.io.BufferedReader(new java.io.StringReader("\n")))).as("Enter").isTrue();
        assertThat(DemoCommand.waitForEnter(new java.io.BufferedReader(new java.io.StringReader("q\n")))).as("q").isFalse();
        assertThat(DemoCommand.waitForEnter(new java.io.BufferedReader(new java.io.StringReader(" Q \n")))).as("Q").isFalse();
        assertThat(DemoCommand.waitForEnter(new java.io.BufferedReader(new java.io.StringReader("")))).as("Ctrl-D").isFalse();
    }

    @Test
    void shouldFoldSharedStretchesWithDiffOnly() {
        Result full = execute("demo", "req-cache");
        Result r = execute("demo", "req-cache", "--diff-only");
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains(" steps both arms take").contains(" A  rcu percpu_ref_tryget_many(ctx->refs)")
                .contains(" B  rcu percpu_ref_get_many(ctx->refs)").contains("What to notice:");
        assertThat(r.out().lines().count()).isLessThan(full.out().lines().count() / 2);
        assertThat(r.out().lines().filter(l -> l.length() > 100)).isEmpty();
    }

    @Test
    void shouldRejectAnUnknownDemoInOneLineWithStatusTwo() {
        Result r = execute("demo", "no-such-demo");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith("uring-lab demo: no demo 'no-such-demo'; demos: rings, ")
                .hasLineCount(1);
    }

    @Test
    void shouldWriteTheInteractivePage(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("link-cqe.html");
        Result r = execute("demo", "link-cqe", "-o", page.toString());
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEqualTo("uring-lab demo: wrote " + page + System.lineSeparator());
        String html = Files.readString(page);
        assertThat(html).contains("<script id=\"demo-data\" type=\"application/json\">")
                .contains("One CQE per link").doesNotContain("<link").doesNotContain(" src=").doesNotContain("url(");
    }

    @Test
    void shouldNameADemoOfTheSameSeedForEverySeedTheReportLinks() throws Exception {
        int linked = 0;
        for (var claim : dev.uringlab.reports.input.Claims.builtIn().claims()) {
            if (claim.demo() != null) {
                linked++;
                var demo = Demos.find(claim.demo());
                assertThat(demo).as("the demo of seed %s", claim.seed()).isPresent();
                assertThat(demo.get().seed()).isEqualTo(claim.seed());
            }
        }
        assertThat(linked).isEqualTo(Demos.all().stream().map(d -> d.seed()).filter(java.util.Objects::nonNull)
                .distinct().count());
    }

    @Test
    void shouldRejectAnUnwritablePageInOneLineWithStatusTwo(@TempDir Path dir) {
        Path page = dir.resolve("missing-dir").resolve("page.html");
        Result r = execute("demo", "rings", "-o", page.toString());
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).isEqualTo("uring-lab demo: cannot write " + page + ": no such file or directory"
                + System.lineSeparator());
    }
}
