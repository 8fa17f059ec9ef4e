package dev.uringlab.strategy.boxedcqe;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Mainline;

/**
 * Registers {@link PerCqeLockPosting} as {@value #ALIAS} on the {@code completion} axis. Its kernel is 5.6, older than
 * the 6.1 baseline, so the {@code all-patches} profile never picks it: it is the context of seed 003, not a patch.
 * In mainline from 5.6 (the kernel profile {@code linux-5.6}) until request completions were batched under one lock
 * (io_submit_flush_completions with struct io_comp_state, 5.8 by our reading of the history; no profile sits in between).
 */
public final class PerCqeLockProvider extends AbstractStrategyProvider<CompletionPosting> {
    /** The alias on the {@code completion} axis. */
    public static final String ALIAS = "per-cqe-lock";

    public PerCqeLockProvider() {
        super(Axis.COMPLETION, ALIAS, "5.6", Mainline.between("5.6", "5.8"),
                "the 5.6 posting path of seed 003's time: every CQE, request or aux, takes the completion lock, fills,"
                    + " commits, unlocks and runs ev_posted on its own; a suppressed CQE skips all of it",
                ctx -> new PerCqeLockPosting());
        raceOn("linked-nops");
    }
}
