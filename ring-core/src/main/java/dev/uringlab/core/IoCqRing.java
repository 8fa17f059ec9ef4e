package dev.uringlab.core;

import static dev.uringlab.api.CqeDescriptor.CQE_SIZE;
import static dev.uringlab.api.CqeDescriptor.FLAGS_OFFSET;
import static dev.uringlab.api.CqeDescriptor.RES_OFFSET;
import static dev.uringlab.api.CqeDescriptor.USER_DATA_OFFSET;

import dev.uringlab.api.RingMemory;
import dev.uringlab.core.fs.EventFd;
import dev.uringlab.core.sync.SpinLock;
import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.EvPosted;
import dev.uringlab.spi.EvPostedContext;
import dev.uringlab.spi.GetCqe;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.ReqFlags;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The kernel's half of the completion queue, the CQ fields of {@code struct io_ring_ctx}:
 * {@code completion_lock}, {@code cached_cq_tail} with the cached CQE range
 * ({@code cqe_cached}/{@code cqe_sentinel} of io_get_cqe), {@code cq_wait} and the registered
 * eventfd, with the overflow list ({@link IoCqOverflow}) and an IOPOLL ring's lockless fill
 * ({@link IopollCompletion}) beside it. It is the {@link CompletionContext} the completion
 * strategy drives; the engine itself only flushes the overflow list through it.
 *
 * <p>Threads: calls come from the ring owner's thread ({@code ctx->uring_lock} held) and, when
 * the {@code iowq-complete} strategy posts from the worker, from io-wq workers. The cached
 * tail, the overflow list and the counters bumped there are plain fields written only under
 * the completion lock, which is really taken (the fill/commit primitives check it is held), so
 * the lock orders their writers; ev_posted runs after the unlock and counts with
 * {@code incShared}. A lockless look at the cached tail (the overflow flush's early return, the
 * trace) may be stale and decides nothing the lock does not re-check.
 * Orderings: the CQ head is load-acquired (io_cqe_cache_refill, paired with the application's
 * release in io_uring_cq_advance) before slots are reused; CQEs are written with plain stores
 * and published by the release store of the tail in {@link #ioCommitCqring()}.
 */
final class IoCqRing implements CompletionContext, EvPostedContext, GetCqe.CqTail {
    private final MemorySegment ring;
    private final int entries;
    private final int mask;
    private final Counters counters;
    final Trace trace;
    private final SpinLock completionLock = new SpinLock();
    /**
     * ctx->poll_wait (5.11 to 5.15): where a poll on the ring fd itself waits; kept apart from
     * cq_wait until seed 001 merged the two. No emulated file polls the ring fd, so it stays empty:
     * the kernels that had it still looked at it in every ev_posted.
     */
    final WaitQueueHead pollWait;
    /** ctx->cq_wait: io_cqring_wait sleeps here; ev_posted wakes it. */
    final WaitQueueHead cqWait;
    /** ctx->poll_wq (6.3 on): see {@link IoPollWq}. */
    final IoPollWq pollWq;
    /** ctx->cached_cq_tail: CQEs written, committed or not. */
    private int cachedCqTail;
    /** The end of the slots known free (io_get_cqe's cqe_sentinel, as a tail value). */
    private int cqeSentinel;
    /** ctx->cq_overflow_list with its check bit; guarded by the completion lock (uring_lock on an IOPOLL ring). */
    final IoCqOverflow overflowList;
    /** The CQ side of io_iopoll_complete, for an IOPOLL ring. */
    final IopollCompletion iopoll = new IopollCompletion(this);
    /** ctx->io_ev_fd, with a file reference held; null when none is registered. */
    EventFd eventfd;
    /** The ring's {@code ev-posted} strategy; set once by IoRingCtx's constructor. */
    EvPosted evPosted;
    /** The ring's {@code get-cqe} strategy: how many slots io_get_cqe may fill per look at the head; set once likewise. */
    GetCqe getCqe;
    /** ctx->evfd_last_cq_tail: the tail at the last eventfd signal. */
    private int evfdLastCqTail;
    /**
     * ctx->lockless_cq ({@link dev.uringlab.spi.StrategyContext#locklessCq(int)}): a strategy of a
     * kernel that has it may fill and commit holding {@code uring_lock} alone.
     */
    private final boolean locklessCq;
    /** ctx->uring_lock, which a lockless CQ's writer holds instead of the completion lock. */
    private final ReentrantLock uringLock;

    IoCqRing(MemorySegment ring, int entries, Counters counters, Trace trace, boolean locklessCq, ReentrantLock uringLock) {
        this.locklessCq = locklessCq;
        this.uringLock = uringLock;
        this.ring = ring;
        this.entries = entries;
        this.mask = entries - 1;
        this.counters = counters;
        this.trace = trace;
        this.cqWait = new WaitQueueHead(counters, trace, "cq_wait");
        this.pollWait = new WaitQueueHead(counters, trace, "poll_wait");
        this.pollWq = new IoPollWq(new WaitQueueHead(counters, trace, "poll_wq"), trace);
        this.overflowList = new IoCqOverflow(ring, counters, trace);
    }

    @Override
    public void lock() {
        completionLock.lock();
        counters.inc(Counter.COMPLETION_LOCK); // under the lock: one writer
        trace.emitOn("completion_lock", TracePoint.SPIN_LOCK);
    }

    /**
     * local_irq_save, then the lock. The JVM has no interrupts to mask: the step is traced for
     * the recipe (one {@code irq} step per save/restore pair), and costs nothing here.
     */
    @Override
    public void lockIrqsave() {
        trace.step(StepKind.IRQ, "spin_lock_irqsave(completion_lock)");
        lock();
    }

    /** spin_lock_irq: local_irq_disable, then the lock (5.14's batch flush and poll task work). */
    @Override
    public void lockIrq() {
        trace.step(StepKind.IRQ, "spin_lock_irq(completion_lock)");
        lock();
    }

    @Override
    public void unlock() {
        trace.emitOn("completion_lock", TracePoint.SPIN_UNLOCK);
        completionLock.unlock();
    }

    /**
     * lockdep_assert_held (io_lockdep_assert_cq_locked): the completion lock, or on a lockless CQ
     * uring_lock; checked only where tracing is compiled in (tests, demos), never in a benchmark.
     */
    private void assertLocked(String what) {
        if (Trace.COMPILED && !completionLock.isHeldByCurrentThread() && !(locklessCq && uringLock.isHeldByCurrentThread())) {
            throw new IllegalStateException(what + " without the completion lock"
                    + (locklessCq ? " or, on this lockless CQ, uring_lock" : ""));
        }
    }

    /**
     * io_get_cqe: make sure the slot at the cached tail is free. Slots known free are cached up
     * to {@code cqeSentinel}; when they run out the {@code get-cqe} strategy looks at the head
     * and says how many more there are (6.1: the whole free range; 5.x: the one slot, so the
     * head is loaded for every CQE). With {@code overflow} false nothing is handed out while
     * CQEs wait on the overflow list.
     */
    private boolean ioGetCqe(boolean overflow) {
        if (cachedCqTail != cqeSentinel) {
            return true;
        }
        if (!overflow && overflowList.pending()) {
            return false;
        }
        int len = getCqe.ioCqeCacheRefill(this);
        if (len < 1) {
            return false;
        }
        cqeSentinel = cachedCqTail + len;
        return true;
    }

    /** lv: the application's release store of the head says it has read the slots before it. */
    @Override
    public int lvCqHead() {
        return RingMemory.lvInt(ring, IoRings.CQ_HEAD);
    }

    @Override
    public int cqEntries() {
        return entries;
    }

    /**
     * Writes a CQE at the cached tail, past io_get_cqe's cached range (an IOPOLL ring's fill
     * looks at the head for every CQE), so the next io_get_cqe looks again.
     */
    void writeCqeUncached(long userData, int res, int cflags) {
        writeCqe(userData, res, cflags);
        cqeSentinel = cachedCqTail; // io_cqe_cache_refill's range is not used here: none known free
    }

    /** Writes a CQE at the cached tail with plain stores; they become visible with the next commit's release. */
    private void writeCqe(long userData, int res, int cflags) {
        long base = IoRings.CQES + (long) (cachedCqTail & mask) * CQE_SIZE;
        ring.set(ValueLayout.JAVA_LONG, base + USER_DATA_OFFSET, userData);
        ring.set(ValueLayout.JAVA_INT, base + RES_OFFSET, res);
        ring.set(ValueLayout.JAVA_INT, base + FLAGS_OFFSET, cflags);
        cachedCqTail++;
        counters.inc(Counter.CQE_FILLED);
    }

    @Override
    public void ioFillCqeReq(IoKiocb req) {
        assertLocked("io_fill_cqe_req");
        if ((req.flags() & ReqFlags.REQ_F_CQE_SKIP) != 0) {
            trace.emit(TracePoint.IO_FILL_CQE_REQ_SKIP, req.userData(), req.res());
            return;
        }
        if (ioGetCqe(false)) {
            writeCqe(req.userData(), req.res(), req.cflags());
            trace.emit(TracePoint.IO_FILL_CQE_REQ, req.userData(), req.res(), req.cflags(), cachedCqTail);
        } else {
            ioCqringEventOverflow(req.userData(), req.res(), req.cflags());
        }
    }

    /**
     * io_fill_cqe_aux (io_uring/io_uring.c:781 in v6.1-rc7, declared in io_uring.h:38): a function
     * of its own, called from io_post_aux_cqe and, with seed 000's series, __io_flush_post_cqes;
     * a 6.2 build keeps it out of line even once it is static (DepSurf, io_fill_cqe_aux: "Inline:
     * No", callers __io_post_aux_cqe and __io_flush_post_cqes).
     */
    @Override
    @OutOfLine("io_fill_cqe_aux")
    public boolean ioFillCqeAux(long userData, int res, int cflags) {
        trace.step(StepKind.CALL, "io_fill_cqe_aux");
        return fillAux(userData, res, cflags);
    }

    /** io_cqring_fill_event (v5.15 fs/io_uring.c:1775, {@code static noinline}): 5.x's aux fill. */
    @Override
    @OutOfLine("io_cqring_fill_event")
    public boolean ioCqringFillEvent(long userData, int res, int cflags) {
        trace.step(StepKind.CALL, "io_cqring_fill_event");
        return fillAux(userData, res, cflags);
    }

    private boolean fillAux(long userData, int res, int cflags) {
        assertLocked("io_fill_cqe_aux");
        if (!ioGetCqe(false)) {
            trace.emit(TracePoint.IO_FILL_CQE_AUX_FULL, userData, res, cflags);
            return false;
        }
        writeCqe(userData, res, cflags);
        trace.emit(TracePoint.IO_FILL_CQE_AUX, userData, res, cflags, cachedCqTail);
        return true;
    }

    @Override
    public void ioCqringEventOverflow(long userData, int res, int cflags) {
        assertLocked("io_cqring_event_overflow");
        overflowList.add(userData, res, cflags);
    }

    /**
     * io_cq_unlock_post (io_uring/io_uring.c:598, v6.1-rc7), out of line: a 6.2 build calls it
     * from __io_post_aux_cqe (DepSurf, io_cq_unlock_post: "Inline: No").
     */
    @Override
    @OutOfLine("io_cq_unlock_post")
    public void ioCqUnlockPost() {
        trace.step(StepKind.CALL, "io_cq_unlock_post");
        ioCommitCqring();
        unlock();
        ioCqringEvPosted();
    }

    @Override
    public void ioCommitCqring() {
        assertLocked("io_commit_cqring");
        publishTail();
    }

    /** io_commit_cqring's store: the caller holds the completion lock, or uring_lock on an IOPOLL ring. */
    void publishTail() {
        // so: every CQE written before is visible to whoever load-acquires the tail.
        RingMemory.soInt(ring, IoRings.CQ_TAIL, cachedCqTail);
        counters.inc(Counter.CQ_COMMIT);
        trace.emit(TracePoint.IO_COMMIT_CQRING, cachedCqTail);
    }

    /**
     * io_cqring_ev_posted, called after the completion lock is dropped, by whoever posted (the
     * owner, or an io-wq worker): counted, traced, and done as the {@code ev-posted} strategy
     * says, from the primitives below (6.1: io_eventfd_flush_signal, then io_cqring_wake with
     * wq_has_sleeper; 5.6: waitqueue_active, then eventfd_signal).
     */
    @Override
    public void ioCqringEvPosted() {
        counters.incShared(Counter.EV_POSTED);
        trace.emit(TracePoint.IO_CQRING_EV_POSTED);
        evPosted.ioCqringEvPosted(this);
    }

    /**
     * io_commit_cqring_flush alone (io_uring.h:508-513 at v6.18.2), where a task_complete or IOPOLL
     * ring's __io_cq_unlock_post (io_uring.c:593-604) skips io_cqring_wake: counted and traced as
     * ev_posted's stand-in, done as the {@code ev-posted} strategy says (the eventfd).
     */
    @Override
    public void ioCommitCqringFlush() {
        counters.incShared(Counter.EV_POSTED);
        trace.emit(TracePoint.IO_COMMIT_CQRING_FLUSH);
        evPosted.ioCommitCqringFlush(this);
    }

    @Override
    public boolean waitqueueActive() {
        return cqWait.waitqueueActive();
    }

    @Override
    public void smpMb() {
        trace.step(StepKind.FENCE, "smp_mb");
        VarHandle.fullFence();
    }

    @Override
    public void wakeUpCqWait() {
        cqWait.wakeUp(0);
    }

    @Override
    public boolean sqpollWaitActive() {
        return false; // ctx->sq_data is NULL: the emulated ring has no SQPOLL thread
    }

    @Override
    public boolean pollWaitActive() {
        return pollWait.waitqueueActive();
    }

    @Override
    public void wakeUpPollWait() {
        pollWait.wakeUp(0);
    }

    @Override
    public boolean hasEventfd() {
        return eventfd != null;
    }

    /**
     * __io_commit_cqring_flush (io_uring/io_uring.c:571-579 at v6.18.2, :570-582 in v6.1-rc7),
     * out of line: with {@code poll_activated} (6.3 on), io_poll_wq_wake ({@link IoPollWq#ioPollWqWake});
     * with an eventfd ({@code has_evfd}), io_eventfd_flush_signal (v6.1-rc7 io_uring.c:547,
     * static, inlined here): the completion lock again, evfd_last_cq_tail against the cached
     * tail, then io_eventfd_signal when the tail moved.
     */
    @Override
    @OutOfLine("__io_commit_cqring_flush")
    public void ioCommitCqringFlush(boolean pollActivated, boolean uringWake) {
        trace.step(StepKind.CALL, "__io_commit_cqring_flush");
        if (pollActivated) {
            pollWq.ioPollWqWake();
        }
        if (eventfd != null) {
            lock();
            boolean posted = cachedCqTail != evfdLastCqTail;
            evfdLastCqTail = cachedCqTail;
            unlock();
            if (posted) {
                eventfdSignal(uringWake);
            }
        }
    }

    /**
     * io_eventfd_signal (io_uring/io_uring.c:510, v6.1-rc7; static, inlined into its callers):
     * rcu_read_lock, the ev_fd and READ_ONCE(rings->cq_flags) (a load, no step), then
     * eventfd_signal(ev_fd->cq_ev_fd, 1) (fs/eventfd.c, out of line), from 6.2 with the key
     * io_uring's own wakeups carry (EPOLL_URING_WAKE), as {@code uringWake} says.
     */
    @Override
    public void eventfdSignal(boolean uringWake) {
        EventFd evfd = eventfd;
        if (evfd != null) {
            counters.incShared(Counter.EVENTFD_SIGNAL);
            trace.emit(TracePoint.IO_EVENTFD_SIGNAL, cachedCqTail);
            trace.step(StepKind.RCU, "rcu_read_lock(io_eventfd_signal)");
            evfd.eventfdSignal(uringWake ? IoPollEvents.EPOLL_URING_WAKE : 0);
        }
    }

    /** io_eventfd_register's part here: signal only for CQEs posted from now on. */
    void registerEventfd(EventFd evfd) {
        eventfd = evfd;
        evfdLastCqTail = cachedCqTail;
    }

    /**
     * A poll whose kernel re-arms it in its CQE's locked section (5.x's io_poll_task_func), set
     * by its task work around the completion strategy's post; the owner's alone, like every
     * field the task work touches.
     */
    IoPoll rearmInPost;

    @Override
    public void pollRearmInPost() {
        IoPoll poll = rearmInPost;
        if (poll != null) {
            rearmInPost = null;
            poll.rearmInPost();
        }
    }

    @Override
    public boolean overflowPending() {
        return overflowList.pending();
    }

    @Override
    public Counters counters() {
        return counters;
    }

    /**
     * io_cqring_overflow_flush (__io_cqring_overflow_flush): move overflowed CQEs into the
     * ring, in order, while there is room; clear IORING_SQ_CQ_OVERFLOW once the list is empty.
     * One locked section, then io_cq_unlock_post (commit, unlock, ev_posted).
     */
    void ioCqringOverflowFlush() {
        if (!overflowList.pending() || cachedCqTail - RingMemory.lvInt(ring, IoRings.CQ_HEAD) == entries) {
            return;
        }
        lock();
        int flushed = 0;
        while (overflowList.first() != null && ioGetCqe(true)) {
            IoCqOverflow.OverflowCqe ocqe = overflowList.first();
            writeCqe(ocqe.userData, ocqe.res, ocqe.flags);
            overflowList.removeFirst();
            flushed++;
        }
        overflowList.flushed(flushed);
        ioCommitCqring();
        unlock();
        ioCqringEvPosted();
    }

    /** ctx->cached_cq_tail: CQEs filled so far (io_iopoll_check compares it around task work). */
    @Override
    public int cachedCqTail() {
        return cachedCqTail;
    }

    /** __io_cqring_events_user: CQEs committed and not yet consumed, from the shared indexes. */
    int cqEventsUser() {
        return RingMemory.lvInt(ring, IoRings.CQ_TAIL) - RingMemory.lvInt(ring, IoRings.CQ_HEAD);
    }

}
