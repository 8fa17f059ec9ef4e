package dev.uringlab.core;

import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.Errno.EIOCBQUEUED;

import dev.uringlab.api.EnterFlags;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.core.block.BioSet;
import dev.uringlab.core.fs.FileTable;
import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.EnterRef;
import dev.uringlab.spi.EvPosted;
import dev.uringlab.spi.GetCqe;
import dev.uringlab.spi.IoWqCompletion;
import dev.uringlab.spi.LinkAdvance;
import dev.uringlab.spi.LinkCqe;
import dev.uringlab.spi.NopFlagSet;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.RequestAllocation;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.TaskWork;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * {@code struct io_ring_ctx} (io_uring/io_uring.c, include/linux/io_uring_types.h): the state
 * every mechanism of one ring shares, io_uring_enter(2) and io_ring_ctx_free. The mechanisms
 * themselves live in one class per kernel file, as {@code package-info} maps them; they are
 * static functions over this context and its requests, as the kernel's are.
 *
 * <p>Threads. {@code uringLock} ({@code ctx->uring_lock}, a mutex) is held by the ring owner
 * for the whole of an enter, a task-work run, register/unregister and close; an io-wq worker
 * takes it only for the poll opcodes, which touch the cancel table. Submission, the submit
 * state, drain, the strategies and the counters' plain increments are therefore
 * single-writer. Other threads reach the owner only through task work ({@link IoUringTask}).
 */
final class IoRingCtx {
    /** IOU_OK: the op completed; its res is set. */
    static final int IOU_OK = 0;
    /** IOU_ISSUE_SKIP_COMPLETE (-EIOCBQUEUED): the op will complete later, by itself. */
    static final int IOU_ISSUE_SKIP_COMPLETE = -EIOCBQUEUED;
    /** The IORING_ENTER_* bits a 6.x kernel knows (GETEVENTS .. NO_IOWAIT); others are -EINVAL. */
    private static final int IORING_ENTER_VALID_FLAGS = 0xff;
    /**
     * An engine-private request flag: the request failed on an io-wq worker, where the
     * {@code link-cqe} strategy may not be called; its req_set_fail hook runs when the
     * completion reaches the owner.
     */
    static final int REQ_F_FAIL_DEFERRED = 1 << 16;
    /** REQ_F_POLLED: the request has armed its internal poll (io_arm_poll_handler). */
    static final int REQ_F_POLLED = 1 << 17;

    final Counters counters;
    final Trace trace;
    final IoRings rings;
    final MemorySegment ring;
    final MemorySegment sqes;
    final int sqEntries;
    final int sqMask;
    final int cqEntries;
    final int setupFlags;
    final boolean deterministic;
    final FileTable fileTable = new FileTable();
    final IoCqRing cq;

    final CompletionPosting completion;
    final RequestAllocation reqAlloc;
    final PollRearm pollRearm;
    final LinkCqe linkCqe;
    /** The ring's bio_set (blkdev_dio_pool), its per-CPU cache being the bio-alloc strategy. */
    final BioSet bioSet;
    final LinkAdvance linkAdvance;
    final IoWqCompletion iowqComplete;
    final EnterRef enterRef;
    /** io_nop_prep's NOP_FLAGS, as the {@code nop-flags} strategy says. */
    final NopFlagSet nopFlags;
    /**
     * Requests completed and posted on an io-wq worker, given back to the owner (5.14+'s
     * ctx->locked_free_list; 5.6 freed them to the slab on the worker). Any thread offers; the
     * owner drains it at submission (io_flush_cached_locked_reqs), since the req-alloc strategy
     * is the owner's.
     */
    final MpscUnboundedXaddArrayQueue<IoRequest> lockedFreeList = new MpscUnboundedXaddArrayQueue<>(64);

    /** The registered files and buffers. */
    final IoRsrc rsrc = new IoRsrc();
    /** ctx->uring_lock. */
    final ReentrantLock uringLock = new ReentrantLock();
    /** ctx->submit_state. */
    final SubmitState submitState;
    final IoWq ioWq;
    /** The owner's io_uring_task: its task-work list and its wakeup. */
    final IoUringTask tctx;
    /** ctx->work_llist of a ring set up with IORING_SETUP_DEFER_TASKRUN, else null. */
    final IoLocalWork localWork;
    /** The ring's armed POLL_ADDs, for POLL_REMOVE (ctx->cancel_table); guarded by uringLock. */
    final ArrayList<IoPoll> cancelTable = new ArrayList<>();

    /** ctx->cached_sq_head. */
    int cachedSqHead;
    /** ctx->drain_active, drain_next, drain_disabled (set for the ring's life by the link-cqe strategy). */
    boolean drainActive;
    boolean drainNext;
    boolean drainDisabled;
    /** ctx->defer_list: drained requests waiting for their turn. */
    final ArrayDeque<IoRequest> deferList = new ArrayDeque<>();
    /** ctx->iopoll_list: READ/WRITE requests in flight on an IOPOLL ring, in issue order; guarded by uringLock. */
    IoRequest iopollFirst;
    IoRequest iopollLast;
    /** Requests handed out and not yet freed, and requests on the defer list (io_queue_deferred's counts). */
    int nrReqAllocated;
    int nrDrained;

    /** The task that submits and runs task work: the thread of the last enter. */
    volatile Thread owner;
    private volatile boolean closed;

    IoRingCtx(int sqEntries, int cqEntries, int setupFlags, boolean deterministic, Counters counters, Trace trace,
              StrategySet strategies) {
        this.counters = counters;
        this.trace = trace;
        this.sqEntries = sqEntries;
        this.sqMask = sqEntries - 1;
        this.cqEntries = cqEntries;
        this.setupFlags = setupFlags;
        this.deterministic = deterministic;
        this.rings = new IoRings(sqEntries, cqEntries);
        this.ring = rings.ring;
        this.sqes = rings.sqes;
        this.cq = new IoCqRing(ring, cqEntries, counters, trace, StrategyContext.locklessCq(setupFlags), uringLock);
        this.completion = strategies.completion();
        this.reqAlloc = strategies.reqAlloc();
        this.submitState = new SubmitState(reqAlloc.complReqsArraySize());
        this.pollRearm = strategies.pollRearm();
        this.linkCqe = strategies.linkCqe();
        this.bioSet = new BioSet(strategies.bioAlloc(), counters, trace);
        this.linkAdvance = strategies.linkAdvance();
        this.iowqComplete = strategies.iowqComplete();
        this.cq.evPosted = strategies.evPosted();
        this.cq.getCqe = strategies.getCqe();
        this.enterRef = strategies.enterRef();
        this.nopFlags = strategies.nopFlags();
        this.ioWq = new IoWq(this, deterministic, sqEntries);
        this.tctx = new IoUringTask(this, strategies.taskWork());
        this.localWork = (setupFlags & SetupFlags.IORING_SETUP_DEFER_TASKRUN) != 0 ? new IoLocalWork(this) : null;
        this.owner = Thread.currentThread();
    }

    /** The strategy instances of one ring, one per axis. */
    record StrategySet(CompletionPosting completion, RequestAllocation reqAlloc, PollRearm pollRearm,
                       LinkCqe linkCqe, BioAllocation bioAlloc, LinkAdvance linkAdvance, IoWqCompletion iowqComplete,
                       EvPosted evPosted, EnterRef enterRef, GetCqe getCqe, TaskWork taskWork, NopFlagSet nopFlags) {
    }

    /** IORING_SETUP_IOPOLL: completions are reaped by polling inside io_uring_enter. */
    boolean iopoll() {
        return (setupFlags & SetupFlags.IORING_SETUP_IOPOLL) != 0;
    }

    /** io_uring_enter(2) without EXT_ARG. */
    int enter(int toSubmit, int minComplete, int flags) {
        return enter(toSubmit, minComplete, flags, -1L);
    }

    /**
     * io_uring_enter: run pending task work, submit up to {@code toSubmit} SQEs, and with
     * GETEVENTS wait for {@code minComplete} CQEs (until {@code deadline}, a nanoTime, when not
     * negative; io_iopoll_check on an IOPOLL ring). Returns the count submitted, else the
     * wait's result (0, -ETIME, -EINTR). Returning to user space runs task work again. A
     * DEFER_TASKRUN ring's local work runs only with GETEVENTS: after the submission, and in the wait.
     */
    @OutOfLine("io_uring_enter")
    int enter(int toSubmit, int minComplete, int flags, long deadline) {
        checkOpen();
        if ((flags & ~IORING_ENTER_VALID_FLAGS) != 0) {
            return -EINVAL;
        }
        uringLock.lock();
        try {
            Thread me = Thread.currentThread();
            if (owner != me) {
                owner = me;
                counters.ownedByCurrentThread();
            }
            counters.inc(Counter.ENTER);
            trace.emit(TracePoint.IO_URING_ENTER, toSubmit, minComplete, flags);
            enterRef.ioUringEnterGet();
            // work queued while the owner was in user space: the kernel runs it on the way back from the
            // interrupt kick_process sent (6.x's io_uring_enter runs none on entry); here, before the call
            tctx.runTaskWork(TaskWork.Site.EXIT_TO_USER_MODE);
            int ret = 0;
            if (toSubmit > 0) {
                // uring_lock is held for the whole call (above); the kernel takes it around the submission
                trace.step(StepKind.LOCKED, "mutex_lock(uring_lock)");
                ret = IoSubmit.ioSubmitSqes(this, toSubmit);
                if ((flags & EnterFlags.IORING_ENTER_GETEVENTS) != 0 && localWork != null && !iopoll()) {
                    localWork.ioRunLocalWork(false); // io_run_local_work_locked (v6.1-rc7 io_uring.c:3232-3233)
                }
                trace.step(StepKind.LOCKED, "mutex_unlock(uring_lock)");
            }
            if ((flags & EnterFlags.IORING_ENTER_GETEVENTS) != 0) {
                int ret2 = iopoll() ? IoRw.ioIopollCheck(this, minComplete) : IoWait.ioCqringWait(this, minComplete, deadline);
                if (ret == 0) {
                    ret = ret2;
                }
            }
            enterRef.ioUringEnterPut();
            tctx.runTaskWork(TaskWork.Site.EXIT_TO_USER_MODE); // the system call's return to user space
            return ret;
        } finally {
            uringLock.unlock();
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the ring is closed");
        }
    }

    /** Returning to user space from a system call: the owner runs its pending task work. */
    void returnToUser() {
        if (Thread.currentThread() == owner && !closed && tctx.exitToUserModePending()) {
            uringLock.lock();
            try {
                tctx.runTaskWork(TaskWork.Site.EXIT_TO_USER_MODE);
            } finally {
                uringLock.unlock();
            }
        }
    }

    boolean isClosed() {
        return closed;
    }

    /** io_ring_ctx_free: stop io-wq, disarm polls, drop the eventfd and the files, free caches and memory. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        ioWq.ioWqExit();
        uringLock.lock();
        try {
            for (IoPoll p : cancelTable) {
                p.exitCancel();
            }
            cancelTable.clear();
            if (cq.eventfd != null) {
                cq.eventfd.fput();
                cq.eventfd = null;
            }
            cq.overflowList.kill(); // io_cqring_overflow_kill
            IoComplete.ioFlushCachedLockedReqs(this);
            rsrc.unregisterAll();
            fileTable.closeAll();
            reqAlloc.ioReqCachesFree();
            rings.close();
        } finally {
            uringLock.unlock();
        }
        LockSupport.unpark(owner); // an owner parked in io_cqring_wait finds the ring gone
    }
}
