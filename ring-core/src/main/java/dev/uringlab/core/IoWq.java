package dev.uringlab.core;

import dev.uringlab.spi.Counter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * io-wq (io_uring/io-wq.c): the pool of worker threads that run requests punted with
 * IOSQE_ASYNC (or drained, or the tail of an unfinished link). io_wq_enqueue appends the work
 * under the accounting lock ({@code acct->lock}) and wakes a free worker, or creates one up
 * to the bound ({@code max_workers}, here min(SQ entries, 4 x CPUs) as io_uring sets it).
 * A worker runs io_wq_submit_work; the {@code iowq-complete} strategy decides whether it posts
 * the CQE itself under the completion lock and runs the rest of the chain (io_wq_free_work), or
 * hands the completion to the ring owner as task work.
 *
 * <p>In deterministic mode there are no threads: io_wq_enqueue runs the work at once on the
 * submitting thread, in submission order, so the CQE stream of a run is reproducible; the
 * completion takes the same way as on a worker.
 */
final class IoWq {
    private final IoRingCtx ctx;
    private final boolean inline;
    private final int maxWorkers;
    private final ReentrantLock acctLock = new ReentrantLock();
    private final Condition workAvailable = acctLock.newCondition();
    /** acct->work_list; guarded by acctLock. */
    private final ArrayDeque<IoRequest> workList = new ArrayDeque<>();
    private final List<Thread> workers = new ArrayList<>();
    private int nrFree;
    private boolean exiting;

    IoWq(IoRingCtx ctx, boolean deterministic, int sqEntries) {
        this.ctx = ctx;
        this.inline = deterministic;
        this.maxWorkers = Math.min(sqEntries, 4 * Runtime.getRuntime().availableProcessors());
    }

    /** io_wq_enqueue: called by the ring owner with uring_lock held. */
    void ioWqEnqueue(IoRequest req) {
        ctx.counters.inc(Counter.IO_WQ_ENQUEUE);
        if (inline) {
            IoIssue.ioWqSubmitWork(ctx, req);
            return;
        }
        acctLock.lock();
        try {
            if (exiting) {
                throw new IllegalStateException("io_wq_enqueue on an exiting io-wq");
            }
            workList.addLast(req);
            if (nrFree > 0) {
                workAvailable.signal(); // io_wq_activate_free_worker
            } else if (workers.size() < maxWorkers) {
                createWorker();
            }
        } finally {
            acctLock.unlock();
        }
    }

    private void createWorker() {
        Thread t = new Thread(this::ioWorkerHandleWork, "iou-wrk-" + workers.size());
        t.setDaemon(true);
        workers.add(t);
        t.start();
    }

    /** io_wq_worker: take work from the list until the io-wq exits. */
    private void ioWorkerHandleWork() {
        while (true) {
            IoRequest req;
            acctLock.lock();
            try {
                while (workList.isEmpty() && !exiting) {
                    nrFree++;
                    // the idle worker sleeps (schedule_timeout) and is woken (sched_waking) by io_wq_activate_free_worker
                    ctx.counters.incShared(Counter.SCHED_SWITCH);
                    ctx.counters.incShared(Counter.SCHED_WAKING);
                    workAvailable.awaitUninterruptibly();
                    nrFree--;
                }
                if (exiting) {
                    return;
                }
                req = workList.pollFirst();
            } finally {
                acctLock.unlock();
            }
            IoIssue.ioWqSubmitWork(ctx, req);
        }
    }

    /** io_wq_exit: stop taking work, wake every worker and wait for them; queued work is dropped with the ring. */
    void ioWqExit() {
        List<Thread> toJoin;
        acctLock.lock();
        try {
            exiting = true;
            workList.clear();
            workAvailable.signalAll();
            toJoin = new ArrayList<>(workers);
        } finally {
            acctLock.unlock();
        }
        for (Thread t : toJoin) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
