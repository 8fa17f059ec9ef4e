package dev.uringlab.strategy.batchedcqe;

import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;

/**
 * Completion posting as of kernel 6.2, after "io_uring: batch multishot completions" (seed
 * 000): an aux (multishot) CQE posted from task-work context is not written under its own
 * lock section but kept in the submit state's CQE array ({@code submit_state.cqes[16]},
 * {@code cqes_count}); the array is written to the CQ ring under one completion-lock section
 * when it is full, and otherwise by the next batch flush, which posts it <em>before</em> the
 * batch's request CQEs, so every aux CQE of a multishot request precedes its terminal CQE.
 * The batch flush does all of it in one lock section with one tail commit and one
 * ev_posted (one eventfd signal), where the 6.1 baseline takes the lock, commits and runs
 * ev_posted once per aux CQE.
 *
 * <p>Trade-off: an aux CQE becomes visible to the application only at the end of the
 * task-work run that made it, not at once; and while the CQ is in overflow a deferred post
 * is refused outright (the multishot request ends), since whether it would fit is only
 * known under the lock.
 *
 * <p>The emulated kernel paths:
 * <ul>
 *   <li>{@link #postAuxCqe}: {@code io_aux_cqe} (io_uring.c, 6.2), with
 *       {@code __io_post_aux_cqe} as the non-deferred path;</li>
 *   <li>{@code ioFlushPostCqes}: {@code __io_flush_post_cqes};</li>
 *   <li>{@link #flushCompletions}: {@code __io_submit_flush_completions}.</li>
 * </ul>
 *
 * <p>Threading: every method runs on the ring owner's thread with {@code ctx->uring_lock}
 * held (the SPI's rule), so the array and its count are plain fields with a single writer,
 * as {@code submit_state} is in the kernel; the CQEs reach the application through the
 * engine's release store of the CQ tail ({@link CompletionContext#ioCommitCqring()}).
 */
public final class DeferredAuxCqePosting implements CompletionPosting {
    /** ARRAY_SIZE(ctx->submit_state.cqes) in 6.2. */
    public static final int DEFAULT_CQE_ARRAY = 16;

    private final Counters counters;
    private final Trace trace;
    /** {@code submit_state.cqes[]}, as three columns of user_data, res and flags. */
    private final long[] cqeUserData;
    private final int[] cqeRes;
    private final int[] cqeFlags;
    /** {@code submit_state.cqes_count}. */
    private int cqesCount;

    /**
     * @param counters the ring's counters
     * @param cqeArray the CQE array's length (16 in the kernel; the series' v1 swept 8, 16 and 32)
     */
    public DeferredAuxCqePosting(Counters counters, int cqeArray) {
        this(counters, cqeArray, Trace.OFF);
    }

    /**
     * @param counters the ring's counters
     * @param cqeArray the CQE array's length
     * @param trace    the ring's trace: each deferral and each array flush is a step
     */
    public DeferredAuxCqePosting(Counters counters, int cqeArray, Trace trace) {
        if (cqeArray <= 0) {
            throw new IllegalArgumentException("cqe array length must be positive: " + cqeArray);
        }
        this.counters = counters;
        this.trace = trace;
        this.cqeUserData = new long[cqeArray];
        this.cqeRes = new int[cqeArray];
        this.cqeFlags = new int[cqeArray];
    }

    /** The CQE array's length. */
    public int cqeArrayLength() {
        return cqeRes.length;
    }

    /**
     * io_aux_cqe ("[PATCH for-next v3 5/9] io_uring: add io_aux_cqe which allows deferred
     * completion", 2022-11-24, io_uring/io_uring.c:833 after it; called from poll.c:255,
     * out of line). Not deferred: {@code __io_post_aux_cqe}
     * ({@link CompletionContext#ioPostAuxCqe}): lock, fill, commit, unlock, ev_posted, for this
     * one CQE. Deferred: when the array is full, write it out under one lock section (no commit
     * and no ev_posted: "the flush is deferred" to the batch flush that is now certain to
     * follow); then, if the CQ is in overflow and the caller does not allow overflow (poll),
     * refuse the CQE so the multishot request ends; else keep it in the array.
     */
    @Override
    @OutOfLine("io_aux_cqe")
    public boolean postAuxCqe(CompletionContext cq, long userData, int res, int cflags, boolean defer,
                              boolean allowOverflow) {
        trace.step(StepKind.CALL, "io_aux_cqe");
        if (!defer) {
            return cq.ioPostAuxCqe(userData, res, cflags, allowOverflow);
        }
        if (cqesCount == cqeRes.length) {
            cq.lock();
            ioFlushPostCqes(cq);
            cq.unlock();
        }
        // As the series says: not as strict as the locked check, but it bounds the CQEs a
        // multishot request can post while the CQ is in overflow, which is its purpose.
        if (!allowOverflow && cq.overflowPending()) {
            return false;
        }
        int i = cqesCount++;
        cqeUserData[i] = userData;
        cqeRes[i] = res;
        cqeFlags[i] = cflags;
        counters.inc(Counter.AUX_CQE_DEFERRED);
        trace.emit(TracePoint.IO_AUX_CQE_DEFERRED, userData, res, cflags, cqesCount);
        return true;
    }

    /**
     * __io_submit_flush_completions (out of line: static, called through io_submit_flush_completions
     * from every task-work run; v3 4/9 makes it run when only aux CQEs are cached): under one
     * completion-lock section, the deferred aux CQEs first ("must come first to preserve CQE
     * ordering in failure cases"), then every request CQE of the batch; then io_cq_unlock_post:
     * one tail commit, unlock, and one ev_posted.
     */
    @Override
    @OutOfLine("__io_submit_flush_completions")
    public void flushCompletions(CompletionContext cq, CompletionBatch batch) {
        trace.step(StepKind.CALL, "__io_submit_flush_completions");
        cq.lock();
        if (cqesCount != 0) {
            ioFlushPostCqes(cq);
        }
        for (int i = 0, n = batch.size(); i < n; i++) {
            cq.ioFillCqeReq(batch.get(i));
        }
        cq.ioCqUnlockPost(); // the series' base calls io_cq_unlock_post here (v3 4/9, io_uring.c:1354)
    }

    @Override
    public boolean hasDeferred() {
        return cqesCount != 0;
    }

    /**
     * __io_flush_post_cqes, completion lock held: write every cached CQE in order; one that
     * does not fit (CQ full, or CQEs already waiting there) goes to the overflow list, so
     * nothing is lost and the order holds.
     */
    private void ioFlushPostCqes(CompletionContext cq) {
        trace.emit(TracePoint.IO_FLUSH_POST_CQES, cqesCount);
        for (int i = 0; i < cqesCount; i++) {
            if (!cq.ioFillCqeAux(cqeUserData[i], cqeRes[i], cqeFlags[i])) {
                cq.ioCqringEventOverflow(cqeUserData[i], cqeRes[i], cqeFlags[i]);
            }
        }
        cqesCount = 0;
    }
}
