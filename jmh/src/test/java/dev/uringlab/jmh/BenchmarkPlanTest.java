package dev.uringlab.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BenchmarkPlanTest {

    @Test
    void shouldExpandTheCrossProductWithParamNamesSortedAndTheFirstVaryingSlowest() {
        Map<String, String[]> space = new LinkedHashMap<>();
        space.put("ring", new String[] {"emulated", "native"});
        space.put("profile", new String[] {"baseline", "all-patches"});
        assertThat(BenchmarkPlan.crossProduct(space)).extracting(Map::toString).containsExactly(
                "{profile=baseline, ring=emulated}", "{profile=baseline, ring=native}",
                "{profile=all-patches, ring=emulated}", "{profile=all-patches, ring=native}");
    }

    @Test
    void shouldPlanThePriceListsOnlyWhenAnIncludeNamesThem() {
        List<String> everything = BenchmarkPlan.plan(List.of(), engine -> Optional.empty()).stream().map(BenchmarkPlan.Point::benchmark).toList();
        assertThat(everything).isNotEmpty().noneMatch(b -> b.contains("JvmStepPrices") || b.contains("Calibration"));
        assertThat(BenchmarkPlan.plan(List.of("JvmStepPrices"), engine -> Optional.empty())).extracting(BenchmarkPlan.Point::benchmark)
                .contains("dev.uringlab.jmh.JvmStepPricesBenchmark.call", "dev.uringlab.jmh.JvmStepPricesBenchmark.empty")
                .allMatch(b -> b.startsWith("dev.uringlab.jmh.JvmStepPricesBenchmark."));
        assertThat(BenchmarkPlan.plan(List.of("CalibrationBenchmark"), engine -> Optional.empty())).isNotEmpty();
    }

    @Test
    void shouldPlanNops32WithoutItsNonsensePointsAtEveryDepth() {
        List<BenchmarkPlan.Point> plan = BenchmarkPlan.plan(List.of("Nops32Benchmark"), engine -> Optional.empty());
        assertThat(plan).hasSize(48).allMatch(p -> p.benchmark().equals("dev.uringlab.jmh.Nops32Benchmark.nops32"));
        for (String depth : List.of("1", "8", "32", "128")) {
            assertThat(plan.stream().filter(p -> p.skipReason().isEmpty() && p.params().get("depth").equals(depth))
                    .map(p -> p.params().get("ring") + "/" + p.params().get("profile") + "/" + p.params().get("reqAlloc")))
                    .containsExactlyInAnyOrder("emulated/baseline/baseline", "emulated/baseline/req-cache",
                            "emulated/all-patches/baseline", "native/baseline/baseline",
                            "emulated/for-5.16-2021-10-04/baseline", "emulated/for-5.16-2021-10-04/req-cache");
        }
    }

    @Test
    void shouldSkipEveryPointOfAnEngineThatCannotRunHere() {
        List<BenchmarkPlan.Point> plan = BenchmarkPlan.plan(List.of("Nops32Benchmark"),
                engine -> engine.equals("native") ? Optional.of("ring=native cannot run here: io_uring_disabled=2") : Optional.empty());
        assertThat(plan.stream().filter(p -> p.params().get("ring").equals("native")))
                .allSatisfy(p -> assertThat(p.skipReason()).isPresent());
        assertThat(plan.stream().filter(p -> p.params().get("ring").equals("native") && p.params().get("profile").equals("baseline")
                        && p.params().get("reqAlloc").equals("baseline") && p.params().get("depth").equals("32")))
                .singleElement().satisfies(p -> assertThat(p.skipReason()).hasValue("ring=native cannot run here: io_uring_disabled=2"));
    }

    @Test
    void shouldPlanRegbWithBaselineOnceAndTheArraySweepOnBatchedCqeOnly() {
        List<BenchmarkPlan.Point> plan = BenchmarkPlan.plan(List.of("RegbBenchmark"), engine -> Optional.empty());
        assertThat(plan).hasSize(72);
        assertThat(plan.stream().filter(p -> p.skipReason().isEmpty())
                .map(p -> p.params().get("ring") + "/" + p.params().get("profile") + "/" + p.params().get("completion") + "/"
                        + p.params().get("cqeArray") + "/" + p.params().get("pollRearm")))
                .containsExactlyInAnyOrder("emulated/baseline/baseline/16/baseline", "native/baseline/baseline/16/baseline",
                        "emulated/baseline/batched-cqe/8/baseline", "emulated/baseline/batched-cqe/16/baseline",
                        "emulated/baseline/batched-cqe/32/baseline",
                        "emulated/linux-6.1/baseline/16/baseline", "emulated/linux-6.1/batched-cqe/8/baseline",
                        "emulated/linux-6.1/batched-cqe/16/baseline", "emulated/linux-6.1/batched-cqe/32/baseline",
                        // seed 002's axis, one move at a time on the baseline posting path (linux-6.1 already runs poll-refs)
                        "emulated/baseline/baseline/16/active-flag", "emulated/baseline/baseline/16/poll-refs",
                        "emulated/linux-6.1/baseline/16/active-flag");
    }

    @Test
    void shouldPlanTheEchoServerInSeed002sContextWithTheNativeRingBeside() {
        List<BenchmarkPlan.Point> plan = BenchmarkPlan.plan(List.of("EchoServerBenchmark"), engine -> Optional.empty());
        assertThat(plan.stream().filter(p -> p.skipReason().isEmpty() && p.params().get("connections").equals("1000"))
                .map(p -> p.params().get("ring") + "/" + p.params().get("profile") + "/" + p.params().get("pollRearm")))
                .containsExactlyInAnyOrder("emulated/linux-5.15/baseline", "emulated/linux-5.15/active-flag",
                        "emulated/linux-5.15/poll-refs", "emulated/baseline/baseline", "emulated/baseline/active-flag",
                        "emulated/baseline/poll-refs", "native/baseline/baseline");
        assertThat(plan.stream().filter(p -> p.skipReason().isEmpty() && p.params().get("clients").equals("threaded")))
                .allMatch(p -> p.params().get("connections").equals("64")).hasSize(7);
    }

    @Test
    void shouldPlanPolledReadsInSeed004sContextWithoutANativePolledPoint() {
        List<BenchmarkPlan.Point> plan = BenchmarkPlan.plan(List.of("PolledReadsBenchmark"), engine -> Optional.empty());
        assertThat(plan.stream().filter(p -> p.skipReason().isEmpty() && p.params().get("ring").equals("native"))
                .map(p -> p.params().get("profile") + "/" + p.params().get("bioAlloc") + "/" + p.params().get("polled")))
                .containsExactly("baseline/baseline/false");
        assertThat(plan.stream().filter(p -> p.skipReason().isEmpty() && p.params().get("profile").equals("linux-5.14")
                        && p.params().get("polled").equals("true"))
                .map(p -> p.params().get("bioAlloc")))
                .containsExactlyInAnyOrder("baseline", "percpu-cache", "percpu-cache-irq");
    }

    @Test
    void shouldPrintOneTabSeparatedLinePerPoint() {
        var out = new ByteArrayOutputStream();
        BenchmarkPlan.print(BenchmarkPlan.plan(List.of("Nops32Benchmark"), engine -> Optional.empty()),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).contains(
                "run\tdev.uringlab.jmh.Nops32Benchmark.nops32\tdepth=32 profile=baseline reqAlloc=req-cache ring=emulated")
                .anyMatch(l -> l.startsWith("skip\tdev.uringlab.jmh.Nops32Benchmark.nops32\tdepth=32 profile=all-patches reqAlloc=baseline ring=native\tring=native with profile"));
    }
}
