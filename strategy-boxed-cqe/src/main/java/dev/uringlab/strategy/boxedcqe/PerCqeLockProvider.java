package dev.uringlab.strategy.boxedcqe;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionPosting;

/**
 * Registers {@link PerCqeLockPosting} as {@value #ALIAS} on the {@code completion} axis. Its kernel is 5.6, older than
 * the 6.1 baseline, so the {@code all-patches} profile never picks it: it is the context of seed 003, not a patch.
 */
public final class PerCqeLockProvider extends AbstractStrategyProvider<CompletionPosting> {
    /** The alias on the {@code completion} axis. */
    public static final String ALIAS = "per-cqe-lock";

    public PerCqeLockProvider() {
        super(Axis.COMPLETION, ALIAS, "5.6",
                "the 5.6 posting path of seed 003's time: every CQE, request or aux, takes the completion lock, fills,"
                    + " commits, unlocks and runs ev_posted on its own; a suppressed CQE skips all of it",
                ctx -> new PerCqeLockPosting());
    }
}
