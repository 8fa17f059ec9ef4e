package dev.uringlab.core;

import static dev.uringlab.api.Errno.EINTR;
import static dev.uringlab.api.Errno.ETIME;

import dev.uringlab.core.sync.WaitQueueEntry;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.TracePoint;
import java.util.concurrent.locks.LockSupport;

/**
 * Waiting for completions, from io_uring/wait.c (io_uring.c before 6.15): io_cqring_wait
 * and the owner's entry on {@code ctx->cq_wait}. In threaded mode the owner parks with
 * {@code uring_lock} released until task work ({@link IoUringTask}) or a CQ wakeup
 * (ev_posted) arrives, or its deadline passes. In deterministic mode nothing can arrive from
 * elsewhere, so it never blocks.
 */
final class IoWait {
    private IoWait() {}

    /** The owner's entry on {@code cq_wait} (io_wait_queue with autoremove_wake_function). */
    private static final class CqWaiter extends WaitQueueEntry {
        private final IoRingCtx ctx;

        CqWaiter(IoRingCtx ctx) {
            this.ctx = ctx;
        }

        @Override
        protected int wake(int key) {
            ctx.cq.cqWait.listDelInit(this);
            LockSupport.unpark(ctx.owner);
            return 1;
        }
    }

    /**
     * io_cqring_wait: run task work (a DEFER_TASKRUN ring's local work first: io_run_task_work_ctx),
     * flush overflow, and wait until {@code minEvents} CQEs are
     * in the ring (never more than the CQ holds). Threaded: parks until woken or
     * {@code deadline} (a nanoTime; -1 for none) passes (-ETIME), -EINTR when interrupted.
     * Deterministic: returns 0 (-ETIME when a deadline was given) once task work is exhausted.
     */
    @OutOfLine("io_cqring_wait")
    static int ioCqringWait(IoRingCtx ctx, int minEvents, long deadline) {
        IoCqRing cq = ctx.cq;
        IoUringTask tctx = ctx.tctx;
        minEvents = Math.min(minEvents, ctx.cqEntries);
        tctx.ioRunTaskWorkCtx(true);
        cq.ioCqringOverflowFlush();
        ctx.trace.emit(TracePoint.IO_CQRING_WAIT, minEvents, cq.cqEventsUser());
        if (cq.cqEventsUser() >= minEvents) {
            return 0;
        }
        ctx.counters.inc(Counter.CQRING_WAIT); // trace_io_uring_cqring_wait: too few CQEs, the wait begins
        if (ctx.deterministic) {
            return deadline >= 0 ? -ETIME : 0;
        }
        CqWaiter waiter = new CqWaiter(ctx);
        while (true) {
            cq.cqWait.addWaitQueue(waiter); // prepare_to_wait_exclusive
            tctx.ownerWaiting = true;
            try {
                if (!tctx.hasWorkCtx() && !cq.overflowPending() && cq.cqEventsUser() < minEvents) {
                    if (Thread.currentThread().isInterrupted()) {
                        return -EINTR;
                    }
                    park(ctx, deadline);
                }
            } finally {
                tctx.ownerWaiting = false;
                if (!ctx.isClosed()) {
                    cq.cqWait.removeWaitQueue(waiter); // finish_wait
                }
            }
            if (ctx.isClosed()) {
                throw new IllegalStateException("the ring was closed while its owner waited for completions");
            }
            tctx.ioRunTaskWorkCtx(true);
            if (ctx.drainActive) {
                IoComplete.ioFlushCachedLockedReqs(ctx); // a worker's post may be what a drain waits for
            }
            cq.ioCqringOverflowFlush();
            if (cq.cqEventsUser() >= minEvents) {
                return 0;
            }
            if (deadline >= 0 && System.nanoTime() - deadline >= 0) {
                return -ETIME;
            }
        }
    }

    /** schedule() with uring_lock dropped, as io_cqring_wait sleeps without it. */
    private static void park(IoRingCtx ctx, long deadline) {
        ctx.uringLock.unlock();
        try {
            // schedule(): the owner sleeps, and is woken (try_to_wake_up of a sleeping task: sched_waking),
            // counted once per sleep whoever woke it (task_work_add's TWA_SIGNAL, io_wake_function, a timeout)
            ctx.counters.inc(Counter.SCHED_SWITCH);
            ctx.counters.inc(Counter.SCHED_WAKING);
            if (deadline < 0) {
                LockSupport.park(ctx);
            } else {
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    LockSupport.parkNanos(ctx, left);
                }
            }
        } finally {
            ctx.uringLock.lock();
        }
    }
}
