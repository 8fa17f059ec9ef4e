package dev.uringlab.strategy.boxedcqe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.SqeFlags;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyProvider;
import org.junit.jupiter.api.Test;

/** The three providers are found by ServiceLoader under their aliases, with the kernels the profiles rely on. */
class ProvidersTest {

    @Test
    void shouldRegisterBothLinkCqeAliasesAndPerCqeLock() {
        assertThat(Strategies.find(Axis.LINK_CQE, "boxed-cqe").create(null)).isInstanceOf(LastOrFailedLinkCqe.class);
        assertThat(Strategies.find(Axis.LINK_CQE, "cqe-skip-success").create(null)).isInstanceOf(SkipSuccessLinkCqe.class);
        assertThat(Strategies.find(Axis.COMPLETION, "per-cqe-lock").create(null)).isInstanceOf(PerCqeLockPosting.class);
    }

    @Test
    void shouldMakeTheMergedFlagTheNewestLinkCqeStrategyNotTheRfc() {
        assertThat(Strategies.newestPatched(Axis.LINK_CQE)).isEqualTo(CqeSkipSuccessProvider.ALIAS);
    }

    @Test
    void shouldNeverLetAllPatchesPickThe56PostingPath() {
        assertThat(Strategies.of(Axis.COMPLETION)).extracting(StrategyProvider::alias).contains(Axis.BASELINE, PerCqeLockProvider.ALIAS);
        assertThat(Strategies.newestPatched(Axis.COMPLETION)).isNotEqualTo(PerCqeLockProvider.ALIAS);
    }

    @Test
    void shouldDeclareTheKernelsOwnFlagAsTheNativeEquivalentOfTheMergedFlagOnly() {
        assertThat(new CqeSkipSuccessProvider().nativeEquivalent()).hasValueSatisfying(e -> {
            assertThat(e.feature()).isEqualTo("IOSQE_CQE_SKIP_SUCCESS");
            assertThat(e.since()).isEqualTo("5.17");
            assertThat(e.sqeFlags()).isEqualTo(SqeFlags.IOSQE_CQE_SKIP_SUCCESS);
        });
        assertThat(new BoxedCqeProvider().nativeEquivalent()).as("an RFC's ring flag no kernel has").isEmpty();
        assertThat(new PerCqeLockProvider().nativeEquivalent()).as("5.6's posting path").isEmpty();
    }

    @Test
    void shouldDeclareNoOptions() {
        assertThat(new BoxedCqeProvider().options()).isEmpty();
        assertThat(new CqeSkipSuccessProvider().options()).isEmpty();
        assertThat(new PerCqeLockProvider().options()).isEmpty();
    }

    @Test
    void shouldGiveEveryProviderASummaryAndAKernel() {
        for (StrategyProvider<?> p : new StrategyProvider<?>[] {
                new BoxedCqeProvider(), new CqeSkipSuccessProvider(), new PerCqeLockProvider()}) {
            assertThat(p.summary()).isNotBlank();
            assertThat(p.kernel()).matches("\\d+\\.\\d+");
        }
    }
}
