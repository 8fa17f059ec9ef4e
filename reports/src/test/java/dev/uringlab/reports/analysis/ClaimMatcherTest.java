package dev.uringlab.reports.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.uringlab.reports.Fixtures;
import dev.uringlab.reports.ReportRequest;
import dev.uringlab.reports.Reports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each verdict from a fixture whose scores were set by hand, and the reasons a figure is not measured. */
class ClaimMatcherTest {
    @TempDir
    Path dir;

    private static ClaimCheck check(Analysis a, String seed, String figure) {
        return a.checks().stream().filter(c -> c.claim().seed().equals(seed) && c.figure().label().equals(figure))
                .findFirst().orElseThrow();
    }

    /**
     * A run that raced reg.b in seed 000's context ({@code profile=linux-6.1}) is matched there:
     * the claim's other strategy params are the profile's to decide, and no note says the race
     * ran outside its context; the seeds whose runs lack their context keep the note.
     */
    @Test
    void shouldMatchARaceInItsContextWhenTheRunHasOne() throws Exception {
        Path run = Fixtures.edited(Fixtures.RUN_A, dir, "ctx/jmh.json", r -> {
            if (r.path("benchmark").asText().endsWith("RegbBenchmark.regb") && "emulated".equals(Fixtures.param(r, "ring"))) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) r.get("params")).put("profile", "linux-6.1");
            }
        });
        Analysis a = Reports.analyse(new ReportRequest(List.of(run), Optional.empty(), dir.resolve("unused.html")));
        ClaimCheck at16 = check(a, "000", "16-entry CQE array");
        assertThat(at16.verdict()).isNotEqualTo(Verdict.NOT_MEASURED);
        assertThat(at16.note()).doesNotContain("outside its context");
        assertThat(check(a, "003", "link size 100").note()).contains("outside its context: this run has no profile=linux-5.6 result");
    }

    /**
     * Results without raw samples fall back to JMH's errors, combined end over end.
     * regb (author: 2.327 at 16, 2.263 at 8, 2.423 at 32) with baseline 100 +- 5 everywhere:
     * batched-cqe 250 +- 10 at 16 gives [240/105, 260/95] = [2.29, 2.74]: reproduced;
     * 150 +- 5 at 8 gives [145/105, 155/95] = [1.38, 1.63]: smaller;
     * 105 +- 10 at 32 gives [95/105, 115/95] = [0.90, 1.21]: holds 1, not 2.423: smaller or none.
     * linked nops: the baseline of link 10 with async is removed: not measured.
     */
    @Test
    void shouldGiveEachVerdictByItsRule() throws Exception {
        Path run = Fixtures.edited(Fixtures.RUN_A, dir, "run/jmh.json", r -> {
            String completion = Fixtures.param(r, "completion");
            String array = Fixtures.param(r, "cqeArray");
            if ("baseline".equals(completion)) {
                Fixtures.setPrimary(r, 100, 5);
            } else if ("batched-cqe".equals(completion)) {
                switch (array) {
                    case "16" -> Fixtures.setPrimary(r, 250, 10);
                    case "8" -> Fixtures.setPrimary(r, 150, 5);
                    default -> Fixtures.setPrimary(r, 105, 10);
                }
            }
            if ("baseline".equals(Fixtures.param(r, "linkCqe")) && "true".equals(Fixtures.param(r, "async"))
                    && "10".equals(Fixtures.param(r, "linkSize"))) {
                r.put("benchmark", "dev.uringlab.jmh.Elsewhere.moved");
            }
        });
        Analysis a = Reports.analyse(new ReportRequest(List.of(run), Optional.empty(), dir.resolve("unused.html")));

        ClaimCheck at16 = check(a, "000", "16-entry CQE array");
        assertThat(at16.verdict()).isEqualTo(Verdict.REPRODUCED);
        assertThat(at16.measured().orElseThrow().lo()).isCloseTo(240.0 / 105, within(1e-12));
        assertThat(at16.measured().orElseThrow().hi()).isCloseTo(260.0 / 95, within(1e-12));
        assertThat(check(a, "000", "v1 sweep, 8-entry array").verdict()).isEqualTo(Verdict.SMALLER);
        assertThat(check(a, "000", "v1 sweep, 32-entry array").verdict()).isEqualTo(Verdict.SMALLER_OR_NONE);

        ClaimCheck async = check(a, "003", "link size 10, FORCE_ASYNC");
        assertThat(async.verdict()).isEqualTo(Verdict.NOT_MEASURED);
        assertThat(async.note()).isEqualTo("no result with link-cqe=baseline and ring=emulated, completion=per-cqe-lock, link-size=10, async=true");
        assertThat(check(a, "003", "link size 10").verdict()).isNotEqualTo(Verdict.NOT_MEASURED);
        assertThat(Files.exists(dir.resolve("unused.html"))).isFalse();
    }

    /**
     * The real harness runs the baseline once (cqeArray=16 only: the array is batched-cqe's
     * option): every sweep figure pairs its batched-cqe point with that one baseline.
     * Baseline 100 +- 5; batched-cqe 150 +- 5 at 8: [145/105, 155/95].
     */
    @Test
    void shouldMatchASweepOfThePatchedStrategysOptionAgainstTheOneBaseline() throws Exception {
        Path run = Fixtures.edited(Fixtures.RUN_A, dir, "run/jmh.json", r -> {
            String completion = Fixtures.param(r, "completion");
            String array = Fixtures.param(r, "cqeArray");
            if ("baseline".equals(completion) && !"16".equals(array)) {
                r.put("benchmark", "dev.uringlab.jmh.Elsewhere.moved");
            } else if (completion != null) {
                Fixtures.setPrimary(r, "baseline".equals(completion) ? 100 : 150, 5);
            }
        });
        Analysis a = Reports.analyse(new ReportRequest(List.of(run), Optional.empty(), dir.resolve("unused.html")));

        ClaimCheck at8 = check(a, "000", "v1 sweep, 8-entry array");
        assertThat(at8.verdict()).isEqualTo(Verdict.SMALLER);
        assertThat(at8.measured().orElseThrow().lo()).isCloseTo(145.0 / 105, within(1e-12));
        assertThat(at8.measured().orElseThrow().hi()).isCloseTo(155.0 / 95, within(1e-12));
        assertThat(check(a, "000", "v1 sweep, 32-entry array").verdict()).isEqualTo(Verdict.SMALLER);
    }

    @Test
    void shouldRefuseToGuessWhenSeveralPairsMatch() throws Exception {
        Path claims = Files.writeString(dir.resolve("claims.json"), """
                {"claims": [{"seed": "000", "title": "t", "post": "p", "benchmark": "dev.uringlab.jmh.RegbBenchmark.regb",
                  "axis": "completion", "patched": "batched-cqe", "display": "ops/s",
                  "figures": [{"label": "any array", "ratio": 2.0,
                               "source": {"file": "seeds/README.md", "line": 1, "text": "x"}}]}]}
                """);
        Analysis a = Reports.analyse(new ReportRequest(List.of(Fixtures.RUN_A), Optional.empty(), Optional.of(claims),
                dir.resolve("unused.html")));
        assertThat(a.checks()).singleElement().satisfies(c -> {
            assertThat(c.verdict()).isEqualTo(Verdict.NOT_MEASURED);
            assertThat(c.note()).isEqualTo("3 pairs of results match: the claim must also fix cqeArray");
        });
    }

    @Test
    void shouldHoldOtherStrategyParamsAtTheirReference() throws Exception {
        // 001 compares reqAlloc on ring=emulated only: the native results are not candidates
        Analysis a = Reports.analyse(new ReportRequest(List.of(Fixtures.RUN_A), Optional.empty(), dir.resolve("x.html")));
        ClaimCheck nops = check(a, "001", "second setup");
        assertThat(nops.baseline().orElseThrow().value()).isEqualTo(113583411.65848309);
        assertThat(nops.patched().orElseThrow().value()).isEqualTo(56101314.50353396);
    }
}
