package dev.uringlab.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.StrategyOption;
import dev.uringlab.workloads.linkednops.ChainCqes;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParamRulesTest {

    @Test
    void shouldNameEveryAxisParamAfterItsKeyInCamelCase() {
        assertThat(Axis.values().stream().map(ParamRules::paramName))
                .containsExactly("completion", "reqAlloc", "pollRearm", "linkCqe", "bioAlloc", "linkAdvance", "iowqComplete", "evPosted",
                        "enterRef", "getCqe", "taskWork", "nopFlags");
    }

    @Test
    void shouldAcceptBaselineAndOneAxisHeadToHeadOnTheEmulator() {
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "profile", "baseline", "reqAlloc", "baseline"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "profile", "baseline", "reqAlloc", "req-cache"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "linkCqe", "boxed-cqe", "completion", "per-cqe-lock"))).isEmpty();
    }

    @Test
    void shouldAcceptAllPatchesOnlyWithEveryAxisParamAtBaseline() {
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "profile", "all-patches", "reqAlloc", "baseline"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "profile", "all-patches", "reqAlloc", "req-cache")))
                .hasValueSatisfying(r -> assertThat(r).contains("profile=all-patches with reqAlloc=req-cache"));
    }

    @Test
    void shouldRejectProfilesAndEmulatedStrategiesOnTheNativeRing() {
        assertThat(ParamRules.rejection(Map.of("ring", "native", "profile", "baseline", "reqAlloc", "baseline"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "native", "profile", "all-patches")))
                .hasValueSatisfying(r -> assertThat(r).contains("ring=native with profile=all-patches"));
        assertThat(ParamRules.rejection(Map.of("ring", "native", "completion", "per-cqe-lock")))
                .hasValueSatisfying(r -> assertThat(r).contains("ring=native with completion=per-cqe-lock"));
    }

    @Test
    void shouldLetTheNativeRingRunTheKernelsOwnSkipFlag() {
        assertThat(ParamRules.rejection(Map.of("ring", "native", "linkCqe", "cqe-skip-success"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "native", "linkCqe", "boxed-cqe"))).isPresent();
    }

    @Test
    void shouldNameTheKernelFeatureTheRegistryDeclaresWhenRefusingTheNativeRing() {
        assertThat(ParamRules.rejection(Map.of("ring", "native", "linkCqe", "boxed-cqe")))
                .hasValueSatisfying(r -> assertThat(r).contains("linkCqe=cqe-skip-success, the kernel's own IOSQE_CQE_SKIP_SUCCESS (5.17)"));
    }

    @Test
    void shouldNameAnOptionParamAfterTheOptionsKey() {
        assertThat(ParamRules.paramName(new StrategyOption("cqe-array", "16", "array length"))).isEqualTo("cqeArray");
    }

    @Test
    void shouldShapeChainsFromTheRegistryNotFromAliasNames() {
        assertThat(ChainCqes.forLinkCqe("baseline")).isEqualTo(ChainCqes.EVERY_NOP);
        assertThat(ChainCqes.forLinkCqe("boxed-cqe")).isEqualTo(ChainCqes.LAST_BY_RING);
        assertThat(ChainCqes.forLinkCqe("cqe-skip-success")).isEqualTo(ChainCqes.LAST_BY_SKIP_FLAG);
    }

    @Test
    void shouldRunAStrategyOptionSweepOnlyWhereThatStrategyIsChosen() {
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "completion", "batched-cqe", "cqeArray", "8"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "completion", "baseline", "cqeArray", "16"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "completion", "baseline", "cqeArray", "32")))
                .hasValueSatisfying(r -> assertThat(r).contains("cqeArray=32 with completion=baseline"));
        assertThat(ParamRules.rejection(Map.of("ring", "native", "completion", "baseline", "cqeArray", "8"))).isPresent();
    }

    @Test
    void shouldIgnoreTheWorkloadsOwnParams() {
        assertThat(ParamRules.rejection(Map.of("ring", "native", "linkSize", "100", "async", "false"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "native", "linkSize", "10", "async", "true"))).isEmpty();
    }

    @Test
    void shouldRaceTheForceAsyncCaseOnlyWithLinksOfTenAsSeed003Did() {
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "linkSize", "100", "async", "true")))
                .hasValueSatisfying(r -> assertThat(r).contains("async=true with linkSize=100"));
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "async", "true"))).isEmpty();
    }

    @Test
    void shouldRaceTheMergedFlagOnlyOnTodaysPostingPath() {
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "linkCqe", "cqe-skip-success", "completion", "per-cqe-lock")))
                .hasValueSatisfying(r -> assertThat(r).contains("linkCqe=cqe-skip-success with completion=per-cqe-lock"));
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "linkCqe", "cqe-skip-success", "completion", "baseline"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "linkCqe", "boxed-cqe", "completion", "per-cqe-lock"))).isEmpty();
    }

    @Test
    void shouldRaceASeedInItsContextMovingThePatchedAxisAlone() {
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "profile", "linux-6.1", "completion", "batched-cqe"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "profile", "linux-5.6", "completion", "baseline",
                "linkCqe", "boxed-cqe"))).isEmpty();
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "profile", "linux-5.6", "completion", "per-cqe-lock")))
                .hasValueSatisfying(r -> assertThat(r).contains("linux-5.6 already runs per-cqe-lock"));
        assertThat(ParamRules.rejection(Map.of("ring", "emulated", "profile", "linux-6.1", "completion", "batched-cqe",
                "linkCqe", "boxed-cqe"))).hasValueSatisfying(r -> assertThat(r).contains("moves its patched axis alone"));
        assertThat(ParamRules.rejection(Map.of("ring", "native", "profile", "linux-6.1")))
                .hasValueSatisfying(r -> assertThat(r).contains("ring=native with profile=linux-6.1"));
    }
}
