package dev.uringlab.strategy.baseline;

import dev.uringlab.api.SetupFlags;
import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.PercpuRef;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.TaskWork;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * The task list as the 6.x kernels keep it for a ring without DEFER_TASKRUN ({@code tctx->task_list},
 * a lock-free llist): llist_add from any thread, and when the list was empty task_work_add, which
 * queues {@code tctx->task_work} on {@code task->task_works} and raises TIF_NOTIFY_SIGNAL
 * (set_notify_signal: wake_up_state, and kick_process when that woke nothing). The owner runs it
 * where its kernel checks that flag: io_run_task_work (io_cqring_wait) clears it and calls
 * task_work_run; on the way back to user space exit_to_user_mode_loop calls
 * arch_do_signal_or_restart, whose get_signal clears it and runs task_work_run when work is pending.
 * task_work_run takes {@code task->task_works} (try_cmpxchg), passes through {@code task->pi_lock}
 * and calls tctx_task_work through the callback's pointer, then cond_resched, and goes round again
 * while task work came meanwhile. How tctx_task_work takes the list, two shapes, one class:
 * <ul>
 *   <li>{@code baseline} (6.1, v6.1-rc7 io_uring/io_uring.c:1080-1106): io_llist_xchg puts a fake
 *       node at the head, handle_tw_list (inlined) takes {@code uring_lock} with mutex_trylock and a
 *       {@code ctx->refs} reference for the ring's first request and runs each function through
 *       its pointer, io_llist_cmpxchg swaps the fake node back to NULL and, when an add came
 *       meanwhile (it found the list not empty: no task_work_add), takes that too; at the end
 *       ctx_flush_and_put flushes the completions, unlocks and puts the reference. An add in that
 *       flush (a chain's next member) finds the list empty again: task_work_add, and task_work_run
 *       calls tctx_task_work once more;</li>
 *   <li>{@code del-all} (6.18, v6.18.2 io_uring/io_uring.c:1204-1239, 1135-1167): tctx_task_work
 *       calls tctx_task_work_run, which takes the list with llist_del_all and puts it in order with
 *       llist_reverse_order (lib/llist.c); io_handle_tw_list takes {@code uring_lock} with mutex_lock
 *       and the reference, runs each function, and ends with ctx_flush_and_put. The list is empty
 *       while the functions run, so the first add among them calls task_work_add again, and every
 *       such round is one more pass of task_work_run.</li>
 * </ul>
 * Which function adds differs too: 6.1's global io_req_task_work_add (v6.1-rc7 :1162, with
 * __io_req_task_work_add inlined), 6.18's __io_req_task_work_add (v6.18.2 :1335, io_uring.h:211's
 * io_req_task_work_add inline around it; io_req_normal_work_add is inlined: this machine's 6.18.44
 * /proc/kallsyms has __io_req_task_work_add and no io_req_normal_work_add). The steps are traced
 * where the kernel takes them; plain loads (READ_ONCE of {@code task->task_works},
 * test_thread_flag, the PF_EXITING and in_cancel checks), the unlocks (release stores) and
 * smp_mb__after_atomic (a compiler barrier after x86's locked RMW) are no steps.
 *
 * <p>The notification as the ring's {@code ctx->notify_method} says: TWA_SIGNAL, or
 * TWA_SIGNAL_NO_IPI for a ring set up with IORING_SETUP_COOP_TASKRUN (__set_notify_signal: no
 * kick_process). On the owner's own task ({@link #ioReqTaskWorkAddCurrent}: a completion or a waker
 * running on the owner's thread) try_to_wake_up takes its {@code p == current} path, finds the task
 * running and returns 0, so TWA_SIGNAL calls kick_process, which has nothing to kick on this CPU. From
 * another task (an io-wq worker) the owner is taken as running (the worker's CQE post woke it first,
 * or it is busy): try_to_wake_up takes {@code p->pi_lock}, finds the state not TASK_INTERRUPTIBLE and
 * returns 0, and kick_process sends its IPI when the owner runs on another CPU (no step kind prices
 * an IPI). A real wakeup, when the owner sleeps, is the engine's; the kernel prices count it from
 * sched_waking.
 *
 * <p>The list itself is a JCTools MPSC queue beside an atomic count that plays the llist's head: an
 * add counts itself (its getAndIncrement is llist_add's cmpxchg: 0 before it is "the list was
 * empty"), then offers; a take swaps the count (llist_del_all: to 0; 6.1's io_llist_xchg: to 1, the
 * fake node) and polls exactly that many, waiting for an add between its count and its offer. The
 * offer is the release that publishes the request, the poll the acquire. {@code task->task_works}
 * and TIF_NOTIFY_SIGNAL are atomics, as the kernel's; the run's own state is the owner's.
 *
 * <p>Trade-off: no lock on either side and one task_work_add per batch of adds, against the 5.x
 * spinlock with interrupts off around every add and every take; in exchange every notification is
 * a task_work round trip (a cmpxchg, the thread flag set and cleared, pi_lock, two or three calls),
 * which a linked chain pays per member. Threading: the interface's.
 */
public final class LlistTaskWork implements TaskWork {
    /** The count a 6.1 run leaves at the head: its fake node. */
    private static final int FAKE = 1;

    private final Trace trace;
    /** 6.18's llist_del_all per tctx_task_work_run, else 6.1's fake-node loop. */
    private final boolean delAll;
    /** ctx->notify_method is TWA_SIGNAL (kick_process when wake_up_state woke nothing), not TWA_SIGNAL_NO_IPI. */
    private final boolean twaSignal;
    /** tctx->task_list's requests, in the order added. */
    private final MpscUnboundedXaddArrayQueue<IoKiocb> taskList = new MpscUnboundedXaddArrayQueue<>(256);
    /** tctx->task_list's head: how many requests are on it (+ {@link #FAKE} while a 6.1 run holds it); 0 is empty. */
    private final AtomicInteger head = new AtomicInteger();
    /** task->task_works: {@link #tctxTaskWork} when queued, else null. */
    private final AtomicReference<Object> taskWorks = new AtomicReference<>();
    /** TIF_NOTIFY_SIGNAL of the owner. */
    private final AtomicBoolean notifySignal = new AtomicBoolean();
    /** tctx->task_work, the callback_head task_work_add queues. */
    private final Object tctxTaskWork = new Object();
    /** ctx->refs, as the run takes and puts it. */
    private final PercpuRef ctxRefs;
    /** Whether the owner is inside task_work_run (its first pass taken, its last look not yet made); owner only. */
    private boolean inRun;
    /** Whether the owner is inside one call of tctx_task_work; owner only. */
    private boolean inTctxTaskWork;
    /** Whether that call holds the ring: uring_lock and a ctx->refs reference (its first request); owner only. */
    private boolean ctxHeld;
    /** 6.1: whether this call of tctx_task_work has put its fake node at the head; owner only. */
    private boolean fakeHeld;
    /** 6.1: whether the last io_llist_cmpxchg gave the list back (the call of tctx_task_work ends); owner only. */
    private boolean released;

    private LlistTaskWork(Trace trace, boolean delAll, boolean twaSignal, PercpuRef ctxRefs) {
        this.trace = trace;
        this.delAll = delAll;
        this.twaSignal = twaSignal;
        this.ctxRefs = ctxRefs;
    }

    /** io_req_task_work_add from another task: an io-wq worker's. */
    @Override
    public void ioReqTaskWorkAdd(IoKiocb req) {
        add(req, false);
    }

    /** io_req_task_work_add on the owner's own task (a completion, a link's next member, a waker on its thread). */
    @Override
    public void ioReqTaskWorkAddCurrent(IoKiocb req) {
        add(req, true);
    }

    private void add(IoKiocb req, boolean current) {
        if (delAll) {
            ioReqTaskWorkAdd618(req, current);
        } else {
            ioReqTaskWorkAdd61(req, current);
        }
    }

    /** __io_req_task_work_add (v6.18.2 io_uring/io_uring.c:1335, out of line) -> io_req_normal_work_add (:1311, inlined). */
    @OutOfLine("__io_req_task_work_add")
    private void ioReqTaskWorkAdd618(IoKiocb req, boolean current) {
        trace.step(StepKind.CALL, "__io_req_task_work_add");
        if (llistAdd(req)) {
            taskWorkAdd(current); // :1329
        }
    }

    /** io_req_task_work_add (v6.1-rc7 io_uring/io_uring.c:1162, global) with __io_req_task_work_add (:1130) inlined. */
    @OutOfLine("io_req_task_work_add")
    private void ioReqTaskWorkAdd61(IoKiocb req, boolean current) {
        trace.step(StepKind.CALL, "io_req_task_work_add");
        if (llistAdd(req)) {
            taskWorkAdd(current); // :1148
        }
    }

    /**
     * llist_add(&req->io_task_work.node, &tctx->task_list) (v6.18.2 :1317, v6.1-rc7 :1142; a
     * try_cmpxchg loop on the head, include/linux/llist.h:234): whether the list was empty, i.e. this
     * add must notify the task ("task_work already pending, we're done" otherwise). A 6.1 run's fake
     * node makes it not empty.
     */
    private boolean llistAdd(IoKiocb req) {
        trace.step(StepKind.LIST, "llist_add(task_list)");
        boolean wasEmpty = head.getAndIncrement() == 0; // the head's cmpxchg: a full barrier
        taskList.offer(req); // release: the owner's poll sees the request whole
        return wasEmpty;
    }

    /**
     * task_work_add(tctx->task, &tctx->task_work, ctx->notify_method) (kernel/task_work.c:59 at
     * v6.18.2, :42 at v6.1-rc7; out of line): the try_cmpxchg onto {@code task->task_works} (:78;
     * :55), then with TWA_SIGNAL set_notify_signal (include/linux/sched/signal.h:369 at v6.18.2,
     * :376 at v6.1-rc7): test_and_set_tsk_thread_flag(TIF_NOTIFY_SIGNAL) (:361; :367) and, when it
     * was clear, wake_up_state (:362; :368) and kick_process when that woke nothing (:372; :378);
     * TWA_SIGNAL_NO_IPI is __set_notify_signal, without kick_process.
     */
    @OutOfLine("task_work_add")
    private void taskWorkAdd(boolean current) {
        trace.step(StepKind.CALL, "task_work_add");
        trace.step(StepKind.LOCKED, "try_cmpxchg(task->task_works)");
        Object h;
        do {
            h = taskWorks.get();
        } while (!taskWorks.compareAndSet(h, tctxTaskWork));
        trace.step(StepKind.LOCKED, "test_and_set_tsk_thread_flag(TIF_NOTIFY_SIGNAL)");
        if (!notifySignal.getAndSet(true) && !wakeUpState(current) && twaSignal) {
            kickProcess();
        }
    }

    /**
     * wake_up_state(task, TASK_INTERRUPTIBLE) (kernel/sched/core.c:4428 at v6.18.2, :4330 at
     * v6.1-rc7; out of line, a tail call of try_to_wake_up, :4143; :4043). On the owner's own task
     * the {@code p == current} path (:4150; :4049) finds it TASK_RUNNING (ttwu_state_match, :4167;
     * :4061) and returns 0 without a lock; from another task it takes {@code p->pi_lock} with
     * interrupts off (raw_spinlock_irqsave guard, v6.18.2 :4181; v6.1-rc7 :4076) and finds the
     * owner running (this class's assumption, above). smp_mb__after_spinlock is nothing on x86.
     *
     * @return whether a task was woken: never here
     */
    @OutOfLine("wake_up_state")
    private boolean wakeUpState(boolean current) {
        trace.step(StepKind.CALL, "wake_up_state");
        if (!current) {
            trace.step(StepKind.IRQ, "raw_spin_lock_irqsave(pi_lock)");
            trace.step(StepKind.LOCKED, "raw_spin_lock(pi_lock)");
        }
        return false;
    }

    /** kick_process (kernel/sched/core.c:3460 at v6.18.2, :3369 at v6.1-rc7; out of line): an IPI only for a task running on another CPU. */
    @OutOfLine("kick_process")
    private void kickProcess() {
        trace.step(StepKind.CALL, "kick_process");
    }

    /**
     * io_run_task_work (io_uring/io_uring.h:440 at v6.18.2, :239 at v6.1-rc7): clear_notify_signal
     * when the flag is set (:449-450; :246-247). On the way back to user space
     * (exit_to_user_mode_loop, kernel/entry/common.c:26 at v6.18.2, entered for TIF_NOTIFY_SIGNAL):
     * interrupts enabled for the loop and disabled after it (:28, :53; v6.1-rc7 :156, :181),
     * arch_do_signal_or_restart (:40; :168) and its get_signal, which clears the flag unconditionally.
     * Either way task_work_run follows when {@code task->task_works} is set (a plain load).
     */
    @Override
    public boolean ioRunTaskWork(Site site) {
        if (site == Site.EXIT_TO_USER_MODE) {
            if (!notifySignal.get()) {
                return taskWorks.get() != null; // no notification: nothing enters the loop (a 6.1 fake-node run is the owner's own)
            }
            trace.step(StepKind.IRQ, "local_irq_enable_exit_to_user");
            archDoSignalOrRestart();
        } else if (notifySignal.get()) {
            clearNotifySignal();
        }
        return taskWorks.get() != null;
    }

    /** arch_do_signal_or_restart (arch/x86/kernel/signal.c:333 at v6.18.2, :865 at v6.1-rc7; out of line): get_signal (:337; :869), no signal to deliver. */
    @OutOfLine("arch_do_signal_or_restart")
    private void archDoSignalOrRestart() {
        trace.step(StepKind.CALL, "arch_do_signal_or_restart");
        getSignal();
    }

    /**
     * get_signal (kernel/signal.c:2799 at v6.18.2, :2627 at v6.1-rc7; out of line): clear_notify_signal
     * (:2805; :2633), then task_work_run when work is pending (:2806-2807; :2634-2635: the engine's run,
     * which follows), and no signal pending (:2809; :2637).
     */
    @OutOfLine("get_signal")
    private void getSignal() {
        trace.step(StepKind.CALL, "get_signal");
        clearNotifySignal();
    }

    /** clear_notify_signal (include/linux/sched/signal.h:349-353 at v6.18.2, :355-359 at v6.1-rc7): clear_thread_flag, a locked RMW. */
    private void clearNotifySignal() {
        trace.step(StepKind.LOCKED, "clear_thread_flag(TIF_NOTIFY_SIGNAL)");
        notifySignal.set(false);
    }

    @Override
    public boolean exitToUserModePending() {
        return notifySignal.get() || taskWorks.get() != null;
    }

    /**
     * One round of the run: the next pass of task_work_run's loop when the last call of
     * tctx_task_work ended (6.18: every round; 6.1: when it gave the list back), else (6.1) the
     * next loop of tctx_task_work. 0 when task_work_run finds {@code task->task_works} empty.
     */
    @Override
    public int tctxTaskWorkTake(Consumer<IoKiocb> run) {
        while (true) {
            if (!inTctxTaskWork) {
                if (taskWorks.get() == null) { // task_work_run's READ_ONCE: nothing (more) queued
                    inRun = false;
                    return 0;
                }
                if (!inRun) {
                    inRun = true;
                    taskWorkRun();
                } else {
                    taskWorkRunPass();
                }
            }
            int n = delAll ? tctxTaskWorkRun() : tctxTaskWorkLoop();
            if (n != 0) {
                for (int i = 0; i < n; i++) {
                    IoKiocb req;
                    while ((req = taskList.poll()) == null) {
                        Thread.onSpinWait(); // an add counted itself and is about to offer
                    }
                    run.accept(req);
                }
                return n;
            }
            // nothing taken: the call of tctx_task_work ends at once
            if (!delAll) {
                tctxTaskWorkRan();
                ctxFlushAndPut();
            } else {
                inTctxTaskWork = false;
                condResched();
            }
        }
    }

    /**
     * task_work_run (kernel/task_work.c:200 at v6.18.2, :146 at v6.1-rc7; out of line, called by
     * io_run_task_work, io_uring.h:471 / :250, or get_signal): its first pass.
     */
    @OutOfLine("task_work_run")
    private void taskWorkRun() {
        trace.step(StepKind.CALL, "task_work_run");
        taskWorkRunPass();
    }

    /**
     * One pass of task_work_run's loop: the try_cmpxchg that takes {@code task->task_works} (:219;
     * :165), {@code task->pi_lock} taken and dropped with interrupts off against
     * task_work_cancel_match (:228-229; :174-175), then work->func (:233; :179): tctx_task_work.
     */
    private void taskWorkRunPass() {
        trace.step(StepKind.LOCKED, "try_cmpxchg(task->task_works)");
        taskWorks.getAndSet(null);
        trace.step(StepKind.IRQ, "raw_spin_lock_irq(pi_lock)");
        trace.step(StepKind.LOCKED, "raw_spin_lock(pi_lock)");
        tctxTaskWork();
    }

    /** tctx_task_work (v6.18.2 io_uring/io_uring.c:1229, v6.1-rc7 :1080), through work->func. */
    @OutOfLine("tctx_task_work")
    private void tctxTaskWork() {
        trace.step(StepKind.CALL, "tctx_task_work");
        inTctxTaskWork = true;
        fakeHeld = false;
        released = false;
    }

    /**
     * tctx_task_work_run (v6.18.2 :1204, called at :1236; out of line: 112 bytes of tctx_task_work
     * in 6.18.44's kallsyms leave no room for it): llist_del_all (:1215, an xchg of the head with
     * NULL, include/linux/llist.h:281), and for a list that was not empty llist_reverse_order
     * (:1217) and io_handle_tw_list (:1218), which takes uring_lock with mutex_lock and a
     * {@code ctx->refs} reference for the first request of the ring (:1147-1151) before the
     * functions run through req->io_task_work.func (:1153).
     *
     * @return how many requests the list held
     */
    @OutOfLine("tctx_task_work_run")
    private int tctxTaskWorkRun() {
        trace.step(StepKind.CALL, "tctx_task_work_run");
        trace.step(StepKind.LOCKED, "llist_del_all(task_list)");
        int n = head.getAndSet(0); // xchg: acquire of every add counted so far
        if (n == 0) {
            return 0;
        }
        llistReverseOrder();
        ioHandleTwList();
        return n;
    }

    /** llist_reverse_order (lib/llist.c:81 at v6.18.2; out of line): the LIFO list put in the order added (the queue already is). */
    @OutOfLine("llist_reverse_order")
    private void llistReverseOrder() {
        trace.step(StepKind.CALL, "llist_reverse_order");
    }

    /** io_handle_tw_list (v6.18.2 :1135, global): uring_lock (:1150) and ctx->refs (:1151) for the ring's first request. */
    @OutOfLine("io_handle_tw_list")
    private void ioHandleTwList() {
        trace.step(StepKind.CALL, "io_handle_tw_list");
        trace.step(StepKind.LOCKED, "mutex_lock(uring_lock)");
        ctxHeld = true;
        ctxRefs.get();
    }

    /**
     * One loop of 6.1's tctx_task_work: io_llist_xchg(&tctx->task_list, &fake) (v6.1-rc7 :1087 or
     * :1094, an xchg, :1061), then handle_tw_list (:1022, static, taken as inlined: no build at
     * hand says otherwise) takes uring_lock with mutex_trylock (:1039: the engine's owner holds it,
     * so it succeeds) and a ctx->refs reference (:1040) for the first request of the ring.
     *
     * @return how many requests the list held
     */
    private int tctxTaskWorkLoop() {
        trace.step(StepKind.LOCKED, "xchg(task_list)");
        int h = head.getAndSet(FAKE);
        int n = fakeHeld ? h - FAKE : h; // the first loop finds the list itself, a later one its fake node under the adds
        fakeHeld = true;
        if (n != 0 && !ctxHeld) {
            trace.step(StepKind.LOCKED, "mutex_trylock(uring_lock)");
            ctxHeld = true;
            ctxRefs.get();
        }
        return n;
    }

    /**
     * 6.1: io_llist_cmpxchg(&tctx->task_list, &fake, NULL) (v6.1-rc7 :1091 or :1096, :1077): the
     * list given back, unless an add came while the functions ran (then tctx_task_work takes it
     * next). 6.18: io_handle_tw_list ends with ctx_flush_and_put (:1165), whose flush comes next.
     */
    @Override
    public void tctxTaskWorkRan() {
        if (delAll) {
            ctxFlushAndPutCall();
            return;
        }
        trace.step(StepKind.LOCKED, "cmpxchg(task_list)");
        released = head.compareAndSet(FAKE, 0);
        fakeHeld = !released;
    }

    /** ctx_flush_and_put (v6.18.2 io_uring/io_uring.c:1118; static, out of line in 6.18.44's kallsyms): io_submit_flush_completions (:1125) follows. */
    @OutOfLine("ctx_flush_and_put")
    private void ctxFlushAndPutCall() {
        trace.step(StepKind.CALL, "ctx_flush_and_put");
    }

    /**
     * The rest of ctx_flush_and_put after its flush: mutex_unlock (v6.18.2 :1126; v6.1-rc7 :1016)
     * and percpu_ref_put (:1127; :1019); then tctx_task_work returns to task_work_run, which calls
     * cond_resched after the work (:235; :181). 6.1 gets here only once tctx_task_work gave the
     * list back: its ctx_flush_and_put (:1099) is at the end.
     */
    @Override
    public void ctxFlushAndPut() {
        if (!inTctxTaskWork || (!delAll && !released)) {
            return;
        }
        if (ctxHeld) {
            ctxHeld = false;
            trace.step(StepKind.LOCKED, "mutex_unlock(uring_lock)");
            ctxRefs.put();
        }
        inTctxTaskWork = false;
        condResched();
    }

    /**
     * cond_resched -> __cond_resched (kernel/sched/core.c:7455 at v6.18.2, :8323 at v6.1-rc7; out
     * of line: a static call under PREEMPT_DYNAMIC, this machine's 6.18.44 booting preempt=none):
     * no reschedule due.
     */
    @OutOfLine("__cond_resched")
    private void condResched() {
        trace.step(StepKind.CALL, "__cond_resched");
    }

    @Override
    public boolean isEmpty() {
        return head.get() == 0 && taskWorks.get() == null;
    }

    private static PercpuRef ctxRefs(StrategyContext ctx) {
        return new PercpuRef("ctx->refs", Counter.CTX_REF, ctx.counters(), ctx.trace());
    }

    /** ctx->notify_method (v6.18.2 io_uring/io_uring.c:3848-3851, v6.1-rc7 :3466-3480): TWA_SIGNAL unless COOP_TASKRUN. */
    private static boolean twaSignal(StrategyContext ctx) {
        return (ctx.setupFlags() & SetupFlags.IORING_SETUP_COOP_TASKRUN) == 0;
    }

    /** Registers alias {@code baseline} (6.1) on axis {@code task-work}. */
    public static final class Provider extends AbstractStrategyProvider<TaskWork> {
        public Provider() {
            super(Axis.TASK_WORK, Axis.BASELINE, "6.1",
                    "a lock-free llist: llist_add from any thread, task_work_add when it was empty; the run holds it with a fake"
                        + " node (io_llist_xchg, io_llist_cmpxchg) and flushes once at the end",
                    ctx -> new LlistTaskWork(ctx.trace(), false, twaSignal(ctx), ctxRefs(ctx)));
        }
    }

    /** Registers alias {@value #ALIAS} (6.18) on axis {@code task-work}. */
    public static final class DelAllProvider extends AbstractStrategyProvider<TaskWork> {
        /** The alias. */
        public static final String ALIAS = "del-all";

        public DelAllProvider() {
            super(Axis.TASK_WORK, ALIAS, "6.18",
                    "a lock-free llist: llist_add from any thread, task_work_add when it was empty; each run takes it whole"
                        + " (llist_del_all, llist_reverse_order) and flushes, so an add meanwhile is one more task_work pass",
                    ctx -> new LlistTaskWork(ctx.trace(), true, twaSignal(ctx), ctxRefs(ctx)));
        }
    }
}
