package dev.uringlab.core;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.Errno.EBADF;
import static dev.uringlab.api.Errno.ECANCELED;
import static dev.uringlab.api.Errno.EFAULT;
import static dev.uringlab.api.Errno.EINTR;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.Errno.EOPNOTSUPP;
import static dev.uringlab.api.Errno.ETIME;
import static dev.uringlab.api.SqeDescriptor.ADDR_OFFSET;
import static dev.uringlab.api.SqeDescriptor.BUF_INDEX_OFFSET;
import static dev.uringlab.api.SqeDescriptor.FD_OFFSET;
import static dev.uringlab.api.SqeDescriptor.FILE_INDEX_OFFSET;
import static dev.uringlab.api.SqeDescriptor.FLAGS_OFFSET;
import static dev.uringlab.api.SqeDescriptor.IOPRIO_OFFSET;
import static dev.uringlab.api.SqeDescriptor.LEN_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OFF_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OPCODE_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OP_FLAGS_OFFSET;
import static dev.uringlab.api.SqeDescriptor.PERSONALITY_OFFSET;
import static dev.uringlab.api.SqeDescriptor.SQE_SIZE;
import static dev.uringlab.api.SqeDescriptor.USER_DATA_OFFSET;
import static dev.uringlab.spi.ReqFlags.REQ_F_CQE_SKIP;
import static dev.uringlab.spi.ReqFlags.REQ_F_FAIL;
import static dev.uringlab.spi.ReqFlags.REQ_F_FIXED_FILE;
import static dev.uringlab.spi.ReqFlags.REQ_F_FORCE_ASYNC;
import static dev.uringlab.spi.ReqFlags.REQ_F_HARDLINK;
import static dev.uringlab.spi.ReqFlags.REQ_F_IO_DRAIN;
import static dev.uringlab.spi.ReqFlags.REQ_F_LINK;

import dev.uringlab.api.EnterFlags;
import dev.uringlab.api.NopFlags;
import dev.uringlab.api.Opcodes;
import dev.uringlab.api.PollFlags;
import dev.uringlab.api.RingMemory;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.api.SqeFlags;
import dev.uringlab.core.fs.FileTable;
import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.LinkCqe;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.RequestAllocation;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.jctools.queues.MpscUnboundedXaddArrayQueue;

/**
 * {@code struct io_ring_ctx} and the request lifecycle of io_uring/io_uring.c: submission
 * (io_submit_sqes, io_init_req, io_submit_sqe, io_submit_fail_init), issue (io_queue_sqe,
 * io_issue_sqe, io_queue_sqe_fallback), links (io_queue_next, io_fail_links), drain
 * (io_drain_req, io_queue_deferred), completion batching (io_req_complete_defer,
 * __io_submit_flush_completions, io_free_batch_list), task work (io_req_task_work_add,
 * tctx_task_work), io-wq punting, and io_uring_enter with io_cqring_wait.
 *
 * <p>Every CQE goes through the {@code completion} strategy; requests come from and go back
 * to the {@code req-alloc} strategy; link CQE decisions go through {@code link-cqe}; poll
 * wake/re-arm decisions through {@code poll-rearm}.
 *
 * <p>Threads. {@code uringLock} ({@code ctx->uring_lock}, a mutex) is held by the ring
 * owner for the whole of an enter, a task-work run, register/unregister and close; an io-wq
 * worker takes it only for the poll opcodes, which touch the cancel list. Submission, the
 * completion batch, the strategies and the counters' plain increments are therefore
 * single-writer. Other threads reach the owner only through the task-work queue (a JCTools
 * MPSC queue: release on offer, acquire on poll), the way task_work_add reaches a task.
 */
final class IoRingCtx {
    /** IOU_OK: the op completed; its res is set. */
    static final int IOU_OK = 0;
    /** IOU_ISSUE_SKIP_COMPLETE (-EIOCBQUEUED): the op will complete later, by itself. */
    static final int IOU_ISSUE_SKIP_COMPLETE = -529;
    /** The IORING_ENTER_* bits a 6.x kernel knows (GETEVENTS .. NO_IOWAIT); others are -EINVAL. */
    private static final int IORING_ENTER_VALID_FLAGS = 0xff;
    /** IO_REQ_LINK_FLAGS. */
    private static final int IO_REQ_LINK_FLAGS = REQ_F_LINK | REQ_F_HARDLINK;
    /** SQE_COMMON_FLAGS: the flags io_init_req takes without a closer look. */
    private static final int SQE_COMMON_FLAGS = SqeFlags.IOSQE_FIXED_FILE | SqeFlags.IOSQE_IO_LINK
            | SqeFlags.IOSQE_IO_HARDLINK | SqeFlags.IOSQE_ASYNC;
    /**
     * An engine-private request flag: the request failed on an io-wq worker, where the
     * {@code link-cqe} strategy may not be called; its req_set_fail hook runs when the
     * completion reaches the owner.
     */
    static final int REQ_F_FAIL_DEFERRED = 1 << 16;
    /** REQ_F_POLLED: the request has armed its internal poll (io_arm_poll_handler). */
    static final int REQ_F_POLLED = 1 << 17;

    final Counters counters;
    final IoRings rings;
    private final MemorySegment ring;
    private final MemorySegment sqes;
    final int sqEntries;
    private final int sqMask;
    final int cqEntries;
    private final int setupFlags;
    final boolean deterministic;
    final FileTable fileTable = new FileTable();
    final IoCqRing cq;

    final CompletionPosting completion;
    final RequestAllocation reqAlloc;
    final PollRearm pollRearm;
    final LinkCqe linkCqe;
    /** The ring's bio_set allocator; held for the block layer (seed 004), which no opcode reaches yet. */
    final BioAllocation bioAlloc;

    /** ctx->uring_lock. */
    final ReentrantLock uringLock = new ReentrantLock();
    private final ComplReqs compl = new ComplReqs();
    private final IoWq ioWq;
    /** tctx->task_list: task work queued for the ring owner, from any thread. */
    private final MpscUnboundedXaddArrayQueue<IoRequest> taskList = new MpscUnboundedXaddArrayQueue<>(256);
    /** The task work of one run (llist_del_all), owner only. */
    private IoRequest[] twRound = new IoRequest[64];
    /** The ring's poll requests, for POLL_REMOVE (ctx->cancel_table); guarded by uringLock. */
    final ArrayList<IoPoll> pollList = new ArrayList<>();

    /** ctx->cached_sq_head. */
    private int cachedSqHead;
    /** submit_state.link: the chain being assembled. */
    private IoRequest linkHead;
    private IoRequest linkLast;
    /** ctx->drain_active / drain_next. */
    private boolean drainActive;
    private boolean drainNext;
    /** ctx->defer_list. */
    private final ArrayDeque<IoRequest> deferList = new ArrayDeque<>();
    /** ctx->nr_req_allocated (requests handed out and not yet freed), ctx->nr_drained. */
    private int nrReqAllocated;
    private int nrDrained;

    /** The task that submits (and runs task work): the thread of the last enter. */
    private volatile Thread owner;
    /** The owner is (about to be) parked in io_cqring_wait: task work must wake it. */
    private volatile boolean ownerWaiting;
    private final CqWaiter cqWaiter = new CqWaiter();
    private volatile boolean closed;

    IoRingCtx(int sqEntries, int cqEntries, int setupFlags, boolean deterministic, Counters counters,
              StrategySet strategies) {
        this.counters = counters;
        this.sqEntries = sqEntries;
        this.sqMask = sqEntries - 1;
        this.cqEntries = cqEntries;
        this.setupFlags = setupFlags;
        this.deterministic = deterministic;
        this.rings = new IoRings(sqEntries, cqEntries);
        this.ring = rings.ring;
        this.sqes = rings.sqes;
        this.cq = new IoCqRing(ring, cqEntries, counters);
        this.completion = strategies.completion();
        this.reqAlloc = strategies.reqAlloc();
        this.pollRearm = strategies.pollRearm();
        this.linkCqe = strategies.linkCqe();
        this.bioAlloc = strategies.bioAlloc();
        this.ioWq = new IoWq(this, deterministic, sqEntries);
        this.owner = Thread.currentThread();
    }

    /** The strategy instances of one ring, one per axis. */
    record StrategySet(CompletionPosting completion, RequestAllocation reqAlloc, PollRearm pollRearm,
                       LinkCqe linkCqe, BioAllocation bioAlloc) {
    }

    // =====================================================================================
    // io_uring_enter
    // =====================================================================================

    /** io_uring_enter(2) without EXT_ARG. */
    int enter(int toSubmit, int minComplete, int flags) {
        return enter(toSubmit, minComplete, flags, -1L);
    }

    /**
     * io_uring_enter: run pending task work, submit up to {@code toSubmit} SQEs, and with
     * GETEVENTS wait for {@code minComplete} CQEs (until {@code deadline}, a nanoTime, when not
     * negative). Returns the count submitted, else the wait's result (0, -ETIME, -EINTR).
     * Returning to user space runs task work again.
     */
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
            }
            counters.inc(Counter.ENTER);
            runTaskWork();
            int ret = 0;
            if (toSubmit > 0) {
                ret = ioSubmitSqes(toSubmit);
            }
            if ((flags & EnterFlags.IORING_ENTER_GETEVENTS) != 0) {
                int ret2 = ioCqringWait(minComplete, deadline);
                if (ret == 0) {
                    ret = ret2;
                }
            }
            runTaskWork();
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
        if (Thread.currentThread() == owner && !closed && !taskList.isEmpty()) {
            uringLock.lock();
            try {
                runTaskWork();
            } finally {
                uringLock.unlock();
            }
        }
    }

    // =====================================================================================
    // Submission
    // =====================================================================================

    /** io_submit_sqes: consume up to {@code nr} SQEs; returns how many were consumed. */
    private int ioSubmitSqes(int nr) {
        // lv: pairs with the application's release store of the tail; the SQEs before it are written.
        // io_sqring_entries: never more than the ring holds, whatever the application stored.
        int queued = Math.min(RingMemory.lvInt(ring, IoRings.SQ_TAIL) - cachedSqHead, sqEntries);
        int entries = Math.min(nr, queued);
        if (entries <= 0) {
            return 0;
        }
        int ret = entries;
        int left = entries;
        linkHead = null; // io_submit_state_start
        do {
            IoRequest req = (IoRequest) reqAlloc.ioAllocReq();
            counters.inc(Counter.REQ_ALLOC);
            nrReqAllocated++;
            long sqe = ioGetSqe();
            if (sqe < 0) {
                ioFreeReq(req);
                break;
            }
            if (ioSubmitSqe(req, sqe) != 0 && (setupFlags & SetupFlags.IORING_SETUP_SUBMIT_ALL) == 0) {
                left--;
                break;
            }
        } while (--left != 0);
        ret -= left;
        ioSubmitStateEnd();
        // so: the SQE loads above are done before the application may reuse the slots (io_commit_sqring).
        RingMemory.soInt(ring, IoRings.SQ_HEAD, cachedSqHead);
        counters.add(Counter.SQE_SUBMITTED, ret);
        return ret;
    }

    /** io_get_sqe: the byte offset of the next SQE, or -1 when its SQ array slot is out of range (dropped). */
    private long ioGetSqe() {
        int head = cachedSqHead++ & sqMask;
        int index = rings.lpSqArray(head);
        if (Integer.compareUnsigned(index, sqEntries) >= 0) {
            rings.incSqDropped();
            return -1;
        }
        return (long) index * SQE_SIZE;
    }

    /** io_submit_state_end: an unfinished chain goes its way, then the batch is flushed. */
    private void ioSubmitStateEnd() {
        if (linkHead != null) {
            IoRequest head = linkHead;
            linkHead = null;
            ioQueueSqeFallback(head);
        }
        ioSubmitFlushCompletions();
    }

    /** io_submit_sqe: init the request, then queue it, chain it, or (with its chain) issue it. */
    private int ioSubmitSqe(IoRequest req, long sqe) {
        int ret = ioInitReq(req, sqe);
        if (ret != 0) {
            return ioSubmitFailInit(req, ret);
        }
        if (linkHead != null) {
            linkLast.link = req;
            linkLast = req;
            if ((req.flags & IO_REQ_LINK_FLAGS) != 0) {
                return 0;
            }
            // last request of the chain: issue the head
            req = linkHead;
            linkHead = null;
            if ((req.flags & (REQ_F_FORCE_ASYNC | REQ_F_FAIL)) != 0) {
                ioQueueSqeFallback(req);
                return 0;
            }
        } else if ((req.flags & (IO_REQ_LINK_FLAGS | REQ_F_FORCE_ASYNC | REQ_F_FAIL)) != 0) {
            if ((req.flags & IO_REQ_LINK_FLAGS) != 0) {
                linkHead = req;
                linkLast = req;
            } else {
                ioQueueSqeFallback(req);
            }
            return 0;
        }
        ioQueueSqe(req);
        return 0;
    }

    /**
     * io_submit_fail_init: the request failed at init. It is marked failed (with its error);
     * a chain being assembled is marked failed with its head at -ECANCELED. A request without
     * a link flag ends the chain: the chain (or the request alone) is queued to fail, and
     * submission stops here. With a link flag the chain keeps assembling.
     */
    private int ioSubmitFailInit(IoRequest req, int ret) {
        IoRequest head = linkHead;
        reqFailLinkNode(req, ret);
        if (head != null && (head.flags & REQ_F_FAIL) == 0) {
            reqFailLinkNode(head, -ECANCELED);
        }
        if ((req.flags & IO_REQ_LINK_FLAGS) == 0) {
            if (head != null) {
                linkLast.link = req;
                linkHead = null;
                req = head;
            }
            ioQueueSqeFallback(req);
            return ret;
        }
        if (head != null) {
            linkLast.link = req;
        } else {
            linkHead = req;
        }
        linkLast = req;
        return 0;
    }

    /**
     * io_init_req: read the SQE into the request and check it. Order as the kernel's: opcode,
     * the generic flag checks (SQE_VALID_FLAGS, buffer select), the {@code link-cqe} strategy's
     * look at its flags, drain, ioprio, personality, then the opcode's prep.
     */
    private int ioInitReq(IoRequest req, long sqe) {
        MemorySegment s = sqes;
        // Plain loads: ordered after the acquire of the SQ tail (READ_ONCE in the kernel).
        int opcode = Byte.toUnsignedInt(s.get(ValueLayout.JAVA_BYTE, sqe + OPCODE_OFFSET));
        int sqeFlags = Byte.toUnsignedInt(s.get(ValueLayout.JAVA_BYTE, sqe + FLAGS_OFFSET));
        req.opcode = opcode;
        req.flags = sqeFlags;
        req.userData = s.get(ValueLayout.JAVA_LONG, sqe + USER_DATA_OFFSET);
        req.res = 0;
        req.cflags = 0;
        req.file = null;
        req.link = null;
        req.twFunc = IoRequest.TW_NONE;
        if (!implemented(opcode)) {
            req.opcode = Opcodes.IORING_OP_NOP;
            return -EINVAL;
        }
        if ((sqeFlags & ~SQE_COMMON_FLAGS) != 0) {
            if ((sqeFlags & ~SqeFlags.SQE_VALID_FLAGS) != 0) {
                return -EINVAL;
            }
            if ((sqeFlags & SqeFlags.IOSQE_BUFFER_SELECT) != 0) {
                return -EOPNOTSUPP; // provided buffers are not emulated
            }
        }
        int ret = linkCqe.initReq(req);
        if (ret != 0) {
            return ret;
        }
        if ((sqeFlags & SqeFlags.IOSQE_IO_DRAIN) != 0) {
            ioInitDrain();
        }
        if (drainActive || drainNext) {
            if (drainActive) {
                req.flags |= REQ_F_FORCE_ASYNC; // knock it to the slow queue path, drained there
            }
            if (drainNext && linkHead == null) {
                drainNext = false;
                drainActive = true;
                req.flags |= REQ_F_IO_DRAIN | REQ_F_FORCE_ASYNC;
            }
        }
        if (s.get(ValueLayout.JAVA_SHORT, sqe + IOPRIO_OFFSET) != 0 && !supportsIoprio(opcode)) {
            return -EINVAL;
        }
        if (s.get(ValueLayout.JAVA_SHORT, sqe + PERSONALITY_OFFSET) != 0) {
            return -EINVAL; // no personality is registered
        }
        return switch (opcode) {
            case Opcodes.IORING_OP_NOP -> ioNopPrep(req, s, sqe);
            case Opcodes.IORING_OP_READ, Opcodes.IORING_OP_WRITE -> ioPrepRw(req, s, sqe);
            case Opcodes.IORING_OP_POLL_ADD -> ioPollAddPrep(req, s, sqe);
            default -> ioPollRemovePrep(req, s, sqe);
        };
    }

    /** The opcodes this engine implements; every other value is answered with -EINVAL. */
    private static boolean implemented(int opcode) {
        return opcode == Opcodes.IORING_OP_NOP || opcode == Opcodes.IORING_OP_READ
                || opcode == Opcodes.IORING_OP_WRITE || opcode == Opcodes.IORING_OP_POLL_ADD
                || opcode == Opcodes.IORING_OP_POLL_REMOVE;
    }

    /** io_issue_defs[op].ioprio. */
    private static boolean supportsIoprio(int opcode) {
        return opcode == Opcodes.IORING_OP_READ || opcode == Opcodes.IORING_OP_WRITE;
    }

    /** io_issue_defs[op].needs_file. */
    private static boolean needsFile(int opcode) {
        return opcode == Opcodes.IORING_OP_READ || opcode == Opcodes.IORING_OP_WRITE
                || opcode == Opcodes.IORING_OP_POLL_ADD;
    }

    /** io_init_drain. */
    private void ioInitDrain() {
        drainActive = true;
        if (linkHead != null) {
            linkHead.flags |= REQ_F_IO_DRAIN | REQ_F_FORCE_ASYNC;
            drainNext = true;
        }
    }

    /** io_nop_prep: nop_flags at offset 28; IORING_NOP_INJECT_RESULT takes the result from len. */
    private static int ioNopPrep(IoRequest req, MemorySegment s, long sqe) {
        int nopFlags = s.get(ValueLayout.JAVA_INT, sqe + OP_FLAGS_OFFSET);
        if ((nopFlags & ~NopFlags.IORING_NOP_INJECT_RESULT) != 0) {
            return -EINVAL;
        }
        req.len = (nopFlags & NopFlags.IORING_NOP_INJECT_RESULT) != 0 ? s.get(ValueLayout.JAVA_INT, sqe + LEN_OFFSET) : 0;
        return 0;
    }

    /** io_prep_rw. */
    private static int ioPrepRw(IoRequest req, MemorySegment s, long sqe) {
        req.fd = s.get(ValueLayout.JAVA_INT, sqe + FD_OFFSET);
        req.addr = s.get(ValueLayout.JAVA_LONG, sqe + ADDR_OFFSET);
        req.len = s.get(ValueLayout.JAVA_INT, sqe + LEN_OFFSET);
        req.opFlags = s.get(ValueLayout.JAVA_INT, sqe + OP_FLAGS_OFFSET);
        return 0;
    }

    /** io_poll_add_prep. */
    private static int ioPollAddPrep(IoRequest req, MemorySegment s, long sqe) {
        req.fd = s.get(ValueLayout.JAVA_INT, sqe + FD_OFFSET);
        if (s.get(ValueLayout.JAVA_SHORT, sqe + BUF_INDEX_OFFSET) != 0 || s.get(ValueLayout.JAVA_LONG, sqe + OFF_OFFSET) != 0
                || s.get(ValueLayout.JAVA_LONG, sqe + ADDR_OFFSET) != 0) {
            return -EINVAL;
        }
        int flags = s.get(ValueLayout.JAVA_INT, sqe + LEN_OFFSET);
        if ((flags & ~PollFlags.IORING_POLL_ADD_MULTI) != 0) {
            return -EINVAL;
        }
        boolean multi = (flags & PollFlags.IORING_POLL_ADD_MULTI) != 0;
        if (multi && (req.flags & REQ_F_CQE_SKIP) != 0) {
            return -EINVAL;
        }
        req.opFlags = IoPoll.ioPollParseEvents(s.get(ValueLayout.JAVA_INT, sqe + OP_FLAGS_OFFSET), multi);
        return 0;
    }

    /** io_poll_remove_prep; the update forms (IORING_POLL_UPDATE_*) are not emulated: -EINVAL. */
    private static int ioPollRemovePrep(IoRequest req, MemorySegment s, long sqe) {
        if (s.get(ValueLayout.JAVA_SHORT, sqe + BUF_INDEX_OFFSET) != 0 || s.get(ValueLayout.JAVA_INT, sqe + FILE_INDEX_OFFSET) != 0) {
            return -EINVAL;
        }
        int flags = s.get(ValueLayout.JAVA_INT, sqe + LEN_OFFSET);
        if (flags != 0 || s.get(ValueLayout.JAVA_LONG, sqe + OFF_OFFSET) != 0
                || s.get(ValueLayout.JAVA_INT, sqe + OP_FLAGS_OFFSET) != 0) {
            return -EINVAL;
        }
        req.addr = s.get(ValueLayout.JAVA_LONG, sqe + ADDR_OFFSET);
        return 0;
    }

    // =====================================================================================
    // Issue
    // =====================================================================================

    /** io_queue_sqe: issue inline; a failure goes to io_queue_async. */
    private void ioQueueSqe(IoRequest req) {
        int ret = ioIssueSqe(req, false);
        if (ret != 0) {
            ioQueueAsync(req, ret);
        }
    }

    /**
     * io_queue_async: an error completes the request; -EAGAIN arms the internal poll and waits
     * (IO_APOLL_READY retries from task work, IO_APOLL_ABORTED goes to io-wq). REQ_F_NOWAIT,
     * which would make -EAGAIN final, is never set here: every emulated file supports nowait,
     * and io_rw_init_file sets it for an O_NONBLOCK file only when the file does not.
     */
    private void ioQueueAsync(IoRequest req, int ret) {
        if (ret != -EAGAIN) {
            ioReqDeferFailed(req, ret);
            return;
        }
        switch (IoPoll.ioArmPollHandler(this, req, req.opcode == Opcodes.IORING_OP_READ)) {
            case IoPoll.IO_APOLL_READY -> ioReqTaskQueue(req);
            case IoPoll.IO_APOLL_ABORTED -> ioQueueIowq(req);
            default -> { }
        }
    }

    /** io_queue_sqe_fallback: a failed chain is completed as failed; otherwise drain or io-wq. */
    private void ioQueueSqeFallback(IoRequest req) {
        if ((req.flags & REQ_F_FAIL) != 0) {
            // We don't submit: fail them all, turning hardlinks into links.
            req.flags = (req.flags & ~REQ_F_HARDLINK) | REQ_F_LINK;
            ioReqDeferFailed(req, req.res);
        } else if (drainActive) {
            ioDrainReq(req);
        } else {
            ioQueueIowq(req);
        }
    }

    /**
     * io_issue_sqe: resolve the file (io_assign_file), run the opcode, and complete it: into
     * the completion batch inline (IO_URING_F_COMPLETE_DEFER), or through task work from an
     * io-wq worker. Returns 0, or the -errno the caller fails the request with.
     */
    private int ioIssueSqe(IoRequest req, boolean iowq) {
        if (req.file == null && needsFile(req.opcode)) {
            if ((req.flags & REQ_F_FIXED_FILE) != 0) {
                return -EBADF; // no file table is registered
            }
            req.file = fileTable.fget(req.fd);
            if (req.file == null) {
                return -EBADF;
            }
        }
        int ret = switch (req.opcode) {
            case Opcodes.IORING_OP_NOP -> ioNop(req, iowq);
            case Opcodes.IORING_OP_READ -> ioRw(req, true, iowq);
            case Opcodes.IORING_OP_WRITE -> ioRw(req, false, iowq);
            default -> ioPollOp(req, iowq);
        };
        if (ret == IOU_OK) {
            if (iowq) {
                // io_req_complete_post with a lockless CQ: the owner completes it in task work.
                req.twFunc = IoRequest.TW_COMPLETE;
                ioReqTaskWorkAdd(req);
            } else {
                ioReqCompleteDefer(req);
            }
            return 0;
        }
        return ret == IOU_ISSUE_SKIP_COMPLETE ? 0 : ret;
    }

    /** io_nop. */
    private int ioNop(IoRequest req, boolean iowq) {
        int res = req.len;
        if (res < 0) {
            reqSetFail(req, iowq);
        }
        req.setRes(res, 0);
        return IOU_OK;
    }

    /**
     * io_read / io_write: copy between the file and the native buffer at {@code addr}. Errors
     * (-EAGAIN included) go back to the caller; a short transfer completes the request but
     * marks it failed, so a soft link after it is cancelled (__io_complete_rw_common).
     */
    @SuppressWarnings("restricted") // the SQE's addr is the application's native buffer, as in the kernel
    private int ioRw(IoRequest req, boolean read, boolean iowq) {
        if (req.opFlags != 0) {
            return -EOPNOTSUPP; // RWF_* flags are not emulated
        }
        if (req.len < 0) {
            return -EINVAL;
        }
        if (req.addr == 0 && req.len != 0) {
            return -EFAULT;
        }
        MemorySegment buf = MemorySegment.ofAddress(req.addr).reinterpret(req.len);
        int n = read ? req.file.read(buf, req.len) : req.file.write(buf, req.len);
        if (n < 0) {
            return n;
        }
        if (n != req.len) {
            reqSetFail(req, iowq);
        }
        req.setRes(n, 0);
        return IOU_OK;
    }

    /** POLL_ADD and POLL_REMOVE; from io-wq they take uring_lock (io_ring_submit_lock) for the cancel list. */
    private int ioPollOp(IoRequest req, boolean iowq) {
        boolean lock = iowq && !uringLock.isHeldByCurrentThread();
        if (lock) {
            uringLock.lock();
        }
        try {
            if (req.opcode == Opcodes.IORING_OP_POLL_ADD) {
                return IoPoll.ioPollAdd(this, req);
            }
            int ret = IoPoll.ioPollRemove(this, req.addr, iowq);
            if (ret < 0) {
                reqSetFail(req, iowq);
                return ret;
            }
            req.setRes(0, 0);
            return IOU_OK;
        } finally {
            if (lock) {
                uringLock.unlock();
            }
        }
    }

    /** io_queue_iowq: punt to an io-wq worker. */
    private void ioQueueIowq(IoRequest req) {
        ioWq.ioWqEnqueue(req);
    }

    /**
     * io_wq_submit_work, on an io-wq worker (or inline in deterministic mode). A forced-async
     * READ/WRITE on a pollable file is issued non-blocking and, on -EAGAIN, arms the internal
     * poll instead of blocking the worker; otherwise -EAGAIN is final. Failures go back as task work.
     */
    void ioWqSubmitWork(IoRequest req) {
        boolean needsPoll = (req.flags & REQ_F_FORCE_ASYNC) != 0
                && (req.opcode == Opcodes.IORING_OP_READ || req.opcode == Opcodes.IORING_OP_WRITE);
        int ret;
        while (true) {
            ret = ioIssueSqe(req, true);
            if (ret != -EAGAIN || !needsPoll) {
                break;
            }
            if (IoPoll.ioArmPollHandler(this, req, req.opcode == Opcodes.IORING_OP_READ) == IoPoll.IO_APOLL_OK) {
                return;
            }
            needsPoll = false; // aborted or ready: retry once more, as a blocking issue would
        }
        if (ret != 0) {
            ioReqTaskQueueFail(req, ret);
        }
    }

    // =====================================================================================
    // Completion
    // =====================================================================================

    /**
     * req_set_fail: REQ_F_FAIL, then the {@code link-cqe} strategy's hook. On an io-wq worker
     * the hook waits for the owner ({@link #REQ_F_FAIL_DEFERRED}).
     */
    void reqSetFail(IoRequest req, boolean iowq) {
        if (iowq) {
            req.flags |= REQ_F_FAIL | REQ_F_FAIL_DEFERRED;
        } else {
            req.flags |= REQ_F_FAIL;
            linkCqe.reqSetFail(req);
        }
    }

    /** req_fail_link_node. */
    private void reqFailLinkNode(IoRequest req, int res) {
        reqSetFail(req, false);
        req.setRes(res, 0);
    }

    /** io_req_defer_failed: fail the request with {@code res} and complete it. */
    private void ioReqDeferFailed(IoRequest req, int res) {
        reqSetFail(req, false);
        req.setRes(res, 0);
        ioReqCompleteDefer(req);
    }

    /**
     * io_req_complete_defer: the result is final; the {@code link-cqe} strategy sees it, and
     * it joins {@code compl_reqs}, which is flushed when it holds IO_COMPL_BATCH requests.
     */
    void ioReqCompleteDefer(IoRequest req) {
        linkCqe.completeReq(req);
        ComplReqs c = compl;
        c.reqs[c.nr++] = req;
        if (c.nr == ComplReqs.IO_COMPL_BATCH) {
            ioSubmitFlushCompletions();
        }
    }

    /**
     * io_submit_flush_completions: when the batch holds requests or the strategy deferred
     * CQEs, the strategy posts them (__io_submit_flush_completions); then the batch is freed
     * (io_free_batch_list) and drained requests get their turn (io_queue_deferred).
     */
    private void ioSubmitFlushCompletions() {
        if (compl.nr == 0 && !completion.hasDeferred()) {
            return;
        }
        completion.flushCompletions(cq, compl);
        if (compl.nr != 0) {
            ioFreeBatchList();
        }
        if (drainActive) {
            ioQueueDeferred();
        }
    }

    /** io_free_batch_list: queue each request's next link member, drop its file, give the batch back. */
    private void ioFreeBatchList() {
        ComplReqs c = compl;
        int n = c.nr;
        IoRequest[] reqs = c.reqs;
        for (int i = 0; i < n; i++) {
            IoRequest req = reqs[i];
            if ((req.flags & IO_REQ_LINK_FLAGS) != 0) {
                ioQueueNext(req);
            }
            if (req.file != null) {
                req.file.fput();
                req.file = null;
            }
        }
        nrReqAllocated -= n;
        reqAlloc.ioFreeBatchList(c);
        counters.add(Counter.REQ_FREE, n);
        Arrays.fill(reqs, 0, n, null);
        c.nr = 0;
    }

    /** io_free_req outside a batch (a request never used: its SQE was dropped). */
    private void ioFreeReq(IoRequest req) {
        nrReqAllocated--;
        reqAlloc.ioFreeReq(req);
        counters.inc(Counter.REQ_FREE);
    }

    /** io_queue_next: the next member of the chain gets its turn, through task work. */
    private void ioQueueNext(IoRequest req) {
        IoRequest nxt = ioReqFindNext(req);
        if (nxt != null) {
            ioReqTaskQueue(nxt);
        }
    }

    /** io_req_find_next with io_disarm_next: a failed request that is not a hardlink fails the rest of its chain. */
    private IoRequest ioReqFindNext(IoRequest req) {
        if ((req.flags & REQ_F_FAIL) != 0 && (req.flags & REQ_F_HARDLINK) == 0) {
            ioFailLinks(req);
        }
        IoRequest nxt = req.link;
        req.link = null;
        return nxt;
    }

    /**
     * io_fail_links: the {@code link-cqe} strategy decides, member by member, whether the
     * cancelled requests post (REQ_F_CQE_SKIP); they complete together in one task work.
     */
    private void ioFailLinks(IoRequest req) {
        IoRequest link = req.link;
        if (link == null) {
            return;
        }
        for (IoRequest m = link; m != null; m = m.link) {
            linkCqe.failLink(req, m);
        }
        req.link = null;
        link.twFunc = IoRequest.TW_FAIL_LINKS;
        ioReqTaskWorkAdd(link);
    }

    /** io_req_tw_fail_links: each member completes with -ECANCELED, or its own error if it failed at init. */
    private void ioReqTwFailLinks(IoRequest link) {
        while (link != null) {
            IoRequest nxt = link.link;
            int res = (link.flags & REQ_F_FAIL) != 0 ? link.res : -ECANCELED;
            link.link = null;
            link.setRes(res, 0);
            ioReqCompleteDefer(link);
            link = nxt;
        }
    }

    // =====================================================================================
    // Drain
    // =====================================================================================

    /** io_drain_req: the request (with its chain) waits on the defer list. */
    private void ioDrainReq(IoRequest req) {
        boolean drain = (req.flags & REQ_F_IO_DRAIN) != 0;
        nrDrained += ioLinkedNr(req);
        deferList.addLast(req);
        ioQueueDeferred();
        if (!drain && deferList.isEmpty()) {
            drainActive = false;
        }
    }

    private static int ioLinkedNr(IoRequest req) {
        int nr = 0;
        for (IoRequest r = req; r != null; r = r.link) {
            nr++;
        }
        return nr;
    }

    /**
     * io_queue_deferred: a deferred request goes once every request allocated is a deferred
     * one (nothing submitted before it is still in flight); behind a drain, everything waits.
     */
    private void ioQueueDeferred() {
        boolean drainSeen = false;
        boolean first = true;
        while (!deferList.isEmpty()) {
            IoRequest req = deferList.peekFirst();
            drainSeen |= (req.flags & REQ_F_IO_DRAIN) != 0;
            if ((drainSeen || first) && nrReqAllocated != nrDrained) {
                return;
            }
            deferList.pollFirst();
            nrDrained -= ioLinkedNr(req);
            ioReqTaskQueue(req);
            first = false;
        }
    }

    // =====================================================================================
    // Task work
    // =====================================================================================

    /** io_req_task_queue: issue the request from task work (io_req_task_submit). */
    private void ioReqTaskQueue(IoRequest req) {
        req.twFunc = IoRequest.TW_SUBMIT;
        ioReqTaskWorkAdd(req);
    }

    /** io_req_task_queue_fail. */
    private void ioReqTaskQueueFail(IoRequest req, int ret) {
        req.setRes(ret, 0);
        req.twFunc = IoRequest.TW_FAIL;
        ioReqTaskWorkAdd(req);
    }

    /**
     * io_req_task_work_add: queue the request for the owner (any thread; the MPSC offer is the
     * release that publishes the request's fields). A waiting owner is woken, as task_work_add
     * with TWA_SIGNAL wakes the task; the Dekker pair (offer, then load {@code ownerWaiting};
     * store {@code ownerWaiting}, then check the queue) loses no wakeup.
     */
    void ioReqTaskWorkAdd(IoRequest req) {
        counters.incAtomic(Counter.TASK_WORK_QUEUED);
        taskList.offer(req);
        if (ownerWaiting) {
            Thread t = owner;
            if (t != Thread.currentThread()) {
                LockSupport.unpark(t);
            }
        }
    }

    /**
     * tctx_task_work: take what is queued (llist_del_all), run it in order, flush the batch
     * (ctx_flush_and_put); repeat while more was queued meanwhile. Owner thread, uring_lock held.
     *
     * @return how many task works ran
     */
    int runTaskWork() {
        if (taskList.isEmpty()) {
            return 0;
        }
        int total = 0;
        do {
            int n = 0;
            IoRequest r;
            while ((r = taskList.relaxedPoll()) != null) {
                if (n == twRound.length) {
                    twRound = Arrays.copyOf(twRound, n * 2);
                }
                twRound[n++] = r;
            }
            for (int i = 0; i < n; i++) {
                IoRequest req = twRound[i];
                twRound[i] = null;
                counters.inc(Counter.TASK_WORK_RUN);
                runTaskFunc(req);
            }
            total += n;
            ioSubmitFlushCompletions();
        } while (!taskList.isEmpty());
        return total;
    }

    private void runTaskFunc(IoRequest req) {
        int func = req.twFunc;
        req.twFunc = IoRequest.TW_NONE;
        switch (func) {
            case IoRequest.TW_COMPLETE -> ioReqTaskComplete(req);
            case IoRequest.TW_SUBMIT -> ioReqTaskSubmit(req);
            case IoRequest.TW_FAIL -> ioReqDeferFailed(req, req.res);
            case IoRequest.TW_FAIL_LINKS -> ioReqTwFailLinks(req);
            case IoRequest.TW_POLL -> IoPoll.ioPollTaskFunc(req);
            default -> throw new IllegalStateException("task work without a function: " + req);
        }
    }

    /** io_req_task_complete. */
    private void ioReqTaskComplete(IoRequest req) {
        if ((req.flags & REQ_F_FAIL_DEFERRED) != 0) {
            req.flags &= ~REQ_F_FAIL_DEFERRED;
            linkCqe.reqSetFail(req);
        }
        ioReqCompleteDefer(req);
    }

    /** io_req_task_submit. */
    void ioReqTaskSubmit(IoRequest req) {
        if ((req.flags & REQ_F_FORCE_ASYNC) != 0) {
            ioQueueIowq(req);
        } else {
            ioQueueSqe(req);
        }
    }

    // =====================================================================================
    // Waiting for completions
    // =====================================================================================

    /** The owner's entry on {@code cq_wait} (io_wait_queue with autoremove_wake_function). */
    private final class CqWaiter extends dev.uringlab.core.sync.WaitQueueEntry {
        @Override
        protected int wake(int key) {
            cq.cqWait.listDelInit(this);
            LockSupport.unpark(owner);
            return 1;
        }
    }

    /**
     * io_cqring_wait: run task work, flush overflow, and wait until {@code minEvents} CQEs are
     * in the ring. In threaded mode the owner parks on {@code cq_wait} with uring_lock released
     * until task work or a CQ wakeup arrives (or {@code deadline} passes: -ETIME). In
     * deterministic mode nothing can arrive from elsewhere, so it never blocks: it returns 0
     * (-ETIME when a deadline was given) once task work is exhausted.
     */
    private int ioCqringWait(int minEvents, long deadline) {
        minEvents = Math.min(minEvents, cqEntries);
        runTaskWork();
        cq.ioCqringOverflowFlush();
        if (cq.cqEventsUser() >= minEvents) {
            return 0;
        }
        if (deterministic) {
            return deadline >= 0 ? -ETIME : 0;
        }
        while (true) {
            cq.cqWait.addWaitQueue(cqWaiter); // prepare_to_wait_exclusive
            ownerWaiting = true;
            try {
                if (taskList.isEmpty() && !cq.overflowPending() && cq.cqEventsUser() < minEvents) {
                    if (Thread.currentThread().isInterrupted()) {
                        return -EINTR;
                    }
                    uringLock.unlock();
                    try {
                        if (deadline < 0) {
                            LockSupport.park(this);
                        } else {
                            long left = deadline - System.nanoTime();
                            if (left > 0) {
                                LockSupport.parkNanos(this, left);
                            }
                        }
                    } finally {
                        uringLock.lock();
                    }
                }
            } finally {
                ownerWaiting = false;
                if (!closed) {
                    cq.cqWait.removeWaitQueue(cqWaiter); // finish_wait
                }
            }
            if (closed) {
                throw new IllegalStateException("the ring was closed while its owner waited for completions");
            }
            runTaskWork();
            cq.ioCqringOverflowFlush();
            if (cq.cqEventsUser() >= minEvents) {
                return 0;
            }
            if (deadline >= 0 && System.nanoTime() - deadline >= 0) {
                return -ETIME;
            }
        }
    }

    // =====================================================================================
    // Teardown
    // =====================================================================================

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
            for (IoPoll p : pollList) {
                p.exitCancel();
            }
            pollList.clear();
            if (cq.eventfd != null) {
                cq.eventfd.fput();
                cq.eventfd = null;
            }
            cq.overflowKill();
            fileTable.closeAll();
            reqAlloc.ioReqCachesFree();
            rings.close();
        } finally {
            uringLock.unlock();
        }
        LockSupport.unpark(owner); // an owner parked in io_cqring_wait finds the ring gone
    }
}
