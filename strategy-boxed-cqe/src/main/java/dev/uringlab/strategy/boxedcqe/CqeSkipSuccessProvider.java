package dev.uringlab.strategy.boxedcqe;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.LinkCqe;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.StrategyProvider;

/** Registers {@link SkipSuccessLinkCqe} as {@value #ALIAS} on the {@code link-cqe} axis (kernel 5.17). */
public final class CqeSkipSuccessProvider implements StrategyProvider<LinkCqe> {
    /** The alias on the {@code link-cqe} axis. */
    public static final String ALIAS = "cqe-skip-success";

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
        return "5.17";
    }

    @Override
    public String summary() {
        return "IOSQE_CQE_SKIP_SUCCESS (5.17): a request with the flag posts no CQE when it succeeds; a failure posts,"
                + " and silences the rest of its link when it had the flag; drain is refused after the first flagged SQE";
    }

    @Override
    public LinkCqe create(StrategyContext ctx) {
        return new SkipSuccessLinkCqe();
    }
}
