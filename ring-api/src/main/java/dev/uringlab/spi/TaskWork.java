package dev.uringlab.spi;

import java.util.function.Consumer;

/**
 * Era axis {@code task-work}: the task list through which any thread hands a request to the
 * ring owner ({@code tctx->task_list}), and how the owner is told. 6.1 keeps a lock-free llist
 * (llist_add; the owner's llist_del_all) and calls task_work_add when the list was empty; the
 * 5.x kernels keep a list under {@code tctx->task_lock}, a spinlock taken with interrupts off on
 * both sides, and call task_work_add (then wake_up_process) when no run is pending. No seed
 * patches it. One instance per ring.
 *
 * <p>Threads: {@link #ioReqTaskWorkAdd} on any thread (an io-wq worker, a waker in io_poll_wake,
 * a block device's IRQ thread, the owner itself); {@link #tctxTaskWorkTake} on the ring owner only;
 * {@link #isEmpty} anywhere, a lockless look. What was added happens-before what the owner takes.
 */
public interface TaskWork {

    /** io_req_task_work_add: append {@code req} to the task list; notify the task as its kernel does. */
    void ioReqTaskWorkAdd(IoKiocb req);

    /**
     * io_req_task_work_add from the ring owner's own task ({@code req->task == current}: a waker or
     * a completion running on the owner's thread, as every deterministic run has it), where the
     * task to notify is the running one: a strategy whose kernel calls try_to_wake_up then takes
     * its {@code p == current} path, which wakes nothing. By default the same as
     * {@link #ioReqTaskWorkAdd(IoKiocb)}.
     */
    default void ioReqTaskWorkAddCurrent(IoKiocb req) {
        ioReqTaskWorkAdd(req);
    }

    /**
     * tctx_task_work, one round: take everything queued so far, oldest first, handing each to
     * {@code run} after the list is released (so what {@code run} adds goes to the next round).
     *
     * @return how many were taken; 0 ends the run (5.x clears its pending mark then, under the lock)
     */
    int tctxTaskWorkTake(Consumer<IoKiocb> run);

    /** Whether nothing is queued: a lockless look, a hint that the next take confirms. */
    boolean isEmpty();

    /** Where the ring owner runs its task work: the kernel's call site, whose notification steps differ. */
    enum Site {
        /** io_run_task_work (io_uring.h), from io_cqring_wait or an IOPOLL reap: TIF_NOTIFY_SIGNAL cleared if set, then task_work_run. */
        IO_RUN_TASK_WORK,
        /**
         * The way back to user space from a system call (or an interrupt): exit_to_user_mode_loop sees
         * TIF_NOTIFY_SIGNAL and calls arch_do_signal_or_restart, whose get_signal clears it and runs
         * task_work_run when work is pending.
         */
        EXIT_TO_USER_MODE
    }

    /**
     * The owner is about to run its task work at {@code site}, uring_lock held: the notification's
     * part of the kernel's path there (the thread flag checked and cleared), and whether a run
     * follows, i.e. {@link #tctxTaskWorkTake} until it returns 0. By default whether anything is
     * queued, with no steps of its own (the strategy traces its run in its first take).
     */
    default boolean ioRunTaskWork(Site site) {
        return !isEmpty();
    }

    /**
     * Whether the owner, on its way back to user space, has anything to do here: work queued, or a
     * notification to clear. By default whether anything is queued.
     */
    default boolean exitToUserModePending() {
        return !isEmpty();
    }

    /**
     * The round {@link #tctxTaskWorkTake} took has run every function, before the engine flushes
     * the round's completions (io_submit_flush_completions): what the kernel does between the two.
     * By default nothing.
     */
    default void tctxTaskWorkRan() {
    }

    /**
     * The engine flushed the round's completions: the rest of ctx_flush_and_put where the kernel
     * flushes after each round. By default nothing.
     */
    default void ctxFlushAndPut() {
    }
}
