package dev.uringlab.core;

import dev.uringlab.core.sync.SpinLock;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code struct io_wq_acct} and its worker as v6.18.2 has them (io_uring/io-wq.c), for the
 * {@code iowq-complete} strategy that says so ({@link dev.uringlab.spi.IoWqCompletion#ioWqAcctWorkers()}),
 * in deterministic mode, its steps traced: io_wq_enqueue puts the work on the acct's list under
 * {@code acct->lock} and wakes the worker on the acct's free list; the woken worker (io_wq_worker)
 * tells io-wq it runs, takes the list dry (io_worker_handle_work: off the list, {@code cur_work} set
 * under {@code worker->lock}, off the free list under {@code acct->workers_lock}, then for each
 * member of the chain it keeps io_assign_current_work, io_wq_submit_work and io_wq_free_work), goes
 * back on the free list and sleeps, telling io-wq it stops running. The list and
 * {@code acct->lock} are {@link IoWq}'s.
 *
 * <p>One worker, on the free list whenever the owner enqueues (it went to sleep after its last
 * work), woken there and run there and then; an enqueue from the worker itself only appends. The
 * sleep's timer (schedule_timeout's add_timer and timer_delete_sync, kernel/time/sleep_timeout.c:98,
 * 100), the context switches and try_to_wake_up's inside are no steps of this class: the sleep and
 * the wakeup are priced together as the {@code wakeup} kind, as 5.6's {@link IoWqe} has it. The
 * worker's io_run_task_work (io-wq.c:584, 720) finds nothing: an io-wq worker has no task work of
 * its own here and TIF_NOTIFY_SIGNAL clear (plain loads).
 *
 * <p>Threads: the owner's, in deterministic mode; {@code nr_running} and the worker's reference are
 * atomics as the kernel's, the worker's flags its own.
 */
final class IoWqAcct {
    private final IoWq wq;
    private final Trace trace;
    /** acct->nr_running. */
    private final AtomicInteger nrRunning = new AtomicInteger();
    /** worker->ref, which io_acct_activate_free_worker takes around its wakeup. */
    private final AtomicInteger workerRef = new AtomicInteger(1);
    /** acct->workers_lock, around the free list. */
    private final ReentrantLock workersLock = new ReentrantLock();
    /** worker->lock, around worker->cur_work. */
    private final SpinLock workerLock = new SpinLock();
    /** IO_WORKER_F_FREE: the worker is on acct->free_list. */
    private boolean free = true;
    /** IO_WORKER_F_RUNNING: the worker counts in nr_running. */
    private boolean running;
    /** The worker is inside its loop: an enqueue (from the worker) only appends. */
    private boolean inWorker;

    IoWqAcct(IoWq wq) {
        this.wq = wq;
        this.trace = wq.ctx.trace;
    }

    /**
     * io_wq_enqueue (v6.18.2 io_uring/io-wq.c:1003, out of line; io_queue_iowq calls it at
     * io_uring.c:524): under {@code acct->lock} (:1024) io_wq_insert_work appends an unhashed work
     * (:985) and the acct's stalled bit is cleared (:1026, a locked RMW); then, under
     * rcu_read_lock (:1029), io_acct_activate_free_worker wakes the free worker (:1030). With none
     * free the running worker takes the work from its loop ({@code nr_running} is not 0, :1033-1034).
     */
    @OutOfLine("io_wq_enqueue")
    void ioWqEnqueue(IoRequest req) {
        trace.step(StepKind.CALL, "io_wq_enqueue");
        trace.step(StepKind.LOCKED, "raw_spin_lock(acct->lock)");
        wq.acctLock.lock();
        try {
            wq.addWork(req);
            trace.step(StepKind.LIST, "wq_list_add_tail(acct->work_list)");
            trace.step(StepKind.LOCKED, "clear_bit(IO_ACCT_STALLED_BIT)");
        } finally {
            wq.acctLock.unlock();
        }
        trace.step(StepKind.RCU, "rcu_read_lock(io_acct_activate_free_worker)");
        boolean woke = ioAcctActivateFreeWorker();
        if (woke && !inWorker) {
            inWorker = true;
            wq.onInlineWorker = true;
            try {
                ioWqWorker();
            } finally {
                wq.onInlineWorker = false;
                inWorker = false;
            }
        }
    }

    /**
     * io_acct_activate_free_worker (io-wq.c:290, inlined into io_wq_enqueue: no symbol of its own in
     * 6.18.44's kallsyms): the first worker on the free list, io_worker_get (refcount_inc_not_zero,
     * :165), wake_up_process (:309), io_worker_release (refcount_dec_and_test, :170).
     */
    private boolean ioAcctActivateFreeWorker() {
        if (!free) {
            return false;
        }
        trace.step(StepKind.LOCKED, "refcount_inc_not_zero(worker->ref)");
        workerRef.getAndIncrement();
        wakeUpProcess();
        trace.step(StepKind.LOCKED, "refcount_dec_and_test(worker->ref)");
        workerRef.getAndDecrement();
        return true;
    }

    /** wake_up_process (kernel/sched/core.c:4422 at v6.18.2, out of line): try_to_wake_up of the sleeping worker. */
    @OutOfLine("wake_up_process")
    private void wakeUpProcess() {
        trace.step(StepKind.CALL, "wake_up_process");
        trace.step(StepKind.WAKEUP, "try_to_wake_up(io_wq_worker)");
    }

    /**
     * io_wq_worker's loop (io-wq.c:694-735) from a wakeup to the next sleep. Back from schedule, the
     * worker tells io-wq it runs (io_wq_worker_running). Each pass: set_current_state
     * (TASK_INTERRUPTIBLE) (:697, smp_store_mb); io_acct_run_queue (:703; :278, {@code acct->lock})
     * and io_worker_handle_work while work is queued; {@code acct->workers_lock} (:706) and
     * __io_worker_idle (:718: back on the free list, :500-501); io_run_task_work (:720, nothing);
     * schedule_timeout (:722). A pass that ran work left the task TASK_RUNNING (:635), so schedule
     * returns at once and the loop goes round again; the pass that found nothing sleeps.
     */
    private void ioWqWorker() {
        ioWqWorkerRunning();
        boolean ranWork;
        do {
            trace.step(StepKind.FENCE, "set_current_state(TASK_INTERRUPTIBLE)");
            ranWork = false;
            while (ioAcctRunQueue()) {
                ranWork = true;
                ioWorkerHandleWork();
            }
            trace.step(StepKind.LOCKED, "raw_spin_lock(acct->workers_lock)");
            workersLock.lock();
            try {
                if (!free) { // __io_worker_idle
                    free = true;
                    trace.step(StepKind.LOCKED, "set_bit(IO_WORKER_F_FREE)");
                    trace.step(StepKind.LIST, "hlist_nulls_add_head_rcu(acct->free_list)");
                }
            } finally {
                workersLock.unlock();
            }
        } while (!scheduleTimeout(ranWork));
    }

    /** io_acct_run_queue (io-wq.c:275, inlined): {@code acct->lock} (:278); held on return when work is queued (:279-280). */
    private boolean ioAcctRunQueue() {
        trace.step(StepKind.LOCKED, "raw_spin_lock(acct->lock)");
        wq.acctLock.lock();
        if (!wq.workList.isEmpty()) {
            return true;
        }
        wq.acctLock.unlock();
        return false;
    }

    /**
     * io_worker_handle_work (io-wq.c:596, static, out of line in 6.18.44's kallsyms), entered with
     * {@code acct->lock} held: io_get_next_work takes the work off the list (:539); {@code cur_work}
     * set under {@code worker->lock} (:622); unlock (:627); __io_worker_busy takes the worker off the
     * free list (:485-489: clear_bit, {@code acct->workers_lock}, hlist_nulls_del_init_rcu);
     * io_assign_current_work (:634). Then the chain the worker keeps (:638-672): io_wq_submit_work
     * (:650), io_assign_current_work(NULL) (:651), io_wq_free_work (:653), and
     * io_assign_current_work of the next member, or of NULL (:659). An empty list ends it (:674).
     */
    @OutOfLine("io_worker_handle_work")
    private void ioWorkerHandleWork() {
        trace.step(StepKind.CALL, "io_worker_handle_work");
        IoRequest req = wq.workList.pollFirst();
        trace.step(StepKind.LIST, "wq_list_del(acct->work_list)");
        setCurWork();
        wq.acctLock.unlock();
        if (free) { // __io_worker_busy
            free = false;
            trace.step(StepKind.LOCKED, "clear_bit(IO_WORKER_F_FREE)");
            trace.step(StepKind.LOCKED, "raw_spin_lock(acct->workers_lock)");
            workersLock.lock();
            trace.step(StepKind.LIST, "hlist_nulls_del_init_rcu(worker->nulls_node)");
            workersLock.unlock();
        }
        ioAssignCurrentWork(true);
        while (req != null) {
            boolean posted = IoIssue.ioWqSubmitWorkAcct(wq.ctx, req);
            ioAssignCurrentWork(false);
            IoRequest linked = IoIssue.ioWqFreeWorkAcct(wq.ctx, req, posted);
            ioAssignCurrentWork(linked != null);
            req = linked;
        }
    }

    /**
     * io_assign_current_work (io-wq.c:580, inlined): for a work, io_run_task_work (nothing, above)
     * and cond_resched (:584-585); then {@code cur_work} set under {@code worker->lock} (:588-590).
     */
    private void ioAssignCurrentWork(boolean work) {
        if (work) {
            condResched();
        }
        setCurWork();
    }

    /** {@code worker->cur_work = ...} under raw_spin_lock(&worker->lock) (io-wq.c:588-590, 622-624). */
    private void setCurWork() {
        trace.step(StepKind.LOCKED, "raw_spin_lock(worker->lock)");
        workerLock.lock();
        workerLock.unlock();
    }

    /**
     * cond_resched -> __cond_resched (kernel/sched/core.c:7455 at v6.18.2, out of line: a static
     * call under PREEMPT_DYNAMIC, this machine's 6.18.44 booting preempt=none): no reschedule due.
     */
    @OutOfLine("__cond_resched")
    private void condResched() {
        trace.step(StepKind.CALL, "__cond_resched");
    }

    /**
     * io_wq_worker_running (io-wq.c:747, out of line), from schedule's sched_update_worker
     * (kernel/sched/core.c:7027, 7003): a worker that was not running is again (set_bit, :757;
     * io_wq_inc_running's atomic_inc of {@code nr_running}, :346).
     */
    @OutOfLine("io_wq_worker_running")
    private void ioWqWorkerRunning() {
        trace.step(StepKind.CALL, "io_wq_worker_running");
        if (!running) {
            running = true;
            trace.step(StepKind.LOCKED, "set_bit(IO_WORKER_F_RUNNING)");
            trace.step(StepKind.LOCKED, "atomic_inc(acct->nr_running)");
            nrRunning.getAndIncrement();
        }
    }

    /**
     * schedule_timeout (kernel/time/sleep_timeout.c:61 at v6.18.2, out of line) with the worker's
     * idle timeout: its timer around schedule (:96-100) is not traced (above).
     *
     * @return true when the worker slept (it had run no work since set_current_state)
     */
    @OutOfLine("schedule_timeout")
    private boolean scheduleTimeout(boolean ranWork) {
        trace.step(StepKind.CALL, "schedule_timeout");
        return schedule(ranWork);
    }

    /**
     * schedule (kernel/sched/core.c:7016, out of line): for a task that is not running,
     * sched_submit_work tells io-wq the worker sleeps (:7024-7025, 6977); for one still
     * TASK_RUNNING __schedule keeps it on the CPU. Either way sched_update_worker (:7027) tells
     * io-wq it runs when schedule returns: for the sleeper at its next wakeup, which
     * {@link #ioWqWorker} starts with.
     */
    @OutOfLine("schedule")
    private boolean schedule(boolean ranWork) {
        trace.step(StepKind.CALL, "schedule");
        if (ranWork) {
            ioWqWorkerRunning();
            return false;
        }
        ioWqWorkerSleeping();
        return true;
    }

    /**
     * io_wq_worker_sleeping (io-wq.c:765, out of line): clear_bit of IO_WORKER_F_RUNNING (:776),
     * then io_wq_dec_running (:777).
     */
    @OutOfLine("io_wq_worker_sleeping")
    private void ioWqWorkerSleeping() {
        trace.step(StepKind.CALL, "io_wq_worker_sleeping");
        running = false;
        trace.step(StepKind.LOCKED, "clear_bit(IO_WORKER_F_RUNNING)");
        ioWqDecRunning();
    }

    /**
     * io_wq_dec_running (io-wq.c:454, static, out of line in 6.18.44's kallsyms): atomic_dec_and_test
     * of {@code nr_running} (:462); a worker with no {@code cur_work} creates no other (:464-465).
     */
    @OutOfLine("io_wq_dec_running")
    private void ioWqDecRunning() {
        trace.step(StepKind.CALL, "io_wq_dec_running");
        trace.step(StepKind.LOCKED, "atomic_dec_and_test(acct->nr_running)");
        nrRunning.getAndDecrement();
    }
}
