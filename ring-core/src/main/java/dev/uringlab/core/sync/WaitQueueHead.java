package dev.uringlab.core.sync;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import dev.uringlab.spi.recipe.OutOfLine;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code wait_queue_head_t}: a {@link SpinLock} and a circular intrusive list of
 * {@link WaitQueueEntry}s, with {@code add_wait_queue}, {@code list_del_init} and
 * {@code __wake_up}. Non-exclusive entries are added at the front, as {@code __add_wait_queue}
 * does, so a wake visits the newest entry first.
 *
 * <p>Counters: {@link Counter#WAITQUEUE_ADD}, {@link Counter#WAITQUEUE_REMOVE}
 * and {@link Counter#WAITQUEUE_WAKE} are bumped with {@link Counters#incShared}: heads on
 * different files are guarded by different locks and wakers run on any thread, but on the
 * ring owner's thread (every single-threaded benchmark) the increment is plain. Each head has
 * a name for the trace ({@code cq_wait}, {@code rd_wait(fd 3)}) and counts its entries.
 *
 * <p>Recipe steps (DESIGN.md rule 10; kernel/sched/wait.c at v5.15, the same in 6.1): add_wait_queue
 * (:18), remove_wait_queue (:51) and the __wake_up family (:154, :199) are exported functions, out
 * of line, and each takes the head lock with {@code spin_lock_irqsave} (:23, :55, :137): a
 * {@code call}, an {@code irq} and a {@code locked} step, the lock named after the head's kind
 * ({@code spin_lock(sk_wq)}). The wakeup's callback ({@code curr->func}, :108) is the entry's own
 * step.
 */
public final class WaitQueueHead {
    private static final VarHandle FIRST;

    static {
        try {
            FIRST = MethodHandles.lookup().findVarHandle(WaitQueueEntry.class, "next", WaitQueueEntry.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The list head ({@code wq_head->head}); never woken. */
    private static final class Sentinel extends WaitQueueEntry {
        @Override
        protected int wake(int key) {
            throw new AssertionError("the list head is not an entry");
        }
    }

    /** wq_head->lock; every acquisition counted as {@link Counter#WAITQUEUE_LOCK}. */
    private final SpinLock lock;
    private final Sentinel head = new Sentinel();
    private final Counters counters;
    private final Trace trace;
    /** The head's name in the trace; set once the file has its fd. */
    private String name;
    /** The recipe steps of the head lock, named after the head's kind (its first name): constants per head. */
    private final String lockIrqsaveStep;
    private final String lockStep;
    /** Entries on the list; guarded by {@link #lock}. */
    private int entries;

    public WaitQueueHead(Counters counters, Trace trace, String name) {
        this.counters = counters;
        this.trace = trace;
        this.name = name;
        this.lock = new SpinLock(counters, Counter.WAITQUEUE_LOCK);
        this.lockIrqsaveStep = "spin_lock_irqsave(" + name + ")";
        this.lockStep = "spin_lock(" + name + ")";
    }

    /** spin_lock_irqsave(&wq_head->lock): interrupts off, then the lock. */
    private void lockIrqsave() {
        trace.step(StepKind.IRQ, lockIrqsaveStep);
        trace.step(StepKind.LOCKED, lockStep);
        lock.lock();
    }

    /** Names the head in the trace (a file learns its fd after it is made). */
    public void name(String name) {
        this.name = name;
    }

    /** {@code wq_head->lock}: for callers that change the state the wakeups report (eventfd). */
    public SpinLock lock() {
        return lock;
    }

    /** add_wait_queue: take the head lock and insert {@code e} at the front. */
    @OutOfLine("add_wait_queue")
    public void addWaitQueue(WaitQueueEntry e) {
        trace.step(StepKind.CALL, "add_wait_queue");
        lockIrqsave();
        try {
            addLocked(e);
        } finally {
            lock.unlock();
        }
    }

    private void addLocked(WaitQueueEntry e) {
        if (e.isQueued()) {
            throw new IllegalStateException("add_wait_queue of an entry already on a waitqueue");
        }
        WaitQueueEntry first = head.next;
        e.next = first;
        e.prev = head;
        first.prev = e;
        head.next = e; // published to lockless wqHasSleeper() readers by the unlock's release
        entries++;
        counters.incShared(Counter.WAITQUEUE_ADD);
        trace.emitOn(name, TracePoint.ADD_WAIT_QUEUE, e.traceId(), entries);
    }

    /** list_del_init: take {@code e} off this list; the caller holds the head lock (it runs in a wake callback). */
    public void listDelInit(WaitQueueEntry e) {
        if (Trace.COMPILED && !lock.isHeldByCurrentThread()) { // lockdep, in tests and demos only
            throw new IllegalStateException("list_del_init without the waitqueue head lock");
        }
        if (e.isQueued()) {
            e.prev.next = e.next;
            e.next.prev = e.prev;
            e.prev = e;
            e.next = e;
            entries--;
            counters.incShared(Counter.WAITQUEUE_REMOVE);
            trace.emitOn(name, TracePoint.LIST_DEL_INIT, e.traceId(), entries);
        }
    }

    /** remove_wait_queue: take the head lock and {@link #listDelInit} the entry if it is queued. */
    @OutOfLine("remove_wait_queue")
    public void removeWaitQueue(WaitQueueEntry e) {
        trace.step(StepKind.CALL, "remove_wait_queue");
        lockIrqsave();
        try {
            listDelInit(e);
        } finally {
            lock.unlock();
        }
    }

    /** __wake_up: take the head lock and {@link #wakeUpLocked} with {@code key}. */
    @OutOfLine("__wake_up")
    public void wakeUp(int key) {
        trace.step(StepKind.CALL, "__wake_up");
        wakeUpCommonLock(key);
    }

    /**
     * __wake_up_sync_key (wake_up_interruptible_sync_poll: sock_def_readable, pipe_write): the
     * same walk under the head lock as {@link #wakeUp}, the waker telling the scheduler it is
     * about to sleep (WF_SYNC), which the emulator has no use for.
     */
    @OutOfLine("__wake_up_sync_key")
    public void wakeUpSync(int key) {
        trace.step(StepKind.CALL, "__wake_up_sync_key");
        wakeUpCommonLock(key);
    }

    /** __wake_up_common_lock: the head lock with interrupts off around {@link #wakeUpLocked}. */
    private void wakeUpCommonLock(int key) {
        lockIrqsave();
        try {
            wakeUpLocked(key);
        } finally {
            lock.unlock();
        }
    }

    /**
     * wake_up_locked_poll: call every entry's callback with {@code key}; the caller holds the
     * head lock. An entry may delete itself, so the next one is read before its callback runs.
     */
    public void wakeUpLocked(int key) {
        if (Trace.COMPILED && !lock.isHeldByCurrentThread()) { // lockdep, in tests and demos only
            throw new IllegalStateException("__wake_up_locked without the waitqueue head lock");
        }
        trace.emitOn(name, TracePoint.WAKE_UP, key, entries);
        WaitQueueEntry e = head.next;
        if (e == head) {
            return;
        }
        counters.incShared(Counter.WAITQUEUE_WAKE);
        while (e != head) {
            WaitQueueEntry next = e.next;
            e.wake(key);
            e = next;
        }
    }

    /**
     * wq_has_sleeper: a full barrier (smp_mb, pairing with the one a sleeper's
     * prepare_to_wait implies before it re-checks its condition), then a lockless look at
     * whether any entry is queued (an acquire load of the first link, paired with the release
     * of the lock that inserted it), as io_cqring_wake uses to skip an empty waitqueue.
     */
    public boolean wqHasSleeper() {
        VarHandle.fullFence();
        return waitqueueActive();
    }

    /**
     * waitqueue_active: a lockless look at whether any entry is queued (an acquire load of the
     * first link, paired with the release of the lock that inserted it), with no barrier before
     * it: the caller supplies the one that orders its own stores first, or risks a lost wakeup.
     */
    public boolean waitqueueActive() {
        return (WaitQueueEntry) FIRST.getAcquire((WaitQueueEntry) head) != head;
    }
}
