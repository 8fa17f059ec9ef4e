package dev.uringlab.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.RingConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The registry's answers that do not need a registered strategy (ring-api's tests have none on the class path). */
class StrategiesTest {

    @Test
    void shouldRefuseAnUnknownAxisNamingTheAxesThereAre() {
        RingConfig config = RingConfig.builder(8).strategy("link-cqes", "boxed-cqe").build();
        assertThatThrownBy(() -> Strategies.resolve(config)).isInstanceOf(UnknownStrategyException.class)
                .hasMessageContaining("link-cqes").hasMessageContaining("link-cqe,");
    }

    @Test
    void shouldRefuseAnUnknownProfileNamingTheProfilesThereAre() {
        RingConfig config = RingConfig.builder(8).profile("linux-9.9").build();
        assertThatThrownBy(() -> Strategies.resolve(config)).isInstanceOf(UnknownStrategyException.class)
                .hasMessageContaining("linux-9.9").hasMessageContaining("linux-5.6");
    }

    @Test
    void shouldListBaselineAndAllPatchesThenEveryKernelProfileOldestFirst() {
        List<String> profiles = Strategies.profiles();
        assertThat(profiles).startsWith(Strategies.PROFILE_BASELINE, Strategies.PROFILE_ALL_PATCHES);
        List<String> kernels = profiles.subList(2, profiles.size());
        assertThat(kernels).containsExactlyElementsOf(KernelProfile.values().stream().map(KernelProfile::name).toList());
        for (int i = 1; i < KernelProfile.values().size(); i++) {
            assertThat(Strategies.compareKernel(KernelProfile.values().get(i - 1).version(), KernelProfile.values().get(i).version()))
                    .as("%s before %s", kernels.get(i - 1), kernels.get(i)).isNegative();
        }
    }

    @Test
    void shouldFindEveryAxisByItsKebabKey() {
        for (Axis<?> axis : Axis.values()) {
            assertThat(Axis.byKey(axis.key())).hasValue(axis);
            assertThat(axis.key()).as("the user-facing key").matches("[a-z]+(-[a-z]+)*");
        }
    }
}
