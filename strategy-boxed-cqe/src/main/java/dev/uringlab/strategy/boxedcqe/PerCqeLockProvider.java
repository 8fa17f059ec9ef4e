package dev.uringlab.strategy.boxedcqe;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.StrategyProvider;

/**
 * Registers {@link PerCqeLockPosting} as {@value #ALIAS} on the {@code completion} axis. Its kernel is 5.6, older than
 * the 6.1 baseline, so the {@code all-patches} profile never picks it: it is the context of seed 003, not a patch.
 */
public final class PerCqeLockProvider implements StrategyProvider<CompletionPosting> {
    /** The alias on the {@code completion} axis. */
    public static final String ALIAS = "per-cqe-lock";

    @Override
    public Axis<CompletionPosting> axis() {
        return Axis.COMPLETION;
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
        return "the 5.6 posting path of seed 003's time: every CQE, request or aux, takes the completion lock, fills,"
                + " commits, unlocks and runs ev_posted on its own; a suppressed CQE skips all of it";
    }

    @Override
    public CompletionPosting create(StrategyContext ctx) {
        return new PerCqeLockPosting();
    }
}
