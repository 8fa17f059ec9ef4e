package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.CompletionLock;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Mainline;

/**
 * Completion posting as in 5.14 (fs/io_uring.c at v5.14), the kernel of seed 004: request
 * completions are batched as 6.1 batches them (io_submit_flush_completions, one locked section
 * and one io_cqring_ev_posted per batch), but the completion lock is taken with interrupts off
 * everywhere, since a block device's IRQ could still post under it: the batch's flush with
 * {@code spin_lock_irq} (v5.14 fs/io_uring.c:2136), io_req_complete_post with
 * {@code spin_lock_irqsave} (:1629), the poll's task work with {@code spin_lock_irq}
 * (io_poll_rewait, :4889). 5.15 made it a plain spinlock ("io_uring: remove IRQ aspect of
 * io_ring_ctx completion lock": v5.15 fs/io_uring.c:2324 takes {@code spin_lock}). 5.14 had no
 * aux CQE path of its own: a multishot poll's CQE is filled and committed under the lock its task
 * work took with {@code spin_lock_irq}, and the poll is re-armed after the commit, where 5.15
 * re-arms it before (the commit inside io_poll_complete, v5.14 fs/io_uring.c:4954, then the
 * re-add at :4974). Both sections are ring-api's, written once
 * ({@link CompletionContext#ioSubmitFlushCompletions}, {@link CompletionContext#ioPollTaskFuncCqe});
 * this class says which lock and which order.
 *
 * <p>Trade-off: the 6.1 baseline's batching, plus a local_irq_disable/enable pair per locked
 * section (one {@code irq} step of the recipes); nothing else differs on the emulated path.
 *
 * <p>Threading: stateless; called on the ring owner's thread (the SPI's rule).
 */
public final class IrqBatchCompletionPosting implements CompletionPosting {
    /** The alias on the {@code completion} axis. */
    public static final String ALIAS = "batch-irq";

    private static final IrqBatchCompletionPosting INSTANCE = new IrqBatchCompletionPosting();

    /** io_submit_flush_completions (v5.14 fs/io_uring.c:2130): spin_lock_irq (:2136), fill each, commit, unlock, ev_posted once. */
    @Override
    public void flushCompletions(CompletionContext cq, CompletionBatch batch) {
        cq.ioSubmitFlushCompletions(batch, CompletionLock.IRQ);
    }

    /**
     * A multishot poll's CQE from its task work (io_poll_task_func, v5.14 fs/io_uring.c:4958):
     * under the completion lock io_poll_rewait took with spin_lock_irq (:4889), io_poll_complete
     * (:4968) fills it through io_cqring_fill_event ({@code static noinline}, :1617, called at
     * :4947) and commits (:4954); only then does the entry go back on its waitqueue (:4974), and
     * spin_unlock_irq and io_cqring_ev_posted follow (:4976-4977). Never deferred. A CQE that
     * finds no room is refused when {@code allowOverflow} is false, as for a poll, and the
     * request ends.
     */
    @Override
    public boolean postAuxCqe(CompletionContext cq, long userData, int res, int cflags, boolean defer,
                              boolean allowOverflow) {
        return cq.ioPollTaskFuncCqe(userData, res, cflags, allowOverflow, CompletionLock.IRQ, true);
    }

    /** io_poll_rewait takes the lock with spin_lock_irq (v5.14 fs/io_uring.c:4889). */
    @Override
    public CompletionLock pollTaskWorkLock() {
        return CompletionLock.IRQ;
    }

    /** Registers alias {@value #ALIAS} (5.14) on axis {@code completion}. */
    public static final class Provider extends AbstractStrategyProvider<CompletionPosting> {
        public Provider() {
            super(Axis.COMPLETION, ALIAS, "5.14", Mainline.between("5.8", "5.15"),
                    "request CQEs flushed in one section per batch under spin_lock_irq; the completion lock taken with"
                        + " interrupts off everywhere (5.14); checked in 5.14, the start (5.8) by our reading",
                    ctx -> INSTANCE);
        }
    }
}
