package dev.uringlab.strategy.batchedcqe;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionPosting;

/**
 * Registers {@link DeferredAuxCqePosting} as {@value #ALIAS} on the {@code completion} axis.
 * Its array length is the strategy option {@value #CQE_ARRAY_OPTION} (default
 * {@value DeferredAuxCqePosting#DEFAULT_CQE_ARRAY}), e.g. {@code --option cqe-array=32}.
 */
public final class BatchedCqeProvider extends AbstractStrategyProvider<CompletionPosting> {
    /** The alias on the completion axis. */
    public static final String ALIAS = "batched-cqe";
    /** The option naming the CQE array's length. */
    public static final String CQE_ARRAY_OPTION = "cqe-array";

    public BatchedCqeProvider() {
        super(Axis.COMPLETION, ALIAS, "6.2",
                "aux (multishot) CQEs deferred into a 16-entry array and posted in one locked section before the batch's"
                    + " request CQEs: one lock, commit and eventfd signal per batch instead of per aux CQE",
                ctx -> new DeferredAuxCqePosting(ctx.counters(),
                        ctx.intOption(CQE_ARRAY_OPTION, DeferredAuxCqePosting.DEFAULT_CQE_ARRAY), ctx.trace()));
    }
}
