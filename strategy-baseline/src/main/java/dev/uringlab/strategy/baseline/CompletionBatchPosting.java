package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.CompletionLock;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * Completion posting as in Linux 6.1, before "io_uring: batch multishot completions" (seed
 * 000). Request completions are batched: __io_submit_flush_completions takes the completion
 * lock once for the whole {@code compl_reqs} batch, fills each request's CQE, commits the
 * tail, unlocks and runs ev_posted once. Every aux (multishot) CQE is posted alone by
 * io_post_aux_cqe: lock, io_fill_cqe_aux, commit, unlock, ev_posted, one CQE at a time, even
 * from task work; that per-CQE lock round trip (and eventfd signal) is what the patch removes.
 */
public final class CompletionBatchPosting implements CompletionPosting {
    private final Trace trace;

    /** @param trace the ring's trace: each io_post_aux_cqe is a {@code call} step */
    public CompletionBatchPosting(Trace trace) {
        this.trace = trace;
    }

    /** __io_submit_flush_completions (6.1): one locked section for the batch, one ev_posted. */
    @Override
    @OutOfLine("__io_submit_flush_completions")
    public void flushCompletions(CompletionContext cq, CompletionBatch batch) {
        trace.step(StepKind.CALL, "__io_submit_flush_completions");
        cq.ioSubmitFlushCompletions(batch, CompletionLock.SPIN);
    }

    /**
     * io_post_aux_cqe (6.1, io_uring/io_uring.c:814 in v6.1-rc7, called out of line from poll.c:290):
     * never defers; lock, fill, then io_cq_unlock_post (commit, unlock, ev_posted; a function of
     * the same file, inlined) for this one CQE ({@link CompletionContext#ioPostAuxCqe}). A CQE
     * that finds no room is refused (the poll path's {@code allowOverflow} is false) and the
     * caller ends the multishot request.
     */
    @Override
    @OutOfLine("io_post_aux_cqe")
    public boolean postAuxCqe(CompletionContext cq, long userData, int res, int cflags, boolean defer,
                              boolean allowOverflow) {
        trace.step(StepKind.CALL, "io_post_aux_cqe");
        return cq.ioPostAuxCqe(userData, res, cflags, allowOverflow);
    }

    /**
     * Registers alias {@code baseline} on axis {@code completion}: in mainline until seed 000's array
     * replaced the per-CQE post for task work (6.2, {@code batched-cqe}).
     */
    public static final class Provider extends AbstractStrategyProvider<CompletionPosting> {
        public Provider() {
            super(Axis.COMPLETION, Axis.BASELINE, "6.1", Mainline.between("6.1", "6.2"),
                    "request CQEs flushed in one locked section per batch; every multishot CQE takes the lock, "
                    + "commits and runs ev_posted alone",
                    ctx -> new CompletionBatchPosting(ctx.trace()));
        }
    }
}
