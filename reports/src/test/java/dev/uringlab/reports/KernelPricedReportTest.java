package dev.uringlab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.reports.prices.KernelPrices;
import dev.uringlab.reports.prices.SyntheticPrices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's kernel-priced section, from a prices file beside the run. */
class KernelPricedReportTest {
    @TempDir
    Path dir;

    private Report report(boolean withPrices) throws Exception {
        Path run = dir.resolve("run/jmh.json");
        Files.createDirectories(run.getParent());
        Files.copy(Fixtures.RUN_A, run);
        if (withPrices) {
            SyntheticPrices.prices().write(run.resolveSibling(KernelPrices.NAME));
        }
        return Reports.write(List.of(run), Optional.empty(), dir.resolve("report.html"));
    }

    @Test
    void shouldShowEachFiguresKernelPricedRatioBesideTheAuthorsAndTheJvms() throws Exception {
        Report report = report(true);
        String html = Files.readString(report.file());
        assertThat(html).contains("<section id=\"kernel-priced\">").contains("<a href=\"#kernel-priced\">")
                .contains("Linux 6.18.2-test (fitted 2026-12-03 on a test machine)")
                .contains("What this assumes.").contains("the authors&#39; kernels ran on other machines")
                // link 10: 76 / 37 ns per NOP
                .contains("2.05\u00d7").contains("linked-nops-10-5.6")
                .contains("no recipe of seed 003 has this figure&#39;s parameters");
        assertThat(html).containsPattern("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"step-bars\"[^>]*aria-label=\"where the time goes, linked-nops-10-5.6\"")
                .contains("A syscall: 50.0 ns/op").contains("reg.b &lt;poll_multi&gt; &amp; &quot;eventfd&quot;");
        assertThat(report.summaryTable())
                .contains("Kernel-priced ratio: what the prices of Linux 6.18.2-test (fitted 2026-12-03 on a test machine) predict")
                .contains("OVER the 15% bar").contains("2.05x").contains("Assumes: The prices are those of the kernel and machine named");
    }

    @Test
    void shouldLeaveTheSectionOutWithoutAPricesFile() throws Exception {
        Report report = report(false);
        assertThat(Files.readString(report.file())).doesNotContain("id=\"kernel-priced\"");
        assertThat(report.summaryTable()).doesNotContain("Kernel-priced");
    }

    @Test
    void shouldRenderTheSameBytesForTheSameInputs() throws Exception {
        String first = Files.readString(report(true).file());
        Files.delete(dir.resolve("run/jmh.json"));
        assertThat(Files.readString(report(true).file())).isEqualTo(first);
    }
}
