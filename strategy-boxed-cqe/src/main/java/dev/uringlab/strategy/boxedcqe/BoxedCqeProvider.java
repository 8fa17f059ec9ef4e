package dev.uringlab.strategy.boxedcqe;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.LinkCqe;
import dev.uringlab.spi.Mainline;

/**
 * Registers {@link LastOrFailedLinkCqe} as {@value #ALIAS} on the {@code link-cqe} axis. Its kernel is 5.6, the RFC's base:
 * an RFC that was never merged, older than {@code cqe-skip-success}, so the {@code all-patches} profile never picks it, and,
 * never merged ({@link Mainline#NEVER}), no kernel profile does either: it is only ever the patched arm of seed 003's race.
 */
public final class BoxedCqeProvider extends AbstractStrategyProvider<LinkCqe> {
    /** The alias on the {@code link-cqe} axis. */
    public static final String ALIAS = "boxed-cqe";

    public BoxedCqeProvider() {
        super(Axis.LINK_CQE, ALIAS, "5.6", Mainline.NEVER,
                "only the failed or last request of a link chain posts a CQE (the RFC's ring flag IORING_SETUP_BOXED_CQE):"
                    + " one CQE per successful chain; drain is refused once links are used",
                ctx -> new LastOrFailedLinkCqe());
        raceContext("linux-5.6");
        raceOn("linked-nops");
    }
}
