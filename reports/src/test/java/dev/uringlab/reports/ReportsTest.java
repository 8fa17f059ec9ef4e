package dev.uringlab.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.uringlab.reports.analysis.Analysis;
import dev.uringlab.reports.analysis.BenchmarkResults;
import dev.uringlab.reports.analysis.ClaimCheck;
import dev.uringlab.reports.analysis.Row;
import dev.uringlab.reports.analysis.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole report on the real JMH fixture: what it shows, the numbers it computes, what it must never contain. */
class ReportsTest {
    @TempDir
    Path dir;

    private Report report(Path... runs) throws Exception {
        return Reports.write(List.of(runs), Optional.empty(), dir.resolve("report.html"));
    }

    private static BenchmarkResults benchmark(Analysis a, String shortName) {
        return a.benchmarks().stream().filter(b -> b.shortName().equals(shortName)).findFirst().orElseThrow();
    }

    private static Row row(BenchmarkResults b, String strategy, String workload) {
        return b.rows().stream().filter(r -> r.strategy().equals(strategy) && r.workload().equals(workload))
                .findFirst().orElseThrow();
    }

    private static ClaimCheck check(Analysis a, String seed, String figure) {
        return a.checks().stream().filter(c -> c.claim().seed().equals(seed) && c.figure().label().equals(figure))
                .findFirst().orElseThrow();
    }

    @Test
    void shouldCiteTheSeedPostsNotTheFilesTheProjectStartedFrom() throws Exception {
        String html = Files.readString(report(Fixtures.RUN_A).file());
        assertThat(html).contains("Dylan Yudaken, &quot;[PATCH for-next v2 00/13] io_uring: batch multishot completions&quot;, "
                + "io-uring@vger.kernel.org, 2022-11-23").doesNotContain("seeds/000_").doesNotContain("KERNEL-NOTES.md");
    }

    @Test
    void shouldLinkEachSeedWithADemoToItsPageBesideTheReport() throws Exception {
        String html = Files.readString(report(Fixtures.RUN_A).file());
        assertThat(html).contains("<a href=\"demo-batched-cqe.html\" class=\"demo-link\">")
                .contains("<a href=\"demo-link-cqe.html\" class=\"demo-link\">")
                .contains("uring-lab demo batched-cqe -o demo-batched-cqe.html");
    }

    @Test
    void shouldSayTheNativeRegbPointIsTodaysKernel() throws Exception {
        String html = Files.readString(report(Fixtures.RUN_A).file());
        assertThat(html).contains("ring&#61;native is the running kernel, neither 6.1 nor 6.2");
    }

    @Test
    void shouldShowEveryBenchmarkAndEveryStrategyOfTheRun() throws Exception {
        Report report = report(Fixtures.RUN_A);
        String html = Files.readString(report.file());

        assertThat(report.analysis().benchmarks()).extracting(BenchmarkResults::shortName)
                .containsExactly("Nops32Benchmark.nops32", "LinkedNopsBenchmark.linkedNops", "RegbBenchmark.regb");
        assertThat(benchmark(report.analysis(), "Nops32Benchmark.nops32").strategies()).containsExactly(
                "ring=emulated, req-alloc=baseline", "ring=native, req-alloc=baseline",
                "ring=emulated, req-alloc=req-cache", "ring=native, req-alloc=req-cache");
        assertThat(benchmark(report.analysis(), "RegbBenchmark.regb").strategies())
                .containsExactly("completion=baseline", "completion=batched-cqe");
        assertThat(benchmark(report.analysis(), "LinkedNopsBenchmark.linkedNops").strategies()).containsExactly(
                "completion=baseline, link-cqe=baseline", "completion=baseline, link-cqe=boxed-cqe",
                "completion=per-cqe-lock, link-cqe=baseline", "completion=per-cqe-lock, link-cqe=boxed-cqe");
        for (String text : List.of("dev.uringlab.jmh.Nops32Benchmark.nops32", "dev.uringlab.jmh.RegbBenchmark.regb",
                "dev.uringlab.jmh.LinkedNopsBenchmark.linkedNops", "ring=native, req-alloc=req-cache",
                "completion=batched-cqe", "completion=per-cqe-lock, link-cqe=boxed-cqe", "cqe-array=32",
                "async=true, link-size=10")) {
            assertThat(html).contains(text);
        }
        // 22 results, each a row of its benchmark's table (linked nops refused async with link size 100)
        assertThat(report.analysis().benchmarks().stream().mapToInt(b -> b.rows().size()).sum()).isEqualTo(22);
        // one head-to-head chart per benchmark, one sweep (cqeArray: 8, 16, 32), one forest plot
        assertThat(Pattern.compile("<svg [^>]*class='chart'").matcher(html).results().count()).isEqualTo(3 + 1 + 1);
        assertThat(html).contains("Sweep over <code>cqe-array</code>");
    }

    @Test
    void shouldComputeRatiosAsWorkedByHand() throws Exception {
        Analysis a = report(Fixtures.RUN_A).analysis();

        // regb cqeArray=16: batched-cqe 118589305.50 ops/s over baseline 83676472.79 ops/s = 1.41724. JMH's
        // errors (+- 410.2M and +- 10.2M) made that [0, 7.2]; the bootstrap of the raw samples is bounded.
        ClaimCheck regb = check(a, "000", "16-entry CQE array");
        assertThat(regb.measured().orElseThrow().value()).isCloseTo(1.41724, within(1e-5));
        assertThat(regb.measured().orElseThrow().lo()).isPositive();
        assertThat(regb.measured().orElseThrow().hi()).isFinite().isLessThan(7.19889);
        // the fixture ran before kernel profiles: the race is matched without its context, and says so
        assertThat(regb.note()).isEqualTo("one fork: the interval ignores fork-to-fork variance; "
                + "outside its context: this run has no profile=linux-6.1 result");
        assertThat(regb.figure().authorRatio()).isCloseTo(19338.0 / 8309.0, within(1e-12)); // 2.327

        // nops32 req-cache over baseline (ring=emulated): 56101314.50 / 113583411.66 = 0.493922
        ClaimCheck nops = check(a, "001", "first setup");
        assertThat(nops.measured().orElseThrow().value()).isCloseTo(0.493922, within(1e-6));
        assertThat(row(benchmark(a, "Nops32Benchmark.nops32"), "ring=emulated, req-alloc=req-cache", "")
                .speedup().orElseThrow().value()).isCloseTo(0.493922, within(1e-6));

        // linked nops, link 100 inline, on the RFC's posting path (completion=per-cqe-lock): shown in ns/op.
        // baseline 1e9 / 14820975.94 = 67.4719 ns, boxed-cqe 1e9 / 93395852.72 = 10.7071 ns;
        // speed-up 67.4719 / 10.7071 = 6.30160
        ClaimCheck link = check(a, "003", "link size 100");
        assertThat(link.baseline().orElseThrow().value()).isCloseTo(67.4719, within(1e-4));
        assertThat(link.patched().orElseThrow().value()).isCloseTo(10.7071, within(1e-4));
        assertThat(link.measured().orElseThrow().value()).isCloseTo(6.30160, within(1e-5));
        assertThat(link.figure().authorRatio()).isCloseTo(206.0 / 144.0, within(1e-12));

        // ns/op of the RFC-time baseline, async=false linkSize=10: 1e9 / 15901349.97 ops/s = 62.8877 ns; JMH's
        // error (+- 19174787.40 ops/s) made its interval [28.5, infinity]; the bootstrap's is bounded around it
        Row slow = row(benchmark(a, "LinkedNopsBenchmark.linkedNops"), "completion=per-cqe-lock, link-cqe=baseline",
                "async=false, link-size=10");
        assertThat(slow.shown().value()).isCloseTo(62.8877, within(1e-4));
        assertThat(slow.shown().lo()).isLessThanOrEqualTo(62.8877).isGreaterThan(28.5094);
        assertThat(slow.shown().hi()).isFinite().isGreaterThanOrEqualTo(62.8877);
    }

    @Test
    void shouldGiveTheFixtureItsVerdicts() throws Exception {
        Analysis a = report(Fixtures.RUN_A).analysis();
        // One fork of three 1 s iterations: every interval is bounded (JMH's errors made most [0, inf]), and
        // narrow, since one fork holds no fork-to-fork variance, which every note says.
        assertThat(a.checks()).filteredOn(c -> c.measured().isPresent()).hasSize(8).allSatisfy(c -> {
            assertThat(c.measured().orElseThrow().bounded()).isTrue();
            assertThat(c.note()).startsWith("one fork: the interval ignores fork-to-fork variance");
        });
        assertThat(a.checks()).filteredOn(c -> c.measured().isPresent()).extracting(ClaimCheck::verdict)
                .containsExactly(Verdict.SMALLER, Verdict.SMALLER_OR_NONE, Verdict.SMALLER, Verdict.SMALLER, Verdict.SMALLER,
                        Verdict.LARGER, Verdict.LARGER, Verdict.LARGER);
        // seeds 002 and 004 have no benchmark in the fixture
        assertThat(a.checks()).filteredOn(c -> c.verdict() == Verdict.NOT_MEASURED)
                .extracting(c -> c.claim().seed()).containsExactly("002", "004");
        assertThat(check(a, "002", "echo server").note()).contains("EchoServerBenchmark.echoServer");
    }

    @Test
    void shouldShowCountersPerOperationAndBytesPerOperationWhereGcProfilingRan() throws Exception {
        Analysis a = report(Fixtures.RUN_A).analysis();
        BenchmarkResults regb = benchmark(a, "RegbBenchmark.regb");
        assertThat(regb.counters()).containsExactly("completionLock", "cqeFilled", "evPosted", "eventfdSignal");
        // 128 aux CQEs per invocation; batched-cqe flushes every 16: one lock per 16 CQEs, the baseline one per CQE
        assertThat(row(regb, "completion=batched-cqe", "cqe-array=16").countersPerOp().get("completionLock"))
                .isCloseTo(1.0 / 16, within(1e-9));
        assertThat(row(regb, "completion=baseline", "cqe-array=16").countersPerOp().get("completionLock"))
                .isCloseTo(1.0, within(1e-9));

        BenchmarkResults nops = benchmark(a, "Nops32Benchmark.nops32");
        assertThat(nops.hasBytesPerOp()).isTrue();
        assertThat(row(nops, "ring=emulated, req-alloc=req-cache", "").bytesPerOp().orElseThrow().score())
                .isCloseTo(4.5, within(0.01));
        assertThat(nops.counters()).doesNotContain("gc.alloc.rate.norm", "gc.alloc.rate", "gc.count");
        assertThat(regb.hasBytesPerOp()).isFalse();
        assertThat(benchmark(a, "LinkedNopsBenchmark.linkedNops").hasBytesPerOp()).isFalse();
    }

    @Test
    void shouldFetchNothingFromOutside() throws Exception {
        String html = Files.readString(report(Fixtures.RUN_A, Fixtures.RUN_B).file());
        assertThat(html).doesNotContainIgnoringCase("http://").doesNotContainIgnoringCase("https://");
        // The only other links are the seeds' demo pages beside the report: navigations a reader chooses, not fetches.
        assertThat(Pattern.compile("(?i)(src|href)\\s*=\\s*[\"']?\\s*(?!#|demo-[a-z0-9-]+\\.html\")[^\"'\\s>]")
                .matcher(html).results().toList())
                .as("every src/href is an in-page anchor or a demo page beside the report").isEmpty();
        assertThat(Pattern.compile("(?i)url\\(\\s*['\"]?(?!#)").matcher(html).results().toList())
                .as("every url() points into the page").isEmpty();
        assertThat(html).doesNotContainIgnoringCase("<script").doesNotContainIgnoringCase("<link")
                .doesNotContainIgnoringCase("@import").doesNotContainIgnoringCase("<img");
        assertThat(html).contains("Content-Security-Policy\" content=\"default-src 'none'");
    }

    @Test
    void shouldEscapeEveryTextFromTheJson() throws Exception {
        String evil = "<script>alert('x')</script>";
        Path run = Fixtures.edited(Fixtures.RUN_A, dir, "evil/jmh.json", r -> {
            if ("req-cache".equals(Fixtures.param(r, "reqAlloc"))) {
                ((ObjectNode) r.get("params")).put("reqAlloc", evil);
            }
            if ("32".equals(Fixtures.param(r, "cqeArray"))) {
                ((ObjectNode) r.get("params")).put("cqeArray", evil);
            }
            ((ObjectNode) r).put("vmName", "VM \"<b>bold</b>\" & co");
        });
        Files.writeString(run.resolveSibling("env.json"), "{\"label\": \"<img src=x onerror=alert(1)>\", \"cpu\": \"<i>cpu</i>\"}");

        Report report = report(run);
        String html = Files.readString(report.file());

        assertThat(html).doesNotContainIgnoringCase("<script").doesNotContain("<img").doesNotContain("<b>bold")
                .doesNotContain("<i>cpu");
        assertThat(html).contains("req-alloc=&lt;script&gt;alert(") // in tables and inside the SVG charts
                .contains("&lt;img src").contains("&amp; co");
        assertThat(report.summaryTable()).contains("000");
    }

    @Test
    void shouldSayTheIntervalIsUnknownWhenJmhGaveNoError() throws Exception {
        // one measurement iteration: JMH writes "scoreError": "NaN"
        Path run = Fixtures.edited(Fixtures.RUN_A, dir, "one-iteration/jmh.json", r -> {
            ObjectNode m = (ObjectNode) r.get("primaryMetric");
            m.put("scoreError", "NaN");
            m.remove("rawData");
        });
        Report report = report(run);
        ClaimCheck regb = check(report.analysis(), "000", "16-entry CQE array");
        assertThat(regb.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(regb.note()).contains("no interval");
        assertThat(Files.readString(report.file())).contains("[?]").doesNotContain("NaN");
    }

    @Test
    void shouldRenderTheSameBytesForTheSameInputs() throws Exception {
        String first = Files.readString(report(Fixtures.RUN_A).file());
        String second = Files.readString(report(Fixtures.RUN_A).file());
        assertThat(second).isEqualTo(first);
    }

    @Test
    void shouldMergeRunsFromSeveralFilesEachLabelledByItsEnvironment() throws Exception {
        Report report = report(Fixtures.RUN_A, Fixtures.RUN_B);
        String html = Files.readString(report.file());
        assertThat(report.analysis().runs()).extracting(r -> r.label()).containsExactly("fixture run A", "run-b/jmh.json");
        assertThat(benchmark(report.analysis(), "RegbBenchmark.regb").runs()).containsExactly("fixture run A", "run-b/jmh.json");
        // each figure once per run
        assertThat(report.analysis().checks()).filteredOn(c -> c.claim().seed().equals("003")).hasSize(6);
        assertThat(html).contains("cqe-array=16 \u00b7 run-b/jmh.json").contains("AMD EPYC").contains("unknown");
        assertThat(report.summaryTable()).contains("run-b/jmh.json").contains("fixture run A");
    }

    @Test
    void shouldPrintTheSummaryAsAPlainTable() throws Exception {
        String text = report(Fixtures.RUN_A).summaryTable();
        assertThat(text.lines().filter(l -> l.startsWith("00"))).hasSize(10);
        assertThat(text).contains("000   16-entry CQE array         2.33x   1.42x     [1.19, 1.71]  18.4%  1      smaller")
                .contains("004   polled IO                  1.10x   -         -             -      -      not measured");
    }

    @Test
    void shouldWarnWhenTheMachineWasBusyOrTheRunInterrupted() throws Exception {
        Path run = Fixtures.edited(Fixtures.RUN_A, dir, "busy/jmh.json", r -> { });
        Files.writeString(dir.resolve("busy/env.json"), """
                {"label": "busy box", "cores": 2, "loadAverageMax": 5.3, "cpuStealPercent": 0.4, "interrupted": true}
                """);
        Report report = report(run);
        assertThat(report.summaryTable().replaceAll("\\s+", " ")).contains("WARNING: the machine was busy during this run (load average up to 5.3 on 2 cores)")
                .contains("WARNING: this run was interrupted (Ctrl-C)");
        assertThat(Files.readString(report.file())).contains("<p class=\"warn\">");
        assertThat(report(Fixtures.RUN_A).summaryTable()).doesNotContain("WARNING");
    }

    /** The load average counts the run's own forks and the build before it; what other processes took does not. */
    @Test
    void shouldCallARunBusyForWhatOtherProcessesTookNotForItsOwnLoad() throws Exception {
        Path own = Fixtures.edited(Fixtures.RUN_A, dir, "own/jmh.json", r -> { });
        Files.writeString(dir.resolve("own/env.json"), """
                {"label": "own load", "cores": 2, "loadAverageMax": 2.2, "cpuBusyPercent": 51.5, "cpuOtherPercent": 1.2}
                """);
        assertThat(report(own).summaryTable()).doesNotContain("WARNING");
        Path shared = Fixtures.edited(Fixtures.RUN_A, dir, "shared/jmh.json", r -> { });
        Files.writeString(dir.resolve("shared/env.json"), """
                {"label": "shared", "cores": 2, "loadAverageMax": 1.5, "cpuBusyPercent": 74.0, "cpuOtherPercent": 23.5}
                """);
        assertThat(report(shared).summaryTable().replaceAll("\\s+", " "))
                .contains("WARNING: the machine was busy during this run (other processes took 23.5% of the CPU time)")
                .containsPattern("(reproduced|smaller|larger|smaller or none|inconclusive) \\(provisional\\)")
                .contains("provisional: the machine was busy or noisy");
    }

    @Test
    void shouldSayWhenTheMachineItselfSpreadTheCalibrationKernelsForks() throws Exception {
        // fork means 1000, 1000 and 920: a range of 80 over a mean of 973.3 is 8.2%, and far beyond the iterations' noise
        Path noisy = withCalibration("noisy", "[[1010, 990, 1005, 995], [1000, 1000, 1002, 998], [930, 910, 925, 915]]");
        assertThat(report(noisy).summaryTable().replaceAll("\\s+", " ")).contains("WARNING: the machine itself was noisy during this run: "
                + "a fixed compute kernel (MachineNoiseBenchmark, one compiled shape in every fork) spread its 3 fork means over 8% of their mean");
        // 1000, 1000, 980: 2.0%, within what the report calls agreement
        assertThat(report(withCalibration("quiet", "[[1000, 1000], [990, 1010], [985, 975]]")).summaryTable())
                .doesNotContain("WARNING");
        // 8.2% again, but with iterations as noisy as the forks' means are apart: no disagreement by the one rule
        assertThat(report(withCalibration("loud", "[[1010, 990], [1000, 1000], [930, 910]]")).summaryTable())
                .doesNotContain("WARNING");
    }

    @Test
    void shouldShowHowEveryArmsForksSettledAndTheMachinesBesideThem() throws Exception {
        // fork means 1000, 1000, 920 (a range of 80 over 973.3: 8.2%); peaks 1010, 1002, 930 (80 over 980.7: 8.2%)
        String html = Files.readString(report(withCalibration("forks",
                "[[1010, 990, 1005, 995], [1000, 1000, 1002, 998], [930, 910, 925, 915]]")).file());
        String table = html.substring(html.indexOf("<table class=\"forks\">"), html.indexOf("</table>", html.indexOf("<table class=\"forks\">")));
        assertThat(table).containsSubsequence("<td>the machine</td>", "calibration kernel", "<td class=\"num\">3</td>",
                "920 \u2013 1.000 k", "8.2%", "930 \u2013 1.010 k", "8.2%", "<span class=\"unsteady\">peaks apart");
        // RUN_A's figures ran one fork each: both arms of 001's nops32 figures say so, in one row per arm,
        // for both of 001's figures race the same two results
        assertThat(table).containsSubsequence("<td>001 first setup \u00b7 second setup</td>", "<td class=\"mono\">baseline</td>",
                "one fork: no spread to judge", "<td>001 first setup \u00b7 second setup</td>", "<td class=\"mono\">req-cache</td>",
                "one fork: no spread to judge");
        assertThat(table.split("001 first setup", -1)).as("one row per arm").hasSize(3);
        // the terminal shows the arms with more than one fork: here the machine alone
        assertThat(report(dir.resolve("forks/jmh.json")).summaryTable()).contains("How the forks settled")
                .containsPattern("the machine +calibration kernel +3 +920 - 1\\.000 k +8\\.2% +930 - 1\\.010 k +8\\.2% +peaks apart")
                .doesNotContain("no spread to judge");
    }

    /** RUN_A with one more result: the calibration kernel with these raw samples. */
    private Path withCalibration(String name, String rawData) throws IOException {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        var results = (com.fasterxml.jackson.databind.node.ArrayNode) json.readTree(Fixtures.RUN_A.toFile());
        results.add(json.readTree("""
                {"benchmark": "%s", "mode": "thrpt", "threads": 1, "forks": 3, "params": {},
                 "primaryMetric": {"score": 980, "scoreError": 40, "scoreUnit": "ops/s", "rawData": %s},
                 "secondaryMetrics": {}}
                """.formatted(dev.uringlab.reports.analysis.MachineNoise.BENCHMARK, rawData)));
        Path out = dir.resolve(name + "/jmh.json");
        Files.createDirectories(out.getParent());
        json.writeValue(out.toFile(), results);
        return out;
    }

    @Test
    void shouldCallASeedWhoseWorkloadOrStrategyIsNotWrittenNotImplemented() throws Exception {
        Path run = Fixtures.edited(Fixtures.RUN_A, dir, "listed/jmh.json", r -> { });
        Files.writeString(dir.resolve("listed/env.json"), """
                {"benchmarks": "dev.uringlab.jmh.Nops32Benchmark.nops32,dev.uringlab.jmh.RegbBenchmark.regb,dev.uringlab.jmh.LinkedNopsBenchmark.linkedNops"}
                """);
        Analysis a = report(run).analysis();
        assertThat(check(a, "002", "echo server").verdict()).isEqualTo(Verdict.NOT_IMPLEMENTED);
        assertThat(check(a, "002", "echo server").note()).isEqualTo("no EchoServerBenchmark.echoServer in the build that ran: "
                + "this seed's workload is not written yet");
        Path noReqCache = Fixtures.edited(Fixtures.RUN_A, dir, "no-req-cache/jmh.json", r -> {
            if ("req-cache".equals(Fixtures.param(r, "reqAlloc"))) {
                r.put("benchmark", "dev.uringlab.jmh.Elsewhere.moved");
            }
        });
        ClaimCheck reqCache = check(report(noReqCache).analysis(), "001", "first setup");
        assertThat(reqCache.verdict()).isEqualTo(Verdict.NOT_IMPLEMENTED);
        assertThat(reqCache.note()).isEqualTo("Nops32Benchmark.nops32 ran without req-alloc=req-cache: no such strategy in this build");
    }

    @Test
    void shouldReadAPairedRunsRacesFromItsSlicesAndShowTheFloorAboveTheFiguresAndOneRaceSliceBySlice() throws Exception {
        // seed 001's race and an A/A race of its baseline arm, as compare writes them: the harness's own results in jmh.json,
        // every slice in slices.json; b 1.04x as fast as a in every neighbouring pair, through a phase that halves both
        Path run = Fixtures.pairedRun(dir.resolve("paired"), null, 1.04, 1.04).getParent();
        Report report = report(run.resolve("jmh.json"));
        assertThat(report.summaryTable()).containsPattern("(?s)A/A race.*1.00x +\\[1.00, 1.00\\] +0.0% +400 +2 +100% +wall +floor met"
                + " +Nops32Benchmark.nops32 depth=32,").contains("req-alloc=baseline");
        assertThat(report.summaryTable()).containsPattern("001 +second setup +\\S+ +1.04x +\\[1.04, 1.04\\] +0.0% +400 +2 +wall +reproduced");
        assertThat(report.summaryTable()).contains("arm-cpu: the CPU time of the benchmark thread and the arm's own threads");
        assertThat(report.summaryTable().lines().filter(l -> l.length() > 120)).as("lines over 120 columns").isEmpty();
        String html = Files.readString(report.file());
        assertThat(html).containsSubsequence("The method's floor: an A/A race", "clock wall", "floor met", "clock wall", "<b>arm-cpu</b>",
                "One paired race, slice by slice",
                "<svg", "How the forks settled");
        assertThat(html).doesNotContain("PairedBenchmark.block");
    }
}
