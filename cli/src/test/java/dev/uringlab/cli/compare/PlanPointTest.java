package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PlanPointTest {

    @Test
    void shouldParseARunLine() {
        PlanPoint p = PlanPoint.parse("run\tdev.uringlab.jmh.Nops32Benchmark.nops32\tprofile=baseline reqAlloc=baseline ring=emulated");
        assertThat(p.benchmark()).isEqualTo("dev.uringlab.jmh.Nops32Benchmark.nops32");
        assertThat(p.params()).containsExactly(java.util.Map.entry("profile", "baseline"), java.util.Map.entry("reqAlloc", "baseline"),
                java.util.Map.entry("ring", "emulated"));
        assertThat(p.skipReason()).isEmpty();
        assertThat(p).hasToString("Nops32Benchmark.nops32 profile=baseline reqAlloc=baseline ring=emulated");
    }

    @Test
    void shouldParseASkipLineWithItsReason() {
        PlanPoint p = PlanPoint.parse("skip\tdev.uringlab.jmh.Nops32Benchmark.nops32\tprofile=all-patches ring=native\tring=native with profile=all-patches: no");
        assertThat(p.skipReason()).hasValue("ring=native with profile=all-patches: no");
    }

    @Test
    void shouldParseABenchmarkWithoutParams() {
        assertThat(PlanPoint.parse("run\tdev.uringlab.jmh.X.y\t").params()).isEmpty();
    }

    @Test
    void shouldRejectWhatIsNotAPlanLine() {
        assertThatThrownBy(() -> PlanPoint.parse("# JMH version: 1.37")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a BenchmarkPlan line");
        assertThatThrownBy(() -> PlanPoint.parse("skip\tdev.uringlab.jmh.X.y\tring=native")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PlanPoint.parse("run\tdev.uringlab.jmh.X.y\tring")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldSelectExactlyItsBenchmarkAndParamsForJmh() {
        PlanPoint p = PlanPoint.parse("run\tdev.uringlab.jmh.Nops32Benchmark.nops32\tprofile=baseline ring=native");
        assertThat(p.jmhSelection()).containsExactly("^\\Qdev.uringlab.jmh.Nops32Benchmark.nops32\\E$", "-p", "profile=baseline", "-p", "ring=native");
        Pattern regex = Pattern.compile(p.jmhSelection().get(0));
        assertThat(regex.matcher("dev.uringlab.jmh.Nops32Benchmark.nops32").find()).isTrue();
        assertThat(regex.matcher("dev.uringlab.jmh.Nops32Benchmark.nops32Native").find()).isFalse();
    }
}
