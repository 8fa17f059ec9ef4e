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
}
