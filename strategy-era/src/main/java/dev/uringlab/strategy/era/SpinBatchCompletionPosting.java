package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.CompletionLock;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Mainline;

/**
 * Completion posting as in 5.15 and 5.16 (v5.15 fs/io_uring.c, 5.16.10 for 5.16): the 6.1
 * baseline's batching and plain completion spinlock, without 6.1's functions. Request CQEs:
 * io_submit_flush_completions (v5.15 :2317; 5.16's __io_submit_flush_completions, 5.16.10 :2416),
 * a static function of fs/io_uring.c taken as inlined, so no {@code call} step (the 6.1 baseline
 * traces {@code __io_submit_flush_completions}). A multishot poll's CQE: io_poll_task_func fills it
 * under the completion lock io_poll_rewait took, through io_cqring_fill_event, which is
 * {@code static noinline} (v5.15 :1775, called at :5341; 5.16.10 :1896), then commits, unlocks and
 * runs io_cqring_ev_posted inline (v5.15 :5384-5386): no io_post_aux_cqe, no io_cq_unlock_post,
 * which came later; the poll's entry goes back on its waitqueue between the fill and the commit
 * (:5382, before :5384). A CQE that finds no room is handled as the caller asks, as in the
 * baseline. Both sections are ring-api's, written once ({@link CompletionContext#ioSubmitFlushCompletions},
 * {@link CompletionContext#ioPollTaskFuncCqe}); this class says which lock and which order.
 *
 * <p>Threading: stateless; called on the ring owner's thread (the SPI's rule).
 */
public final class SpinBatchCompletionPosting implements CompletionPosting {
    /** The alias on the {@code completion} axis. */
    public static final String ALIAS = "batch-5.15";

    private static final SpinBatchCompletionPosting INSTANCE = new SpinBatchCompletionPosting();

    /** io_submit_flush_completions (v5.15 fs/io_uring.c:2317): spin_lock, fill each, commit, unlock, ev_posted once. */
    @Override
    public void flushCompletions(CompletionContext cq, CompletionBatch batch) {
        cq.ioSubmitFlushCompletions(batch, CompletionLock.SPIN);
    }

    /**
     * io_poll_task_func's CQE (v5.15 fs/io_uring.c:5361): spin_lock (io_poll_rewait), io_cqring_fill_event,
     * the re-add of the entry, then io_commit_cqring (:5375-5384), unlock, ev_posted.
     */
    @Override
    public boolean postAuxCqe(CompletionContext cq, long userData, int res, int cflags, boolean defer,
                              boolean allowOverflow) {
        return cq.ioPollTaskFuncCqe(userData, res, cflags, allowOverflow, CompletionLock.SPIN, false);
    }

    /** Registers alias {@value #ALIAS} (5.15) on axis {@code completion}. */
    public static final class Provider extends AbstractStrategyProvider<CompletionPosting> {
        public Provider() {
            super(Axis.COMPLETION, ALIAS, "5.15", Mainline.between("5.15", "5.17"),
                    "request CQEs flushed in one section per batch under the plain completion spinlock; a multishot"
                        + " poll CQE filled by io_cqring_fill_event in its task work's locked section (5.15, 5.16)",
                    ctx -> INSTANCE);
        }
    }
}
