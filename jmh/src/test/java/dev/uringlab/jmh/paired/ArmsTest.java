package dev.uringlab.jmh.paired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.Ring;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArmsTest {
    private static final ArmSpec NOPS = ArmSpec.parse("Nops32Benchmark.nops32 depth=32 profile=linux-5.15 reqAlloc=req-cache ring=emulated");

    @Test
    void shouldReadAndWriteTheSpellingOfAPlanPoint() {
        assertThat(NOPS.benchmark()).isEqualTo("dev.uringlab.jmh.Nops32Benchmark.nops32");
        assertThat(NOPS.params()).containsExactly(Map.entry("depth", "32"), Map.entry("profile", "linux-5.15"),
                Map.entry("reqAlloc", "req-cache"), Map.entry("ring", "emulated"));
        assertThat(ArmSpec.parse(NOPS.toString())).isEqualTo(NOPS);
        assertThatThrownBy(() -> ArmSpec.parse("depth=32")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ArmSpec.parse("Nops32Benchmark.nops32 depth")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldGiveEachArmItsOwnCopyOfEveryClassButTheJdks() throws Exception {
        Arms.Opened one = Arms.open("arm a", NOPS);
        Arms.Opened two = Arms.open("arm b", NOPS);
        try {
            for (Arms.Opened arm : new Arms.Opened[] {one, two}) {
                assertThat(arm.slices().getClass().getName()).isEqualTo(Arm.class.getName());
                assertThat(arm.slices().getClass()).isNotSameAs(Arm.class);
                assertThat(arm.slices().getClass().getClassLoader()).isSameAs(arm.loader());
                assertThat(arm.loader().loadClass(Ring.class.getName())).isNotSameAs(Ring.class);
                assertThat(arm.loader().loadClass("dev.uringlab.core.IoRingCtx").getClassLoader()).isSameAs(arm.loader());
                assertThat(arm.loader().loadClass(String.class.getName())).isSameAs(String.class);
            }
            assertThat(one.loader().loadClass("dev.uringlab.core.IoRingCtx")).isNotSameAs(two.loader().loadClass("dev.uringlab.core.IoRingCtx"));
        } finally {
            one.states().close();
            two.states().close();
        }
    }

    @Test
    void shouldRunTheArmUntilTheDeadlineCountingItsOperations() throws Exception {
        Arms.Opened arm = Arms.open("arm a", NOPS);
        try {
            long t0 = System.nanoTime();
            long ops = arm.slices().applyAsLong(t0 + 5_000_000L);
            assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(5_000_000L);
            assertThat(ops).isPositive().isEqualTo(ops / 128 * 128); // whole invocations of 128 NOPs
            assertThat(arm.slices().applyAsLong(0)).isEqualTo(128); // a past deadline still runs one invocation
        } finally {
            arm.states().close();
        }
    }

    @Test
    void shouldRefuseAParamTheArmDoesNotGiveWhenItHasSeveralValues() {
        assertThatThrownBy(() -> Arms.open("arm a", ArmSpec.parse("Nops32Benchmark.nops32 ring=emulated profile=baseline reqAlloc=baseline")))
                .hasRootCauseMessage("the arm gives no value for @Param depth (one of 1, 8, 32, 128)");
    }
}
