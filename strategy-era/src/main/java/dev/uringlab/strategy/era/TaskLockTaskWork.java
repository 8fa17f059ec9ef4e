package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.PercpuRef;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.TaskWork;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * The task list as the 5.x kernels kept it (fs/io_uring.c, io_req_task_work_add and
 * tctx_task_work): a wq_list under {@code tctx->task_lock}, a spinlock taken with interrupts off
 * by the adder (spin_lock_irqsave) and by the owner for each round it takes (spin_lock_irq).
 * The first add of a run tells the task: task_work_add (a cmpxchg onto
 * {@code task->task_works}, then set_notify_signal with TWA_SIGNAL: test_and_set of
 * TIF_NOTIFY_SIGNAL) and wake_up_process. Which add is the first, two shapes, one class:
 * <ul>
 *   <li>{@code task-state-bit} (5.14): after the unlock, {@code test_bit(0, &tctx->task_state)
 *       || test_and_set_bit(0, ...)}, a locked RMW when the bit was clear; the run clears it
 *       with clear_bit under the lock once the list is empty (fs/io_uring.c:1999 and 1967 of
 *       v5.14);</li>
 *   <li>{@code task-running} (5.15, 5.16): {@code tctx->task_running}, read and set under the
 *       lock by the adder and cleared by the round that finds the list empty (fs/io_uring.c:2137
 *       and 2178 of v5.15).</li>
 * </ul>
 * The run itself starts on the way back to user space: tracehook_notify_signal clears
 * TIF_NOTIFY_SIGNAL (include/linux/tracehook.h:211 at v5.15) and calls task_work_run
 * (kernel/task_work.c:131), which takes {@code task->task_works} with a cmpxchg (:150), passes
 * through {@code task->pi_lock} with interrupts off (:159, against task_work_cancel) and calls
 * tctx_task_work through the callback's pointer (:164): all traced at the first round of a run.
 * tctx_task_work itself (fs/io_uring.c:2122 at v5.15) takes the ring's {@code uring_lock} with
 * mutex_trylock and a {@code ctx->refs} reference for the first request of the ring (:2151-2152),
 * and gives both back at the end (ctx_flush_and_put, :2109: mutex_unlock, percpu_ref_put). 5.14's
 * tctx_task_work (fs/io_uring.c:1938 at v5.14.2) takes the reference (:1960) but no uring_lock: its
 * ctx_flush_and_put (:1926) locks the mutex only around a flush of pending completions (not
 * traced here), then puts the reference.
 *
 * <p>Trade-off: a lock round trip with interrupts off for every add, and one per round, against
 * 6.1's llist; in exchange the list is FIFO with no reversal. Threading: the interface's; the
 * list and {@code task_running} under the lock, the task's work pointer and its flag atomics, and
 * the run's own state the owner's.
 */
public final class TaskLockTaskWork implements TaskWork {
    private final Trace trace;
    /** 5.14's task_state bit, else 5.15's task_running. */
    private final boolean stateBit;
    /** tctx->task_lock. */
    private final ReentrantLock taskLock = new ReentrantLock();
    /** tctx->task_list; guarded by taskLock. Swapped with {@link #taking} to take it whole. */
    private ArrayDeque<IoKiocb> taskList = new ArrayDeque<>();
    /** The list a round took, run by the owner outside the lock. */
    private ArrayDeque<IoKiocb> taking = new ArrayDeque<>();
    /** tctx->task_running (5.15); guarded by taskLock. */
    private boolean taskRunning;
    /** bit 0 of tctx->task_state (5.14). */
    private final AtomicBoolean taskState = new AtomicBoolean();
    /** How many are queued, for the lockless look (wq_list_empty: a READ_ONCE of the first node). */
    private volatile int queued;
    /** task->task_works: the callback_head of the pending run, or null. */
    private final AtomicReference<Object> taskWorks = new AtomicReference<>();
    /** TIF_NOTIFY_SIGNAL of the owner. */
    private final AtomicBoolean notifySignal = new AtomicBoolean();
    /** tctx->task_work, the callback_head task_work_add queues. */
    private final Object tctxTaskWork = new Object();
    /** Whether the owner is inside a run (between its first round and the one that found nothing); owner only. */
    private boolean inRun;
    /** Whether the run holds its ring: the uring_lock of mutex_trylock (5.15) and a ctx->refs reference; owner only. */
    private boolean ctxHeld;
    /** ctx->refs, as tctx_task_work takes it. */
    private final PercpuRef ctxRefs;

    private TaskLockTaskWork(Trace trace, boolean stateBit, PercpuRef ctxRefs) {
        this.trace = trace;
        this.stateBit = stateBit;
        this.ctxRefs = ctxRefs;
    }

    /** io_req_task_work_add (5.x), the owner woken from another task. */
    @Override
    public void ioReqTaskWorkAdd(IoKiocb req) {
        add(req, false);
    }

    /** io_req_task_work_add (5.x) on the owner's own task: the notification finds it running. */
    @Override
    public void ioReqTaskWorkAddCurrent(IoKiocb req) {
        add(req, true);
    }

    private void add(IoKiocb req, boolean current) {
        boolean running;
        trace.step(StepKind.IRQ, "spin_lock_irqsave(task_lock)");
        trace.step(StepKind.LOCKED, "spin_lock(task_lock)");
        taskLock.lock();
        try {
            trace.step(StepKind.LIST, "wq_list_add_tail(task_list)");
            taskList.addLast(req);
            queued = queued + 1;
            running = taskRunning;
            taskRunning = true;
        } finally {
            taskLock.unlock();
        }
        if (stateBit) {
            // test_bit || test_and_set_bit: task_work already pending, we're done
            if (taskState.get()) {
                return;
            }
            trace.step(StepKind.LOCKED, "test_and_set_bit(task_state)");
            if (taskState.getAndSet(true)) {
                return;
            }
        } else if (running) {
            return;
        }
        taskWorkAdd(current);
        wakeUpProcess(current);
    }

    /** wake_up_process(tsk) (kernel/sched/core.c:4164 at v5.15): on the running owner's own task, a call that wakes nothing. */
    @OutOfLine("wake_up_process")
    private void wakeUpProcess(boolean current) {
        trace.step(current ? StepKind.CALL : StepKind.WAKEUP, "wake_up_process");
    }

    /** wake_up_state(task, TASK_INTERRUPTIBLE) (kernel/sched/core.c:4170 at v5.15): as {@link #wakeUpProcess}. */
    @OutOfLine("wake_up_state")
    private void wakeUpState(boolean current) {
        trace.step(current ? StepKind.CALL : StepKind.WAKEUP, "wake_up_state");
    }

    /** kick_process (kernel/sched/core.c:3282 at v5.15): the task runs on this CPU, nothing to kick. */
    @OutOfLine("kick_process")
    private void kickProcess() {
        trace.step(StepKind.CALL, "kick_process");
    }

    /**
     * task_work_add(tsk, &tctx->task_work, TWA_SIGNAL) (kernel/task_work.c:32 at v5.15, out of line):
     * the cmpxchg onto {@code task->task_works} (:45), then set_notify_signal
     * (include/linux/tracehook.h:220): test_and_set of TIF_NOTIFY_SIGNAL and, when it was clear,
     * wake_up_state(task, TASK_INTERRUPTIBLE), and kick_process when that woke nothing. On the
     * running owner's own task ({@code current}) try_to_wake_up takes its {@code p == current} path
     * (kernel/sched/core.c:3954 at v5.15), finds the task running and returns 0, so kick_process is
     * called too (:3282), with nothing to kick on this CPU: three calls, no wakeup. From another
     * task the emulator takes the owner as asleep (waiting in io_cqring_wait): a real wakeup.
     */
    @OutOfLine("task_work_add")
    private void taskWorkAdd(boolean current) {
        trace.step(StepKind.CALL, "task_work_add");
        trace.step(StepKind.LOCKED, "cmpxchg(task->task_works)");
        Object head;
        do {
            head = taskWorks.get();
        } while (!taskWorks.compareAndSet(head, tctxTaskWork));
        trace.step(StepKind.LOCKED, "test_and_set_tsk_thread_flag(TIF_NOTIFY_SIGNAL)");
        if (!notifySignal.getAndSet(true)) {
            wakeUpState(current); // set_notify_signal: wake a sleeping task
            if (current) {
                kickProcess(); // wake_up_state found it running
            }
        }
    }

    /**
     * tctx_task_work, one round: under the lock with interrupts off, take the list whole
     * (node = first; INIT_WQ_LIST); an empty list ends the run (5.15: task_running = false
     * there; 5.14: clear_bit of task_state under the lock). The first round of a run is where
     * task_work_run took the work (xchg) after the signal path cleared TIF_NOTIFY_SIGNAL.
     */
    @Override
    public int tctxTaskWorkTake(Consumer<IoKiocb> run) {
        if (!inRun) {
            if (taskWorks.get() == null && queued == 0) {
                return 0; // nothing pending: task_work_run has nothing to run
            }
            inRun = true;
            trace.step(StepKind.LOCKED, "clear_thread_flag(TIF_NOTIFY_SIGNAL)");
            notifySignal.set(false);
            taskWorkRun();
        }
        ArrayDeque<IoKiocb> took;
        trace.step(StepKind.IRQ, "spin_lock_irq(task_lock)");
        trace.step(StepKind.LOCKED, "spin_lock(task_lock)");
        taskLock.lock();
        try {
            took = taskList;
            taskList = taking;
            queued = 0;
            if (took.isEmpty()) {
                if (stateBit) {
                    trace.step(StepKind.LOCKED, "clear_bit(task_state)");
                    taskState.set(false);
                } else {
                    taskRunning = false;
                }
            }
        } finally {
            taskLock.unlock();
        }
        int n = took.size();
        if (n != 0 && !ctxHeld) {
            // the first request of the ring: if (req->ctx != ctx) { ...; mutex_trylock; percpu_ref_get; }
            ctxHeld = true;
            if (!stateBit) {
                trace.step(StepKind.LOCKED, "mutex_trylock(uring_lock)");
            }
            ctxRefs.get();
        } else if (n == 0 && ctxHeld) {
            // ctx_flush_and_put at the end of the run (the engine flushed the round's completions already)
            ctxHeld = false;
            if (!stateBit) {
                trace.step(StepKind.LOCKED, "mutex_unlock(uring_lock)");
            }
            ctxRefs.put();
        }
        for (IoKiocb req; (req = took.pollFirst()) != null; ) {
            run.accept(req);
        }
        taking = took;
        if (n == 0) {
            inRun = false;
        }
        return n;
    }

    /** task_work_run (kernel/task_work.c:131 at v5.15): the work list taken whole (:150), pi_lock passed (:159), then the callback. */
    @OutOfLine("task_work_run")
    private void taskWorkRun() {
        trace.step(StepKind.CALL, "task_work_run");
        trace.step(StepKind.LOCKED, "cmpxchg(task->task_works)");
        taskWorks.getAndSet(null);
        trace.step(StepKind.IRQ, "raw_spin_lock_irq(pi_lock)");
        trace.step(StepKind.LOCKED, "raw_spin_lock(pi_lock)");
        tctxTaskWork();
    }

    /** tctx_task_work (fs/io_uring.c:2122 at v5.15), through work->func: its rounds are {@link #tctxTaskWorkTake}'s. */
    @OutOfLine("tctx_task_work")
    private void tctxTaskWork() {
        trace.step(StepKind.CALL, "tctx_task_work");
    }

    @Override
    public boolean isEmpty() {
        return queued == 0;
    }

    /** ctx->refs as tctx_task_work takes and puts it, counted as {@link Counter#CTX_REF}. */
    private static PercpuRef ctxRefs(StrategyContext ctx) {
        return new PercpuRef("ctx->refs", Counter.CTX_REF, ctx.counters(), ctx.trace());
    }

    /** Registers alias {@value #ALIAS} (5.14) on axis {@code task-work}. */
    public static final class StateBitProvider extends AbstractStrategyProvider<TaskWork> {
        /** The alias. */
        public static final String ALIAS = "task-state-bit";

        public StateBitProvider() {
            super(Axis.TASK_WORK, ALIAS, "5.14", Mainline.between("5.14", "5.15"),
                    "tctx->task_list under tctx->task_lock (irqsave), task_state's bit says whether task_work_add is due",
                    ctx -> new TaskLockTaskWork(ctx.trace(), true, ctxRefs(ctx)));
        }
    }

    /** Registers alias {@value #ALIAS} (5.15 to 6.0) on axis {@code task-work}. */
    public static final class RunningProvider extends AbstractStrategyProvider<TaskWork> {
        /** The alias. */
        public static final String ALIAS = "task-running";

        public RunningProvider() {
            super(Axis.TASK_WORK, ALIAS, "5.15", Mainline.between("5.15", "6.0"),
                    "tctx->task_list under tctx->task_lock (irqsave), task_running read and set under the lock says whether"
                        + " task_work_add is due",
                    ctx -> new TaskLockTaskWork(ctx.trace(), false, ctxRefs(ctx)));
        }
    }
}
