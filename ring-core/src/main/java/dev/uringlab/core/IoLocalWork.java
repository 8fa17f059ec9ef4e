package dev.uringlab.core;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code ctx->work_llist}, the task work of a ring set up with IORING_SETUP_DEFER_TASKRUN (6.1
 * on): io_req_local_work_add and io_run_local_work / __io_run_local_work (v6.1-rc7
 * io_uring/io_uring.c:1108-1128, 1181-1238; v6.18.2 :1241-1309, 1392-1449). Every
 * io_req_task_work_add of such a ring comes here instead of the task's list (v6.1-rc7 :1136-1139),
 * and nothing runs it on the way back to user space: only the owner's io_uring_enter with
 * IORING_ENTER_GETEVENTS does, after its submission (io_run_local_work_locked, :3232-3233) and in
 * io_cqring_wait (io_run_task_work_ctx, io_uring.h:263-270, before the task's own list). The add
 * that finds the list empty signals the registered eventfd and wakes a waiter of the CQ, before
 * any CQE was posted (:1117-1127).
 *
 * <p>The list is the kernel's: a lock-free singly linked stack through each request's
 * {@code twNext} ({@code io_task_work.node}), {@link #first} its head. While a run holds it, the
 * head is the run's {@link #FAKE} node, so an add meanwhile finds the list not empty and signals
 * nothing, and the run takes what came meanwhile before it lets the list go (the cmpxchg back to
 * NULL, :1208-1213). A run hands the requests out oldest first, as 6.18 does (llist_reverse_order,
 * v6.18.2 :1413, a pointer walk); 6.1-rc7 ran them newest first (:1192-1201), as it ran the
 * task's own list, which this engine runs oldest first as well.
 *
 * <p>Threads: {@link #ioReqLocalWorkAdd} on any thread; {@link #ioRunLocalWork} on the ring
 * owner's with uring_lock held. {@link #first} is read and written only with volatile and
 * atomic accesses: the compareAndSet of an add is the release that publishes its request, the
 * getAndSet of a run the acquire that takes it.
 */
final class IoLocalWork {
    /** The node __io_run_local_work puts at the head while it runs ({@code struct llist_node fake}). */
    private static final Object FAKE = new Object();

    private final IoRingCtx ctx;
    /** ctx->work_llist.first: null, {@link #FAKE}, or the newest request, linked through twNext. */
    @SuppressWarnings("unused") // accessed through FIRST
    private volatile Object first;
    private static final VarHandle FIRST;

    static {
        try {
            FIRST = MethodHandles.lookup().findVarHandle(IoLocalWork.class, "first", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    IoLocalWork(IoRingCtx ctx) {
        this.ctx = ctx;
    }

    /** llist_empty(&ctx->work_llist): a lockless look (a run in progress counts as work). */
    boolean isEmpty() {
        return FIRST.getVolatile(this) == null;
    }

    /**
     * io_req_local_work_add (v6.1-rc7 :1108): llist_add, a cmpxchg loop on the head; the add that
     * found the list empty then signals the registered eventfd (io_eventfd_signal, :1125-1126: no
     * look at evfd_last_cq_tail, which only io_eventfd_flush_signal takes) and wakes the CQ's
     * waiters (__io_cqring_wake, :1127: a look at cq_wait and wake_up_all; the smp_mb__after_atomic
     * before it, :1115, orders nothing more after x86's locked cmpxchg: no step). The eventfd goes
     * without 6.2's EPOLL_URING_WAKE, a key only a poll on this same eventfd would read. Any thread.
     */
    void ioReqLocalWorkAdd(IoRequest req) {
        Object head;
        do {
            head = FIRST.getVolatile(this);
            req.twNext = head;
        } while (!FIRST.compareAndSet(this, head, req));
        ctx.trace.step(StepKind.LIST, "llist_add(work_llist)");
        if (head != null) {
            return; // not the first: whoever added the first has signalled, or a run holds the list
        }
        IoCqRing cq = ctx.cq;
        if (cq.hasEventfd()) {
            cq.eventfdSignal(false);
        }
        if (cq.waitqueueActive()) {
            cq.wakeUpCqWait();
        }
    }

    /**
     * io_run_local_work (v6.1-rc7 :1223) when {@code trylock}, from io_cqring_wait: nothing when the
     * list is empty, else mutex_trylock(uring_lock) (:1232; the engine's owner holds it already, so
     * it succeeds), __io_run_local_work, mutex_unlock. Otherwise io_run_local_work_locked
     * (io_uring.h:283), from an io_uring_enter that holds uring_lock for its submission.
     *
     * @return how many task works ran
     */
    int ioRunLocalWork(boolean trylock) {
        if (isEmpty()) {
            return 0;
        }
        if (trylock) {
            ctx.trace.step(StepKind.LOCKED, "mutex_trylock(uring_lock)");
        }
        int ret = ioRunLocalWorkLocked();
        if (trylock) {
            ctx.trace.step(StepKind.LOCKED, "mutex_unlock(uring_lock)");
        }
        return ret;
    }

    /**
     * __io_run_local_work (v6.1-rc7 :1181): io_llist_xchg the list for {@link #FAKE} (:1192), run
     * it, then io_llist_cmpxchg the fake back to NULL (:1208); when an add came meanwhile, take
     * that too (:1209-1213) and go again. Then io_submit_flush_completions (:1216-1217) and
     * trace_io_uring_local_work_run (:1218), once per call whatever the loops.
     */
    private int ioRunLocalWorkLocked() {
        Object node = FIRST.getAndSet(this, FAKE);
        ctx.trace.step(StepKind.LOCKED, "xchg(work_llist)");
        int ret = 0;
        while (true) {
            ret += runOldestFirst(node);
            ctx.trace.step(StepKind.LOCKED, "cmpxchg(work_llist)");
            if (FIRST.compareAndSet(this, FAKE, null)) {
                break;
            }
            node = FIRST.getAndSet(this, FAKE);
            ctx.trace.step(StepKind.LOCKED, "xchg(work_llist)");
        }
        IoComplete.ioSubmitFlushCompletions(ctx);
        ctx.counters.inc(Counter.LOCAL_WORK_PASS);
        ctx.trace.emit(TracePoint.IO_RUN_LOCAL_WORK, ret);
        return ret;
    }

    /** One chain taken from the head, newest first, up to NULL or the fake node: reversed, then each run. */
    private int runOldestFirst(Object node) {
        IoRequest oldest = null;
        while (node instanceof IoRequest req) {
            Object next = req.twNext;
            req.twNext = oldest;
            oldest = req;
            node = next;
        }
        int n = 0;
        for (IoRequest req = oldest; req != null; n++) {
            IoRequest next = (IoRequest) req.twNext;
            req.twNext = null;
            ctx.counters.inc(Counter.TASK_WORK_RUN);
            ctx.tctx.runTaskFunc(req);
            req = next;
        }
        return n;
    }
}
