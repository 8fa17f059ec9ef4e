package dev.uringlab.strategy.boxedcqe;

import dev.uringlab.api.SqeFlags;
import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.LinkCqe;
import dev.uringlab.spi.NativeEquivalent;
import java.util.Optional;

/** Registers {@link SkipSuccessLinkCqe} as {@value #ALIAS} on the {@code link-cqe} axis (kernel 5.17). */
public final class CqeSkipSuccessProvider extends AbstractStrategyProvider<LinkCqe> {
    /** The alias on the {@code link-cqe} axis. */
    public static final String ALIAS = "cqe-skip-success";

    public CqeSkipSuccessProvider() {
        super(Axis.LINK_CQE, ALIAS, "5.17",
                "IOSQE_CQE_SKIP_SUCCESS (5.17): a request with the flag posts no CQE when it succeeds; a failure posts,"
                    + " and silences the rest of its link when it had the flag; drain is refused after the first flagged SQE",
                ctx -> new SkipSuccessLinkCqe());
        raceOn("linked-nops");
        raceOnlyWith("profile", "baseline",
                "IOSQE_CQE_SKIP_SUCCESS came with 5.17; seed 003's 5.6 context is raced with boxed-cqe");
        raceOnlyWith("completion", "baseline",
                "no kernel had IOSQE_CQE_SKIP_SUCCESS (5.17) on the 5.6 posting path; seed 003's context is raced with boxed-cqe");
    }

    /** The kernel's own flag: a workload that sets it runs unchanged on the native ring. */
    @Override
    public Optional<NativeEquivalent> nativeEquivalent() {
        return Optional.of(new NativeEquivalent("IOSQE_CQE_SKIP_SUCCESS", "5.17", SqeFlags.IOSQE_CQE_SKIP_SUCCESS));
    }
}
