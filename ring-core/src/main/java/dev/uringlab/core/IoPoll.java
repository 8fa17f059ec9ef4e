package dev.uringlab.core;

import static dev.uringlab.api.PollEvents.EPOLLONESHOT;
import static dev.uringlab.api.PollEvents.POLLERR;
import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.PollEvents.POLLOUT;
import static dev.uringlab.api.PollEvents.POLLPRI;
import static dev.uringlab.api.PollEvents.POLLRDNORM;
import static dev.uringlab.api.PollEvents.POLLWRNORM;

import static dev.uringlab.core.IoPollEvents.EPOLLET;
import static dev.uringlab.core.IoPollEvents.EPOLL_URING_WAKE;
import static dev.uringlab.core.IoPollEvents.IO_ASYNC_POLL_COMMON;
import static dev.uringlab.core.IoPollEvents.IO_POLL_UNMASK;

import dev.uringlab.api.CqeFlags;
import dev.uringlab.core.sync.SpinLock;
import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;
import dev.uringlab.spi.trace.TracePoint;

/**
 * {@code struct io_poll} of a POLL_ADD request and the io_uring/poll.c paths around it: arming
 * (__io_arm_poll_handler), the wake callback (io_poll_wake), the task func
 * (io_poll_task_func / io_poll_check_events) and the disarm of POLL_REMOVE (the opcodes'
 * prep and issue are {@link IoPollOps}). The entry sits on the file's waitqueue; the decision
 * whether a wakeup queues the task work, and how a multishot poll stays armed, belong to the
 * {@code poll-rearm} strategy alone, which sees this object as its {@link PollWait}: the wake
 * callback does not check behind it.
 *
 * <p>Semantics (6.1 unless said): events get POLLERR|POLLHUP|POLLNVAL|POLLRDHUP added
 * (IO_POLL_UNMASK) and EPOLLET; single-shot also EPOLLONESHOT. Ready at arm time, a
 * single-shot poll completes inline with the mask; a multishot one runs its task work at once
 * (__io_poll_execute), posting a CQE with IORING_CQE_F_MORE. A multishot CQE is an aux CQE
 * ({@code postAuxCqe}, deferrable: it runs in task work); when it cannot be posted the request
 * ends with its terminal CQE carrying the mask and no F_MORE. A wakeup from io_uring's own
 * eventfd signal (EPOLL_URING_WAKE) turns a multishot poll single-shot, so a poll on the ring's
 * registered eventfd cannot loop. POLL_REMOVE disarms the target and completes it with
 * -ECANCELED through task work, after the remove's own CQE (0), as kernels since the 2024
 * io_poll_remove fix post them; an unknown target is -ENOENT, a target whose task work is
 * already queued -EALREADY (it owns the request, as poll_refs ownership says in the kernel).
 *
 * <p>The same entry serves the internal poll of IORING_FEAT_FAST_POLL (io_arm_poll_handler,
 * {@code struct async_poll}): a READ or WRITE that finds its pipe empty or full waits for
 * POLLIN/POLLOUT, single-shot, and is issued again from io_apoll_task_func.
 *
 * <p>The task work is io_poll_check_events' loop, driven by the strategy
 * ({@link PollRearm}): {@code poll-refs} (6.1) keeps ownership in poll_refs and asks for
 * another pass when wakeups raced with the task work ({@link PollRearm.Rearmed#LOOP}), with no
 * lock and no vfs_poll when the wakeup carried a mask. The older re-arms (5.15's re-add, the
 * 5.16 flag) return {@link PollRearm.Rearmed#RECHECK}: the engine then asks the file's
 * waitqueue whether a wakeup for this poll's events arrived while the entry was off the list
 * or gated ({@link WaitQueueHead#wakeups}), and only then re-polls the file. So no event is
 * lost and none is reported twice.
 *
 * <p>Threads: {@link #wake} runs on the waker's thread with the head lock held; everything else
 * on the ring owner's thread (or an io-wq worker holding {@code uring_lock}). The fields a waker
 * writes ({@code events}, {@code wakeMask}, {@code wakeSeq}, {@code twQueued}) are written under
 * the head lock and reach the owner through the task-work queue's release/acquire. The owner
 * reads {@code twQueued} only under the head lock and clears it with a plain store when its
 * task work starts: that store is ordered before the strategy's re-arm (a lock or a volatile
 * store), after which alone a waker can set it again. No fence on the per-event path.
 */
final class IoPoll extends PollWaitEntry {
    /** EALREADY (asm-generic/errno.h). */
    static final int EALREADY = 114;
    /** io_arm_poll_handler results. */
    static final int IO_APOLL_OK = 0;
    static final int IO_APOLL_ABORTED = 1;
    static final int IO_APOLL_READY = 2;
    /** APOLL_MAX_RETRY: how many times one request may arm its internal poll. */
    static final int APOLL_MAX_RETRY = 128;

    private final IoRingCtx ctx;
    private final IoRequest req;
    /** poll->head: the waitqueue the entry goes on. */
    private WaitQueueHead head;
    /** poll->events, with EPOLLONESHOT/EPOLLET; a waker may add EPOLLONESHOT. */
    private volatile int events;
    /** The key of the wakeup that queued the task work, 0 to re-poll the file. */
    private int wakeMask;
    /** head.wakeups(events) when the task work was last queued or the poll last re-armed. */
    private long wakeSeq;
    /** A cancel found the task work owning this poll (a reference taken in vain); under the head lock. */
    private boolean ownershipTried;
    /** The task work is queued and has not started: it owns the request (see the class comment for its orders). */
    private boolean twQueued;
    /** Disarmed: completed, or removed. */
    private boolean done;
    /** An internal poll of a READ/WRITE (struct async_poll), not a POLL_ADD. */
    private boolean apoll;
    /** apoll->poll.retries: internal polls armed by this request. */
    private int retries;

    private IoPoll(IoRingCtx ctx, IoRequest req) {
        this.ctx = ctx;
        this.req = req;
    }

    @Override
    protected long traceId() {
        return req.userData;
    }

    /** The poll request's user_data, for POLL_REMOVE's lookup and the trace. */
    @Override
    public long userData() {
        return req.userData;
    }

    // ---- PollWait, for the poll-rearm strategy (the state word's orders as the accessor names say) ----

    @Override public void addWaitQueue() { head.addWaitQueue(this); }
    @Override public void listDelInit() { head.listDelInit(this); }
    @Override public boolean isInternal() { return apoll; }

    // ---- io_poll_add ----

    /**
     * io_poll_add / __io_arm_poll_handler: put the entry on the file's waitqueue (vfs_poll's
     * poll_wait), then look at the file's mask. Returns IOU_OK when a single-shot poll is
     * already ready (its res set), else IOU_ISSUE_SKIP_COMPLETE.
     */
    static int ioPollAdd(IoRingCtx ctx, IoRequest req) {
        IoPoll poll = poll(ctx, req);
        poll.apoll = false;
        ctx.cancelTable.add(poll); // io_poll_req_insert: findable by POLL_REMOVE
        int mask = poll.arm(req.opFlags | IO_POLL_UNMASK);
        if (mask < 0) {
            return IoRingCtx.IOU_ISSUE_SKIP_COMPLETE;
        }
        if (mask != 0 && (poll.events & EPOLLONESHOT) != 0) {
            ctx.cancelTable.remove(poll);
            req.setRes(mask & 0xffff, 0);
            return IoRingCtx.IOU_OK;
        }
        if (mask != 0) {
            SpinLock lock = poll.head.lock();
            lock.lock();
            try {
                // multishot and ready: __io_poll_execute, through the same wake decision, unless a
                // wakeup since arm() dropped the head lock already queued the task work
                if (!poll.twQueued) {
                    poll.wake(mask);
                }
            } finally {
                lock.unlock();
            }
        }
        return IoRingCtx.IOU_ISSUE_SKIP_COMPLETE;
    }

    /**
     * io_arm_poll_handler (IORING_FEAT_FAST_POLL): a READ or WRITE that got -EAGAIN on a file
     * that supports nowait waits for POLLIN or POLLOUT on an internal single-shot poll, then is
     * issued again from task work. A request may re-arm after another -EAGAIN, up to
     * APOLL_MAX_RETRY times (the 2022 replacement of the single-arm REQ_F_POLLED rule); then it
     * goes to io-wq (IO_APOLL_ABORTED). Any thread: the owner, or an io-wq worker.
     */
    static int ioArmPollHandler(IoRingCtx ctx, IoRequest req, boolean pollin) {
        IoPoll poll = poll(ctx, req);
        if ((req.flags & IoRingCtx.REQ_F_POLLED) == 0) {
            poll.retries = 0;
            req.flags |= IoRingCtx.REQ_F_POLLED;
        }
        if (++poll.retries >= APOLL_MAX_RETRY) {
            return IO_APOLL_ABORTED;
        }
        poll.apoll = true;
        int events = POLLPRI | POLLERR | EPOLLET | EPOLLONESHOT
                | (pollin ? POLLIN | POLLRDNORM : POLLOUT | POLLWRNORM);
        int mask = poll.arm(events | IO_POLL_UNMASK);
        return mask > 0 ? IO_APOLL_READY : IO_APOLL_OK;
    }

    private static IoPoll poll(IoRingCtx ctx, IoRequest req) {
        IoPoll poll = req.poll;
        if (poll == null) {
            poll = req.poll = new IoPoll(ctx, req);
        }
        return poll;
    }

    /**
     * __io_arm_poll_handler's core: queue the entry, then take the file's mask. A wakeup that
     * comes in between may already have queued the task work; it then owns the request and
     * this returns -1. A ready single-shot poll is taken off again and its mask returned; else
     * the mask (0 when nothing is ready) with the entry left armed.
     */
    private int arm(int events) {
        head = req.file.pollHead();
        this.events = events;
        resetState();
        wakeMask = 0;
        twQueued = false;
        done = false;
        head.addWaitQueue(this);
        int mask = req.file.poll() & events & 0xffff;
        ctx.trace.emit(TracePoint.IO_POLL_ARM, req.userData, events, mask);
        SpinLock lock = head.lock();
        lock.lock();
        try {
            if (twQueued) {
                return -1;
            }
            wakeSeq = head.wakeups(events);
            if (mask != 0 && (events & EPOLLONESHOT) != 0) {
                head.listDelInit(this);
                done = true;
            }
            return mask;
        } finally {
            lock.unlock();
        }
    }

    /** io_poll_wake: the file's waitqueue callback, on the waker's thread with the head lock held. */
    @Override
    protected int wake(int key) {
        int mask = key & 0xffff;
        int ev = events;
        if (mask != 0 && (mask & ev & ~IO_ASYNC_POLL_COMMON) == 0) {
            return 0;
        }
        boolean queue = gate();
        ctx.trace.emit(TracePoint.IO_POLL_WAKE, req.userData, mask, queue ? 1 : 0);
        if (queue) {
            if ((key & EPOLL_URING_WAKE) != 0) {
                events = ev |= EPOLLONESHOT;
            }
            if (mask != 0 && (ev & EPOLLONESHOT) != 0 && isQueued()) {
                head.listDelInit(this);
            }
            queueTaskFunc(mask);
        }
        return 1;
    }

    /** The strategy's io_poll_wake decision, counted as accepted or ignored; the head lock is held. */
    private boolean gate() {
        boolean queue = ctx.pollRearm.pollWake(this);
        ctx.counters.incShared(queue ? Counter.POLL_WAKE_ACCEPTED : Counter.POLL_WAKE_IGNORED);
        return queue;
    }

    /** __io_poll_execute: record the mask and queue io_poll_task_func; the caller holds the head lock. */
    private void queueTaskFunc(int mask) {
        wakeMask = mask;
        wakeSeq = head.wakeups(events);
        twQueued = true;
        req.twFunc = IoRequest.TW_POLL;
        ctx.tctx.ioReqTaskWorkAdd(req);
    }

    /** io_poll_task_func: post what the wakeup reported, complete or re-arm. Ring owner's thread. */
    static void ioPollTaskFunc(IoRequest req) {
        req.poll.taskFunc();
    }

    /**
     * io_poll_check_events' loop: each pass asks the strategy what it starts from, reports the
     * wakeup's mask (or, without one or when the strategy says it is stale, vfs_poll's), and
     * either ends the request or re-arms it; the strategy's {@link PollRearm.Rearmed} says
     * whether to pass again, stop, or have the engine look for a missed wakeup.
     */
    private void taskFunc() {
        twQueued = false;
        PollRearm.Rearmed next;
        do {
            if (done) {
                return;
            }
            int ev = events;
            int mask = wakeMask;
            wakeMask = 0;
            if (ctx.pollRearm.pollCheckEvents(this) || wakeupsMerged(ev)) {
                mask = 0; // more wakeups than the one whose key is stashed: poll the file again
            }
            ctx.trace.emit(TracePoint.IO_POLL_TASK_FUNC, req.userData, mask);
            if (mask == 0) {
                mask = req.file.poll(); // vfs_poll: no key to go by
            }
            mask &= ev & 0xffff;
            if (mask == 0 && (ev & EPOLLONESHOT) != 0) {
                // IOU_POLL_REISSUE: woken, but the event was gone when polled afresh; vfs_poll does
                // not queue the entry again, so the request is issued anew (io_poll_check_events)
                disarm();
                IoIssue.ioReqTaskSubmit(ctx, req);
                return;
            }
            if (mask != 0) {
                if (apoll) {
                    disarm();
                    IoIssue.ioReqTaskSubmit(ctx, req); // io_apoll_task_func: IOU_POLL_DONE, issue the request again
                    return;
                }
                if ((ev & EPOLLONESHOT) != 0) {
                    complete(mask);
                    return;
                }
                // io_req_post_cqe: requests completed earlier in this task-work run wait in compl_reqs;
                // they are flushed first, or their CQEs would land after this one ("io_uring: flush
                // deferred completions before posting multishot CQE", 2025, in every stable kernel since 6.1).
                if (ctx.submitState.nr != 0) {
                    IoComplete.ioSubmitFlushCompletions(ctx);
                }
                if (!ctx.completion.postAuxCqe(ctx.cq, req.userData, mask, CqeFlags.IORING_CQE_F_MORE, true, false)) {
                    complete(mask); // the CQ is full or in overflow: end with the terminal CQE, no F_MORE
                    return;
                }
            }
            // a multishot poll goes on, or a spurious pass found nothing this poll asked for
            ctx.trace.emit(TracePoint.IO_POLL_REARM, req.userData);
            next = ctx.pollRearm.pollRearm(this);
        } while (next == PollRearm.Rearmed.LOOP);
        if (next == PollRearm.Rearmed.RECHECK) {
            recheckMissed(events);
        }
    }

    /**
     * io_poll_check_events' "Redo vfs_poll()": wakeups the waitqueue delivered after the one that
     * queued this task work (or a POLL_REMOVE that tried to take ownership) merge into this run,
     * which then takes the file's state afresh instead of the first wakeup's key. A strategy that
     * counts wakeups (poll_refs) says so itself; for the others the waitqueue's count tells. The
     * streams are held to this machine's kernel, which merges them so.
     */
    private boolean wakeupsMerged(int ev) {
        SpinLock lock = head.lock();
        lock.lock();
        try {
            long now = head.wakeups(ev);
            boolean merged = now != wakeSeq || ownershipTried;
            wakeSeq = now;
            ownershipTried = false;
            return merged;
        } finally {
            lock.unlock();
        }
    }

    /** The poll is done: off the waitqueue and the cancel list, its CQE carries {@code res}. */
    private void complete(int res) {
        disarm();
        req.setRes(res, 0);
        IoComplete.ioReqCompleteDefer(ctx, req);
    }

    private void disarm() {
        head.removeWaitQueue(this);
        done = true;
        if (!apoll) {
            ctx.cancelTable.remove(this);
        }
    }

    /**
     * After a {@link PollRearm.Rearmed#RECHECK} re-arm: under the head lock, a look at whether a
     * wakeup for these events came while this poll could not take it; if so, and the file is
     * ready, it is delivered now as a wakeup without a key (the strategy decides).
     */
    private void recheckMissed(int ev) {
        // vfs_poll before the head lock: a file's ->poll may take that very lock (eventfd does)
        int ready = req.file.poll() & ev & 0xffff;
        SpinLock lock = head.lock();
        lock.lock();
        try {
            long now = head.wakeups(ev);
            boolean missed = now != wakeSeq && !twQueued;
            wakeSeq = now;
            // a missed wakeup is delivered now, through the same decision a wakeup takes
            if (missed && ready != 0 && gate()) {
                queueTaskFunc(0);
            }
        } finally {
            lock.unlock();
        }
    }

    /** io_poll_disarm + the -ECANCELED completion; io_poll_disarm fails when the task work owns the request. */
    int cancel(boolean iowq) {
        SpinLock lock = head.lock();
        lock.lock();
        try {
            if (twQueued) {
                // io_poll_disarm: io_poll_get_ownership failed, but its atomic_fetch_inc left a
                // reference, so the task work sees more than one and takes the file's state afresh.
                ownershipTried = true;
                return -EALREADY;
            }
            head.listDelInit(this);
            done = true;
        } finally {
            lock.unlock();
        }
        ctx.cancelTable.remove(this);
        IoComplete.reqSetFail(ctx, req, iowq);
        req.setRes(-dev.uringlab.api.Errno.ECANCELED, 0);
        req.twFunc = IoRequest.TW_COMPLETE;
        ctx.tctx.ioReqTaskWorkAdd(req);
        return 0;
    }

    /** io_poll_remove_all at ring exit: take the entry off its waitqueue. */
    void exitCancel() {
        head.removeWaitQueue(this);
        done = true;
    }
}
