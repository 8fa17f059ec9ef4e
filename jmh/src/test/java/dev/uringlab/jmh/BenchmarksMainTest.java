package dev.uringlab.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchmarksMainTest {

    @Test
    void shouldGiveEachUnsetAxisParamTheAliasesTheRegistryRacesOnTheIncludedBenchmarks() {
        List<String> args = List.of(BenchmarksMain.withRegistryAliases(new String[] {"RegbBenchmark.regb", "-p", "ring=emulated"}));
        assertThat(args).containsSubsequence("-p", "completion=baseline,batched-cqe")
                .containsSubsequence("-p", "pollRearm=baseline,active-flag,poll-refs")
                .startsWith("RegbBenchmark.regb", "-p", "ring=emulated");
    }

    @Test
    void shouldLeaveAnAxisParamTheCommandLineSetsAlone() {
        List<String> args = List.of(BenchmarksMain.withRegistryAliases(new String[] {"RegbBenchmark.regb", "-p", "completion=baseline"}));
        assertThat(args).noneMatch(a -> a.startsWith("completion=baseline,"))
                .contains("pollRearm=baseline,active-flag,poll-refs");
    }

    @Test
    void shouldTakeAParamInItsKebabSpellingAsJmhsFieldName() {
        assertThat(BenchmarksMain.withJmhParamNames(new String[] {"Nops32Benchmark", "-p", "req-alloc=req-cache", "-p", "depth=32", "-f", "1"}))
                .containsExactly("Nops32Benchmark", "-p", "reqAlloc=req-cache", "-p", "depth=32", "-f", "1");
    }

    @Test
    void shouldJoinTheAliasesOfEveryIncludedBenchmarkOnOneAxis() {
        // reg.b races batched-cqe on completion, linked NOPs per-cqe-lock: each refuses the other's at setup
        List<String> args = List.of(BenchmarksMain.withRegistryAliases(new String[] {"RegbBenchmark.regb|LinkedNopsBenchmark"}));
        assertThat(args).contains("completion=baseline,batched-cqe,per-cqe-lock", "linkCqe=baseline,boxed-cqe,cqe-skip-success");
        assertThat(ParamRules.rejection("dev.uringlab.jmh.RegbBenchmark", java.util.Map.of("completion", "per-cqe-lock")))
                .hasValueSatisfying(r -> assertThat(r).contains("no registered strategy races per-cqe-lock on regb"));
    }
}
