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
 * hands the completion to the ring owner as task work. 5.6's io-wq, in which io-wq holds a
 * reference of its own on each work and a worker never keeps a chain, is {@link IoWqe}, on this
 * pool's list, lock and threads.
 *
 * <p>In deterministic mode there are no threads: io_wq_enqueue runs the work at once on the
 * submitting thread, in submission order, so the CQE stream of a run is reproducible; the
 * completion takes the same way as on a worker.
 */
final class IoWq {
    final IoRingCtx ctx;
    final boolean inline;
    final int maxWorkers;
    /** 5.6's io-wq, when the iowq-complete strategy says io-wq holds a reference per work; else null. */
    private final IoWqe wqe;
    /** 6.18's io-wq in deterministic mode, its steps traced, when the iowq-complete strategy says so; else null. */
    private final IoWqAcct acct;
    /**
     * Deterministic mode: the owner's thread is running io-wq's worker inline, so a task-work add
     * there is another task's (the worker's), not the owner's own. Owner only.
     */
    boolean onInlineWorker;
    /** acct->lock (5.6: wqe->lock). */
    final ReentrantLock acctLock = new ReentrantLock();
    private final Condition workAvailable = acctLock.newCondition();
    /** acct->work_list (5.6: wqe->work_list); guarded by acctLock. */
    final ArrayDeque<IoRequest> workList = new ArrayDeque<>();
    private final List<Thread> workers = new ArrayList<>();
    /** Workers waiting for work (5.6: on wqe->free_list); guarded by acctLock. */
    int nrFree;
    boolean exiting;

    IoWq(IoRingCtx ctx, boolean deterministic, int sqEntries) {
        this.ctx = ctx;
        this.inline = deterministic;
        this.maxWorkers = Math.min(sqEntries, 4 * Runtime.getRuntime().availableProcessors());
        this.wqe = ctx.iowqComplete.ioWqWorkRefs() ? new IoWqe(this) : null;
        this.acct = deterministic && wqe == null && ctx.iowqComplete.ioWqAcctWorkers() ? new IoWqAcct(this) : null;
    }

    /**
     * io_wq_enqueue: called by the ring owner with uring_lock held, or (5.6) by a worker queueing
     * the next member of a chain.
     *
     * @param concurrent IO_WQ_WORK_CONCURRENT (5.6: io_queue_sqe's IOSQE_ASYNC punt, v5.6
     *     fs/io_uring.c:4815), which only 5.6's io-wq reads: wake a free worker even while another runs
     */
    void ioWqEnqueue(IoRequest req, boolean concurrent) {
        ctx.counters.incShared(Counter.IO_WQ_ENQUEUE);
        if (wqe != null) {
            wqe.ioWqEnqueue(req, concurrent);
            return;
        }
        if (acct != null) {
            acct.ioWqEnqueue(req);
            return;
        }
        if (inline) {
            boolean outer = onInlineWorker;
            onInlineWorker = true;
            try {
                IoIssue.ioWqSubmitWork(ctx, req);
            } finally {
                onInlineWorker = outer;
            }
            return;
        }
        acctLock.lock();
        try {
            addWork(req);
            if (!signalFreeWorker() && mayCreateWorker()) {
                createWorker(this::ioWorkerHandleWork);
            }
        } finally {
            acctLock.unlock();
        }
    }

    /** Appends to the work list; acctLock held. */
    void addWork(IoRequest req) {
        if (exiting) {
            throw new IllegalStateException("io_wq_enqueue on an exiting io-wq");
        }
        workList.addLast(req);
    }

    /** A new worker thread running {@code body}; acctLock held. */
    void createWorker(Runnable body) {
        Thread t = new Thread(body, "iou-wrk-" + workers.size());
        t.setDaemon(true);
        workers.add(t);
        t.start();
    }

    /** io_wq_worker: take work from the list until the io-wq exits. */
    private void ioWorkerHandleWork() {
        while (true) {
            IoRequest req = takeWork();
            if (req == null) {
                return;
            }
            IoIssue.ioWqSubmitWork(ctx, req);
        }
    }

    /** Waits for work (the idle worker on the free list, asleep); null once the io-wq exits. */
    private IoRequest takeWork() {
        acctLock.lock();
        try {
            awaitWork();
            return exiting ? null : workList.pollFirst();
        } finally {
            acctLock.unlock();
        }
    }

    /** acctLock held: sleep until there is work or the io-wq exits. */
    void awaitWork() {
        while (workList.isEmpty() && !exiting) {
            nrFree++;
            // the idle worker sleeps (schedule_timeout) and is woken (sched_waking) by io_wq_activate_free_worker
            ctx.counters.incShared(Counter.SCHED_SWITCH);
            ctx.counters.incShared(Counter.SCHED_WAKING);
            workAvailable.awaitUninterruptibly();
            nrFree--;
        }
    }

    /** acctLock held: wake one waiting worker (io_wq_activate_free_worker); whether there was one. */
    boolean signalFreeWorker() {
        if (nrFree == 0) {
            return false;
        }
        workAvailable.signal();
        return true;
    }

    /** acctLock held: whether another worker may be made. */
    boolean mayCreateWorker() {
        return workers.size() < maxWorkers;
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
