package dev.uringlab.core;

import static dev.uringlab.api.Errno.EALREADY;
import static dev.uringlab.api.PollEvents.EPOLLONESHOT;
import static dev.uringlab.api.PollEvents.POLLERR;
import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.PollEvents.POLLOUT;
import static dev.uringlab.api.PollEvents.POLLPRI;
import static dev.uringlab.api.PollEvents.POLLRDNORM;
import static dev.uringlab.api.PollEvents.POLLWRNORM;

import static dev.uringlab.core.IoPollEvents.EPOLLET;
import static dev.uringlab.core.IoPollEvents.EPOLL_URING_WAKE;
import static dev.uringlab.core.IoPollEvents.IO_POLL_UNMASK;

import dev.uringlab.api.CqeFlags;
import dev.uringlab.core.sync.SpinLock;
import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.CompletionLock;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.TracePoint;
import dev.uringlab.spi.recipe.OutOfLine;

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
 * <p>Every decision about a wakeup is the strategy's ({@link PollRearm}), taken as its
 * kernel took it, and the engine does nothing behind it: whether the wakeup is for this poll
 * (the mask test, and its place), whether it queues the task work, whether the task work trusts
 * the wakeup's mask or polls the file ({@link PollRearm#pollCheckEvents}), where the re-arm sits
 * ({@link PollRearm#rearmInPost}: 5.14's and 5.15's io_poll_task_func re-arm under the CQE's hold
 * of the completion lock, after or before the commit as the {@code completion} strategy of that
 * kernel has it; 6.1's posts, then re-arms), whether a pass runs
 * again ({@link PollRearm.Rearmed#LOOP}, poll_refs), and whether POLL_REMOVE may take the request
 * ({@link PollRearm#pollDisarm}). A wakeup a strategy refused, or that found its entry off the
 * list, is not looked for again: 5.15 and the 5.16 flag never did.
 *
 * <p>What stays 6.x here whatever the strategy: a multishot poll ready when armed runs its task
 * work at once (__io_poll_execute) where 5.15's io_poll_add completed it inline; a wakeup from
 * io_uring's own eventfd signal (EPOLL_URING_WAKE) turns the poll single-shot; a single-shot
 * poll is done with {@link #disarm} (a head-lock round trip), and POLL_REMOVE completes its
 * target through task work.
 *
 * <p>Threads: {@link #wake} runs on the waker's thread with the head lock held; everything else
 * on the ring owner's thread (or an io-wq worker holding {@code uring_lock}). The fields a waker
 * writes ({@code events}, {@code wakeMask}, {@code twQueued}) are written under the head lock
 * and reach the owner through the task-work queue's release/acquire. The owner reads
 * {@code twQueued} only under the head lock and clears it with a plain store when its task work
 * starts: that store is ordered before the strategy's re-arm (a lock or a volatile store), after
 * which alone a waker can set it again. No fence on the per-event path.
 */
final class IoPoll extends PollWaitEntry {
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
    /** What the strategy said when the CQE's post re-armed the poll ({@link #rearmInPost}). */
    private PollRearm.Rearmed rearmed;
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

    @Override public int events() { return events; }
    @Override public void addWaitQueue() { head.addWaitQueue(this); }
    @Override public void listDelInit() { head.listDelInit(this); }
    @Override public boolean isInternal() { return apoll; }

    // ---- __io_arm_poll_handler (io_poll_add's) ----

    /**
     * __io_arm_poll_handler as io_poll_add calls it (the apoll path is {@link #ioArmPollHandler}):
     * insert the request for POLL_REMOVE (io_poll_req_insert), put the entry on the file's
     * waitqueue (vfs_poll's poll_wait), then look at the file's mask. Returns IOU_OK when a
     * single-shot poll is already ready (its res set), else IOU_ISSUE_SKIP_COMPLETE. The name
     * keeps the kernel's leading underscores: {@code ioArmPollHandler} is io_arm_poll_handler.
     */
    static int __ioArmPollHandler(IoRingCtx ctx, IoRequest req) {
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
        if (mask > 0) {
            return IO_APOLL_READY;
        }
        ctx.counters.incShared(Counter.POLL_ARM); // trace_io_uring_poll_arm: armed, not ready
        return IO_APOLL_OK;
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
            if (mask != 0 && (events & EPOLLONESHOT) != 0) {
                head.listDelInit(this);
                done = true;
            }
            return mask;
        } finally {
            lock.unlock();
        }
    }

    /**
     * io_poll_wake (io_async_wake for an internal poll): the file's waitqueue callback, on the
     * waker's thread with the head lock held. The strategy decides, the mask test included; a
     * wakeup it takes queues the task work. From io_uring's own eventfd signal (EPOLL_URING_WAKE,
     * 6.x) the poll turns single-shot and leaves the list at once.
     */
    @Override
    @OutOfLine("io_poll_wake")
    protected int wake(int key) {
        if (!apoll) {
            ctx.trace.step(StepKind.CALL, "io_poll_wake"); // the waitqueue's curr->func, through the pointer
        }
        int mask = key & 0xffff;
        boolean queue = ctx.pollRearm.pollWake(this, mask);
        ctx.counters.incShared(queue ? Counter.POLL_WAKE_ACCEPTED : Counter.POLL_WAKE_IGNORED);
        ctx.trace.emit(TracePoint.IO_POLL_WAKE, req.userData, mask, queue ? 1 : 0);
        if (!queue) {
            return 0;
        }
        if ((key & EPOLL_URING_WAKE) != 0) {
            events |= EPOLLONESHOT;
            if (mask != 0 && isQueued()) {
                head.listDelInit(this);
            }
        }
        queueTaskFunc(mask);
        return 1;
    }

    /** __io_poll_execute: record the mask and queue io_poll_task_func; the caller holds the head lock. */
    private void queueTaskFunc(int mask) {
        ctx.counters.incShared(Counter.POLL_EXECUTE); // __io_poll_execute: trace_io_uring_task_add
        wakeMask = mask;
        twQueued = true;
        req.twFunc = IoRequest.TW_POLL;
        ctx.tctx.ioReqTaskWorkAdd(req);
    }

    /** io_poll_task_func: post what the wakeup reported, complete or re-arm. Ring owner's thread. */
    static void ioPollTaskFunc(IoRequest req) {
        req.poll.taskFunc();
    }

    /**
     * io_poll_task_func / io_poll_check_events' loop: each pass asks the strategy what it starts
     * from, reports the wakeup's mask (or, without one or when the strategy says it is stale,
     * vfs_poll's), and either ends the request or re-arms it, where the strategy's kernel
     * re-armed; the strategy's {@link PollRearm.Rearmed} says whether to pass again.
     */
    @OutOfLine("io_poll_task_func")
    private void taskFunc() {
        if (!apoll) {
            ctx.trace.step(StepKind.CALL, "io_poll_task_func"); // req->io_task_work.func, through the pointer
        }
        twQueued = false;
        PollRearm rearm = ctx.pollRearm;
        PollRearm.Rearmed next;
        do {
            if (done) {
                return;
            }
            int ev = events;
            int mask = wakeMask;
            wakeMask = 0;
            if (rearm.pollCheckEvents(this)) {
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
                // 5.x re-arms in the CQE's locked section: the completion strategy's post calls rearmInPost there
                boolean inPost = rearm.rearmInPost();
                ctx.cq.rearmInPost = inPost ? this : null;
                boolean posted = ctx.completion.postAuxCqe(ctx.cq, req.userData, mask, CqeFlags.IORING_CQE_F_MORE, true, false);
                inPost &= ctx.cq.rearmInPost == null; // false when the strategy deferred the CQE
                ctx.cq.rearmInPost = null;
                if (!posted) {
                    complete(mask); // the CQ is full or in overflow: end with the terminal CQE, no F_MORE
                    return;
                }
                next = inPost ? rearmed : rearmAfter(rearm);
            } else if (rearm.rearmInPost()) {
                // io_poll_rewait: nothing this poll asked for; re-armed under the completion lock,
                // taken as the completion strategy's kernel took it there, no CQE
                CompletionLock how = ctx.completion.pollTaskWorkLock();
                how.lock(ctx.cq);
                next = rearmAfter(rearm);
                how.unlock(ctx.cq);
            } else {
                next = rearmAfter(rearm); // a spurious pass found nothing this poll asked for
            }
        } while (next == PollRearm.Rearmed.LOOP);
    }

    /** The multishot poll goes on: the strategy re-arms it. */
    private PollRearm.Rearmed rearmAfter(PollRearm rearm) {
        ctx.trace.emit(TracePoint.IO_POLL_REARM, req.userData);
        return rearm.pollRearm(this);
    }

    /**
     * 5.x's io_poll_task_func, not done: under one hold of the completion lock the CQE is filled
     * with IORING_CQE_F_MORE and the strategy re-arms, 5.15 before io_commit_cqring
     * (fs/io_uring.c:5375-5384 at v5.15, the same with seed 002: so that a wakeup after the
     * application sees the CQE finds the poll armed, "io_uring: fix possible poll event lost in
     * multi shot mode", 2021-09-03), 5.14 after it (v5.14 fs/io_uring.c:4968, 4974); then the
     * unlock and io_cqring_ev_posted. Called by {@link IoCqRing#pollRearmInPost} from the
     * completion strategy's post, where that strategy's kernel re-armed.
     */
    void rearmInPost() {
        rearmed = rearmAfter(ctx.pollRearm);
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
     * io_poll_disarm + the -ECANCELED completion; the strategy says whether the remove may take the
     * request. With the 5.16 flag it may while the poll's task work is queued (the entry never
     * leaves the list): that task work, not yet run, is turned into the completion, since a
     * request is on the task list once. (The kernel with the patch completes it twice there, a
     * second -ECANCELED and a second put: ActiveFlagPollRearm#pollDisarm.)
     */
    int cancel(boolean iowq) {
        boolean queued;
        SpinLock lock = head.lock();
        lock.lock();
        try {
            if (!ctx.pollRearm.pollDisarm(this)) {
                return -EALREADY; // a queued task work owns it
            }
            head.listDelInit(this);
            done = true;
            queued = twQueued;
        } finally {
            lock.unlock();
        }
        ctx.cancelTable.remove(this);
        IoComplete.reqSetFail(ctx, req, iowq);
        req.setRes(-dev.uringlab.api.Errno.ECANCELED, 0);
        req.twFunc = IoRequest.TW_COMPLETE;
        if (!queued) {
            ctx.tctx.ioReqTaskWorkAdd(req);
        }
        return 0;
    }

    /** io_poll_remove_all at ring exit: take the entry off its waitqueue. */
    void exitCancel() {
        head.removeWaitQueue(this);
        done = true;
    }
}
