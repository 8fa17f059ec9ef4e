package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.CompletionPosting;

/**
 * Completion posting as in Linux 6.1, before "io_uring: batch multishot completions" (seed
 * 000). Request completions are batched: __io_submit_flush_completions takes the completion
 * lock once for the whole {@code compl_reqs} batch, fills each request's CQE, commits the
 * tail, unlocks and runs ev_posted once. Every aux (multishot) CQE is posted alone by
 * io_post_aux_cqe: lock, io_fill_cqe_aux, commit, unlock, ev_posted, one CQE at a time, even
 * from task work; that per-CQE lock round trip (and eventfd signal) is what the patch removes.
 */
public final class CompletionBatchPosting implements CompletionPosting {

    /** __io_submit_flush_completions (6.1): one locked section for the batch, one ev_posted. */
    @Override
    public void flushCompletions(CompletionContext cq, CompletionBatch batch) {
        cq.lock();
        for (int i = 0, n = batch.size(); i < n; i++) {
            cq.ioFillCqeReq(batch.get(i));
        }
        cq.ioCommitCqring();
        cq.unlock();
        cq.ioCqringEvPosted();
    }

    /**
     * io_post_aux_cqe (6.1): never defers. When the CQ is full or CQEs wait on the overflow
     * list the CQE is not filled and the caller ends the multishot request; 6.1 would queue
     * this CQE on the overflow list instead, which the newer io_aux_cqe contract does not.
     */
    @Override
    public boolean postAuxCqe(CompletionContext cq, long userData, int res, int cflags, boolean defer) {
        cq.lock();
        boolean filled = cq.ioFillCqeAux(userData, res, cflags);
        cq.ioCommitCqring();
        cq.unlock();
        cq.ioCqringEvPosted();
        return filled;
    }

    /** Registers alias {@code baseline} on axis {@code completion}. */
    public static final class Provider extends AbstractStrategyProvider<CompletionPosting> {
        public Provider() {
            super(Axis.COMPLETION, Axis.BASELINE, "6.1",
                    "request CQEs flushed in one locked section per batch; every multishot CQE takes the lock, "
                    + "commits and runs ev_posted alone",
                    ctx -> new CompletionBatchPosting());
        }
    }
}
