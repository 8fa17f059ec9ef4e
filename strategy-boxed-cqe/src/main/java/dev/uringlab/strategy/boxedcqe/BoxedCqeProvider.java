package dev.uringlab.strategy.boxedcqe;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.LinkCqe;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.StrategyProvider;

/**
 * Registers {@link LastOrFailedLinkCqe} as {@value #ALIAS} on the {@code link-cqe} axis. Its kernel is 5.6, the RFC's base:
 * an RFC that was never merged, older than {@code cqe-skip-success}, so the {@code all-patches} profile never picks it.
 */
public final class BoxedCqeProvider implements StrategyProvider<LinkCqe> {
    /** The alias on the {@code link-cqe} axis. */
    public static final String ALIAS = "boxed-cqe";

    @Override
    public Axis<LinkCqe> axis() {
        return Axis.LINK_CQE;
    }

    @Override
    public String alias() {
        return ALIAS;
    }

    @Override
    public String kernel() {
        return "5.6";
    }

    @Override
    public String summary() {
        return "only the failed or last request of a link chain posts a CQE (the RFC's ring flag IORING_SETUP_BOXED_CQE):"
                + " one CQE per successful chain; drain is refused once links are used";
    }

    @Override
    public LinkCqe create(StrategyContext ctx) {
        return new LastOrFailedLinkCqe();
    }
}
