package dev.uringlab.core;

import dev.uringlab.core.sync.SpinLock;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code struct io_wqe} and its workers as 5.6 had them (v5.6.4 fs/io-wq.c), for the
 * {@code iowq-complete} strategy whose io-wq holds a reference of its own on each work
 * ({@link dev.uringlab.spi.IoWqCompletion#ioWqWorkRefs()}, 5.5 and 5.6), its steps traced:
 * io_wqe_enqueue puts the work on the wqe's list under {@code wqe->lock} taken irqsave and wakes
 * a free worker only for IO_WQ_WORK_CONCURRENT work (IOSQE_ASYNC) or when no worker runs; a woken
 * worker tells io-wq it runs (io_wq_worker_running), takes the list dry one work at a time
 * (io_worker_handle_work: off the list, {@code worker->lock} around {@code cur_work}, the
 * submitter's credentials taken on once, get_work, the work, put_work), goes back on the free
 * list, gives the credentials back and sleeps (io_wq_worker_sleeping). A chain's next member comes
 * back through the list: its predecessor's last put queues it ({@link IoIssue#ioPutWork}), and
 * the running worker takes it. The list, its lock ({@code wqe->lock} is {@link IoWq}'s
 * {@code acct->lock}) and the threads are {@link IoWq}'s.
 *
 * <p>In deterministic mode there is one worker, woken by an enqueue from the ring owner and run
 * there and then; an enqueue from that worker (a chain's next member) only puts the work on the
 * list, which the worker, still in its loop, takes next.
 *
 * <p>Threads: the enqueue runs on the ring owner or a worker; everything else on a worker.
 * {@code nr_running} and the worker reference are atomics, as the kernel's; a worker's own
 * fields are its thread's.
 */
final class IoWqe {
    private final IoWq wq;
    private final Trace trace;
    /** acct->nr_running: workers between io_wq_worker_running and io_wq_worker_sleeping. */
    private final AtomicInteger nrRunning = new AtomicInteger();
    /** worker->ref of the worker a wakeup is for (io_worker_get/io_worker_release around wake_up_process). */
    private final AtomicInteger workerRef = new AtomicInteger(1);
    /** Workers on wqe->free_list (IO_WORKER_F_FREE), from __io_worker_idle to __io_worker_busy; under the wqe lock. */
    private int nrFreeList;
    /** Deterministic mode: the one worker, and whether it is inside its loop (then an enqueue only appends). */
    private final IoWorker inlineWorker;
    private boolean inlineRunning;

    IoWqe(IoWq wq) {
        this.wq = wq;
        this.trace = wq.ctx.trace;
        this.inlineWorker = wq.inline ? new IoWorker(true) : null;
    }

    /**
     * io_wq_enqueue -> io_wqe_enqueue (v5.6.4 fs/io-wq.c:789, 761-787): a bound NOP's work may
     * always be queued (io_wq_can_queue, :732); it goes on the wqe's list under {@code wqe->lock}
     * taken irqsave (:779-782), and a free worker is woken for CONCURRENT work or when no worker
     * runs (:784-786). In deterministic mode the woken worker runs here and now.
     */
    @OutOfLine("io_wq_enqueue")
    void ioWqEnqueue(IoRequest req, boolean concurrent) {
        trace.step(StepKind.CALL, "io_wq_enqueue");
        trace.step(StepKind.IRQ, "spin_lock_irqsave(wqe->lock)");
        trace.step(StepKind.LOCKED, "spin_lock(wqe->lock)");
        wq.acctLock.lock();
        try {
            if (wq.exiting && Thread.currentThread() != wq.ctx.owner) {
                return; // a worker's chain as the ring goes away: dropped with it, as queued work is
            }
            wq.addWork(req);
            trace.step(StepKind.LIST, "wq_list_add_tail(wqe->work_list)");
        } finally {
            wq.acctLock.unlock();
        }
        if (concurrent || nrRunning.get() == 0) {
            ioWqeWakeWorker();
        }
        if (wq.inline && !inlineRunning) {
            inlineRunning = true;
            try {
                ioWqeWorker(inlineWorker);
            } finally {
                inlineRunning = false;
            }
        }
    }

    /**
     * io_wqe_wake_worker (v5.6.4 fs/io-wq.c:277-293): under rcu_read_lock, the first worker on the
     * free list is woken (io_wqe_activate_free_worker, :253-271), or, with none free and room for
     * one more, the manager that creates it (in deterministic mode the one worker is all there is).
     * The JVM's wakeup needs the list's lock, which the kernel's does not take here.
     */
    private void ioWqeWakeWorker() {
        trace.step(StepKind.RCU, "rcu_read_lock(io_wqe_wake_worker)");
        wq.acctLock.lock();
        try {
            if (nrFreeList > 0) {
                ioWqeActivateFreeWorker();
                wq.signalFreeWorker(); // a worker not yet waiting finds the work before it waits
            } else if (!wq.inline && wq.mayCreateWorker()) {
                wakeUpProcess("try_to_wake_up(io_wq_manager)"); // the manager creates the worker
                wq.createWorker(this::ioWqeWorkerThread);
            }
        } finally {
            wq.acctLock.unlock();
        }
    }

    /** The free worker's wakeup: io_worker_get (refcount_inc_not_zero), wake_up_process, io_worker_release (v5.6.4 fs/io-wq.c:264-266). */
    private void ioWqeActivateFreeWorker() {
        trace.step(StepKind.LOCKED, "refcount_inc_not_zero(worker->ref)");
        workerRef.getAndIncrement();
        wakeUpProcess("try_to_wake_up(io_wqe_worker)");
        trace.step(StepKind.LOCKED, "refcount_dec_and_test(worker->ref)");
        workerRef.getAndDecrement();
    }

    /** wake_up_process (kernel/sched/core.c:2661 at v5.6.4, out of line): try_to_wake_up of a sleeping task. */
    @OutOfLine("wake_up_process")
    private void wakeUpProcess(String wakeup) {
        trace.step(StepKind.CALL, "wake_up_process");
        trace.step(StepKind.WAKEUP, wakeup);
    }

    /** A 5.6 worker thread: sleep on the free list until woken, then run io_wqe_worker's loop. */
    private void ioWqeWorkerThread() {
        IoWorker w = new IoWorker(false);
        while (true) {
            wq.acctLock.lock();
            try {
                wq.awaitWork();
                if (wq.exiting) {
                    return;
                }
            } finally {
                wq.acctLock.unlock();
            }
            ioWqeWorker(w);
        }
    }

    /**
     * io_wqe_worker's loop from a wakeup to the next sleep (v5.6.4 fs/io-wq.c:546-563). Back in
     * schedule, the worker tells io-wq it runs (io_wq_worker_running). Each pass:
     * set_current_state(TASK_INTERRUPTIBLE) (smp_store_mb, :547); under the wqe lock (:549) the
     * list is run dry, one io_worker_handle_work per work, the task set TASK_RUNNING (:551) and
     * the lock taken again after each (goto loop, :553); then __io_worker_idle (:556): back on the
     * free list (:371-374) and __io_worker_unuse gives back the credentials the worker took on
     * (revert_creds, :141-144); unlock (:560) and schedule_timeout (:563). A pass that ran work
     * left the task TASK_RUNNING, so schedule returns at once, the timeout not spent, and the loop
     * goes round again ({@code continue}, :564); a pass that found nothing sleeps, and schedule
     * tells io-wq the worker stops running (io_wq_worker_sleeping).
     */
    private void ioWqeWorker(IoWorker w) {
        ioWqWorkerRunning(w);
        boolean taskRunning;
        do {
            trace.step(StepKind.FENCE, "set_current_state(TASK_INTERRUPTIBLE)");
            taskRunning = false;
            lockWqe();
            while (!wq.workList.isEmpty()) {
                taskRunning = true;
                ioWorkerHandleWork(w);
                lockWqe();
            }
            if (!w.free) {
                w.free = true;
                nrFreeList++;
                trace.step(StepKind.LIST, "hlist_nulls_add_head_rcu(wqe->free_list)");
            }
            if (w.credsTakenOn) {
                revertCreds(w);
            }
            wq.acctLock.unlock();
        } while (!scheduleTimeout(w, taskRunning));
    }

    /**
     * io_worker_handle_work for one work (v5.6.4 fs/io-wq.c:443-536), entered with the wqe lock
     * held, left without it: io_get_next_work takes it off the list (:390); a worker that was
     * free leaves the free list (__io_worker_busy, :335); unlock (:466); cond_resched (:476);
     * {@code cur_work} set under {@code worker->lock} (:478-480); the submitter's credentials
     * taken on if the worker has not yet (io_wq_switch_creds, :494-495); get_work and the work
     * (:505-511, IoIssue); {@code cur_work} cleared under {@code worker->lock} (:513-515); the wqe
     * lock again (:517), and io_get_next_work finds nothing, since the chain's next member is
     * queued by this work's last put, which put_work makes after the unlock (:466-468).
     */
    private void ioWorkerHandleWork(IoWorker w) {
        IoRequest req = wq.workList.pollFirst();
        trace.step(StepKind.LIST, "wq_node_del(wqe->work_list)");
        if (w.free) {
            w.free = false;
            nrFreeList--;
            trace.step(StepKind.LIST, "hlist_nulls_del_init_rcu(worker->nulls_node)");
        }
        wq.acctLock.unlock();
        condResched();
        w.setCurWork();
        if (!w.credsTakenOn) {
            overrideCreds(w);
        }
        boolean posted = IoIssue.ioWqRunWork(wq.ctx, req);
        w.setCurWork();
        lockWqe();
        wq.acctLock.unlock();
        IoIssue.ioPutWork(wq.ctx, req, posted);
    }

    /** spin_lock_irq(&wqe->lock). */
    private void lockWqe() {
        trace.step(StepKind.IRQ, "spin_lock_irq(wqe->lock)");
        trace.step(StepKind.LOCKED, "spin_lock(wqe->lock)");
        wq.acctLock.lock();
    }

    /**
     * io_wq_worker_running (v5.6.4 fs/io-wq.c:586-597, out of line), from schedule's
     * sched_update_worker (kernel/sched/core.c:4143): a worker that was not running is again
     * (io_wqe_inc_running: atomic_inc of nr_running, :299).
     */
    @OutOfLine("io_wq_worker_running")
    private void ioWqWorkerRunning(IoWorker w) {
        trace.step(StepKind.CALL, "io_wq_worker_running");
        if (!w.running) {
            w.running = true;
            trace.step(StepKind.LOCKED, "atomic_inc(acct->nr_running)");
            nrRunning.getAndIncrement();
        }
    }

    /**
     * schedule_timeout (kernel/time/timer.c:1856 at v5.6.4, out of line) with the worker's idle
     * timeout; the timer it arms and deletes (:1893-1899) and the context switch are not
     * emulated steps.
     *
     * @return true when the worker slept (it had run no work since set_current_state)
     */
    @OutOfLine("schedule_timeout")
    private boolean scheduleTimeout(IoWorker w, boolean taskRunning) {
        trace.step(StepKind.CALL, "schedule_timeout");
        return schedule(w, taskRunning);
    }

    /**
     * schedule (kernel/sched/core.c:4147, out of line): for a task still TASK_RUNNING,
     * sched_submit_work does nothing (:4107) and __schedule keeps it on the CPU; for a sleeping
     * one it tells io-wq the worker sleeps (:4122). Either way sched_update_worker tells io-wq it
     * runs when schedule returns (:4157, 4143); for the sleeper that is at its next wakeup, which
     * {@link #ioWqeWorker} starts with.
     */
    @OutOfLine("schedule")
    private boolean schedule(IoWorker w, boolean taskRunning) {
        trace.step(StepKind.CALL, "schedule");
        if (taskRunning) {
            ioWqWorkerRunning(w);
            return false;
        }
        ioWqWorkerSleeping(w);
        return true;
    }

    /**
     * io_wq_worker_sleeping (v5.6.4 fs/io-wq.c:604-619, out of line): nr_running down under the
     * wqe lock (io_wqe_dec_running, :307), which would wake another worker for queued work; the
     * list is empty when a worker goes to sleep here (a worker thread looks again before it
     * waits).
     */
    @OutOfLine("io_wq_worker_sleeping")
    private void ioWqWorkerSleeping(IoWorker w) {
        trace.step(StepKind.CALL, "io_wq_worker_sleeping");
        w.running = false;
        lockWqe();
        try {
            trace.step(StepKind.LOCKED, "atomic_dec_and_test(acct->nr_running)");
            nrRunning.getAndDecrement();
        } finally {
            wq.acctLock.unlock();
        }
    }

    /** cond_resched -> _cond_resched (kernel/sched/core.c:5617, out of line with CONFIG_PREEMPT_VOLUNTARY): no reschedule due. */
    @OutOfLine("_cond_resched")
    private void condResched() {
        trace.step(StepKind.CALL, "_cond_resched");
    }

    /** io_wq_switch_creds -> override_creds (kernel/cred.c:541, out of line): get_new_cred, a locked increment (:563). */
    @OutOfLine("override_creds")
    private void overrideCreds(IoWorker w) {
        trace.step(StepKind.CALL, "override_creds");
        trace.step(StepKind.LOCKED, "get_new_cred(work->creds)");
        w.creds.getAndIncrement();
        w.credsTakenOn = true;
    }

    /** __io_worker_unuse -> revert_creds (kernel/cred.c:582, out of line): put_cred of the override (:595). */
    @OutOfLine("revert_creds")
    private void revertCreds(IoWorker w) {
        trace.step(StepKind.CALL, "revert_creds");
        trace.step(StepKind.LOCKED, "put_cred(override)");
        w.creds.getAndDecrement();
        w.credsTakenOn = false;
    }

    /** {@code struct io_worker} of 5.6's io-wq: its lock, whether it is on the free list, counted running, wearing the submitter's credentials. */
    private final class IoWorker {
        /** worker->lock, around worker->cur_work. */
        private final SpinLock lock = new SpinLock();
        /** The credentials' usage count the worker takes on (get_new_cred) and gives back (put_cred). */
        private final AtomicInteger creds = new AtomicInteger();
        /** IO_WORKER_F_FREE: on wqe->free_list. */
        private boolean free;
        /** worker->saved_creds: the worker wears the submitter's credentials. */
        private boolean credsTakenOn;
        /** IO_WORKER_F_RUNNING: counted in nr_running. */
        private boolean running;

        /** A worker, on the free list or (made by the manager for work already queued) not yet. */
        IoWorker(boolean free) {
            this.free = free;
            if (free) {
                nrFreeList++;
            }
        }

        /** {@code worker->cur_work = ...} under spin_lock_irq(&worker->lock) (v5.6.4 fs/io-wq.c:478-480, 513-515). */
        private void setCurWork() {
            trace.step(StepKind.IRQ, "spin_lock_irq(worker->lock)");
            trace.step(StepKind.LOCKED, "spin_lock(worker->lock)");
            lock.lock();
            lock.unlock();
        }
    }
}
