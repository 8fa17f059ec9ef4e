package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.CompletionLock;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Mainline;

/**
 * Completion posting of the 5.x kernels that batch request completions but post a multishot
 * poll's CQE from its task work through io_cqring_fill_event, before 6.x's io_post_aux_cqe: 5.14
 * ({@code batch-irq}, the kernel of seed 004) and 5.15/5.16 ({@code batch-5.15}, seeds 001's and
 * 002's). The two differ in two things only, which each alias states:
 * <ul>
 *   <li>the completion lock: 5.14 takes it with interrupts off everywhere, since a block device's
 *       IRQ could still post under it: the batch's flush with {@code spin_lock_irq} (v5.14
 *       fs/io_uring.c:2136), io_poll_rewait with {@code spin_lock_irq} (:4889); 5.15 made it a
 *       plain spinlock ("io_uring: remove IRQ aspect of io_ring_ctx completion lock": v5.15
 *       fs/io_uring.c:2324, io_poll_rewait :5283);</li>
 *   <li>where the poll is re-armed in its CQE's locked section: 5.14's io_poll_complete commits
 *       and io_poll_task_func re-adds the entry after (v5.14 :4968 -> 4954, then :4974); 5.15
 *       re-adds it between the fill and the commit ("io_uring: fix possible poll event lost in
 *       multi shot mode", v5.15 :5375-5384).</li>
 * </ul>
 * Request CQEs: io_submit_flush_completions (v5.14 :2130, v5.15 :2317; 5.16's
 * __io_submit_flush_completions, 5.16.10 :2416), a static function of fs/io_uring.c taken as
 * inlined, so no {@code call} step (the 6.1 baseline traces {@code __io_submit_flush_completions}).
 * A multishot poll's CQE: under the lock io_poll_rewait took, io_cqring_fill_event, which is
 * {@code static noinline} (v5.14 :1617, v5.15 :1775, 5.16.10 :1896), the commit and the re-arm in
 * the kernel's order, the unlock, io_cqring_ev_posted inline (v5.14 :4976-4977, v5.15
 * :5384-5386): no io_post_aux_cqe, no io_cq_unlock_post, which came later. Both sections are
 * ring-api's, written once ({@link CompletionContext#ioSubmitFlushCompletions},
 * {@link CompletionContext#ioPollTaskFuncCqe}); this class says which lock and which order. A poll
 * CQE that finds no room overflows and the poll stays armed, as 5.x had it.
 *
 * <p>Trade-off: the 6.1 baseline's batching; 5.14 adds a local_irq_disable/enable pair per locked
 * section (one {@code irq} step of the recipes).
 *
 * <p>Threading: stateless; called on the ring owner's thread (the SPI's rule).
 */
public final class FillEventCompletionPosting implements CompletionPosting {
    /** 5.14's alias on the {@code completion} axis. */
    public static final String IRQ_ALIAS = "batch-irq";
    /** 5.15's and 5.16's alias on the {@code completion} axis. */
    public static final String SPIN_ALIAS = "batch-5.15";

    private static final FillEventCompletionPosting IRQ = new FillEventCompletionPosting(CompletionLock.IRQ, true);
    private static final FillEventCompletionPosting SPIN = new FillEventCompletionPosting(CompletionLock.SPIN, false);

    /** How this kernel takes the completion lock in the flush and the poll's task work. */
    private final CompletionLock lock;
    /** 5.14: the poll re-armed after io_commit_cqring; 5.15: before it. */
    private final boolean rearmAfterCommit;

    private FillEventCompletionPosting(CompletionLock lock, boolean rearmAfterCommit) {
        this.lock = lock;
        this.rearmAfterCommit = rearmAfterCommit;
    }

    /** io_submit_flush_completions: the lock, fill each, commit, unlock, ev_posted once. */
    @Override
    public void flushCompletions(CompletionContext cq, CompletionBatch batch) {
        cq.ioSubmitFlushCompletions(batch, lock);
    }

    /**
     * io_poll_task_func's CQE (v5.14 :4958, v5.15 :5361): never deferred, never refused (a CQE that
     * finds no room overflows and the poll stays armed: {@link CompletionContext#ioPollTaskFuncCqe}),
     * so {@code allowOverflow} is not read.
     */
    @Override
    public boolean postAuxCqe(CompletionContext cq, long userData, int res, int cflags, boolean defer,
                              boolean allowOverflow) {
        cq.ioPollTaskFuncCqe(userData, res, cflags, lock, rearmAfterCommit);
        return true;
    }

    /** io_poll_rewait's lock: spin_lock_irq in 5.14 (:4889), spin_lock in 5.15. */
    @Override
    public CompletionLock pollTaskWorkLock() {
        return lock;
    }

    /** Registers alias {@value #IRQ_ALIAS} (5.14) on axis {@code completion}. */
    public static final class IrqProvider extends AbstractStrategyProvider<CompletionPosting> {
        public IrqProvider() {
            super(Axis.COMPLETION, IRQ_ALIAS, "5.14", Mainline.between("5.8", "5.15"),
                    "request CQEs flushed in one section per batch under spin_lock_irq; the completion lock taken with"
                        + " interrupts off everywhere; a poll re-armed after its CQE's commit (5.14); checked in 5.14,"
                        + " the start (5.8) by our reading",
                    ctx -> IRQ);
        }
    }

    /** Registers alias {@value #SPIN_ALIAS} (5.15) on axis {@code completion}. */
    public static final class SpinProvider extends AbstractStrategyProvider<CompletionPosting> {
        public SpinProvider() {
            super(Axis.COMPLETION, SPIN_ALIAS, "5.15", Mainline.between("5.15", "5.17"),
                    "request CQEs flushed in one section per batch under the plain completion spinlock; a multishot"
                        + " poll CQE filled by io_cqring_fill_event in its task work's locked section (5.15, 5.16)",
                    ctx -> SPIN);
        }
    }
}
