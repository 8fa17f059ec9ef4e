package dev.uringlab.strategy.boxedcqe;

import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.recipe.OutOfLine;

/**
 * Completion posting as in 5.6, the kernel the RFC of seed 003 was measured on: every CQE is
 * posted on its own by io_cqring_add_event, which takes {@code ctx->completion_lock} with interrupts off (spin_lock_irqsave), fills the
 * CQE (io_cqring_fill_event), commits the tail (io_commit_cqring), unlocks and runs
 * io_cqring_ev_posted. A NOP completed that way (io_nop), and so did every other request; aux
 * CQEs of multishot requests, which 5.6 did not have, take the same path. Nothing is batched
 * or deferred: a completion batch of N requests costs N lock sections, N release stores of the
 * tail and N wakeups, where the 6.1 baseline pays one of each per batch.
 *
 * <p>With the RFC applied, io_cqring_add_event asks io_ignore_cqe before taking the lock, so
 * a suppressed CQE (REQ_F_CQE_SKIP here) costs no lock, commit or wakeup at all: that is where
 * the RFC's saving came from, and why it is larger here than with batched posting.
 *
 * <p>Threading: stateless; called on the ring owner's thread (the SPI's rule).
 */
public final class PerCqeLockPosting implements CompletionPosting {

    /** Posts each request of the batch alone, in completion order (io_cqring_add_event per request). */
    @Override
    @OutOfLine("__io_submit_flush_completions")
    public void flushCompletions(CompletionContext cq, CompletionBatch batch) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            cq.ioCqringAddEvent(batch.get(i)); // with the RFC, io_ignore_cqe returns before the lock
        }
    }

    /** 5.6: the handler posts its CQE itself (io_nop -> io_cqring_add_event), nothing waits for a flush. */
    @Override
    public boolean postsAtCompletion() {
        return true;
    }

    /**
     * An aux CQE through the same per-CQE path, never deferred ({@link CompletionContext#ioPostAuxCqe}).
     * When it does not fit and {@code allowOverflow} is false, as for multishot poll, it is
     * refused and the request ends.
     */
    @Override
    public boolean postAuxCqe(CompletionContext cq, long userData, int res, int cflags, boolean defer,
                              boolean allowOverflow) {
        return cq.ioPostAuxCqe(userData, res, cflags, allowOverflow);
    }
}
