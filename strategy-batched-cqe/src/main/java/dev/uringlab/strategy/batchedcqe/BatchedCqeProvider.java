package dev.uringlab.strategy.batchedcqe;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.StrategyOption;
import java.util.List;

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
        // In mainline from 6.2 until the array went: "io_uring: get rid of intermediate aux cqe caches"
        // (Pavel Begunkov, v3 of 2024-03-18, <b1d05a81fd27aaa2a07f9860af13059e7ad7a890.1710799188.git.asml.silence@gmail.com>,
        // in for-6.10/io_uring, so 6.10): from then on io_req_post_cqe fills an aux CQE at once (under
        // __io_cq_lock) and sets ctx->submit_state.cq_flush; 6.10 to 6.14 still committed and ran
        // io_commit_cqring_flush per CQE (__io_cq_unlock_post), 6.15 on defer both to the flush
        // (CqFlushPosting, post-cqe; 6.18.2 io_uring.c:940-966).
        super(Axis.COMPLETION, ALIAS, "6.2", Mainline.between("6.2", "6.10"),
                "aux (multishot) CQEs deferred into a 16-entry array and posted in one locked section before the batch's"
                    + " request CQEs: one lock, commit and eventfd signal per batch instead of per aux CQE",
                ctx -> new DeferredAuxCqePosting(ctx.counters(),
                        ctx.intOption(CQE_ARRAY_OPTION, DeferredAuxCqePosting.DEFAULT_CQE_ARRAY), ctx.trace()));
        raceContext("linux-6.1");
        raceOn("regb");
    }

    /** {@value #CQE_ARRAY_OPTION}, default {@value DeferredAuxCqePosting#DEFAULT_CQE_ARRAY}: the series' v1 swept 8, 16 and 32. */
    @Override
    public List<StrategyOption> options() {
        return List.of(new StrategyOption(CQE_ARRAY_OPTION, Integer.toString(DeferredAuxCqePosting.DEFAULT_CQE_ARRAY),
                "the length of the array aux CQEs are deferred into before one locked flush (io_submit_state.cqes)"));
    }
}
