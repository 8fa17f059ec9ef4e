package dev.uringlab.core;

import static dev.uringlab.api.Errno.ECANCELED;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.Errno.EOPNOTSUPP;
import static dev.uringlab.api.SqeDescriptor.FLAGS_OFFSET;
import static dev.uringlab.api.SqeDescriptor.IOPRIO_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OPCODE_OFFSET;
import static dev.uringlab.api.SqeDescriptor.PERSONALITY_OFFSET;
import static dev.uringlab.api.SqeDescriptor.SQE_SIZE;
import static dev.uringlab.api.SqeDescriptor.USER_DATA_OFFSET;
import static dev.uringlab.spi.ReqFlags.REQ_F_FAIL;
import static dev.uringlab.spi.ReqFlags.REQ_F_FORCE_ASYNC;
import static dev.uringlab.spi.ReqFlags.REQ_F_HARDLINK;
import static dev.uringlab.spi.ReqFlags.REQ_F_LINK;

import dev.uringlab.api.Opcodes;
import dev.uringlab.api.RingMemory;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.api.SqeFlags;
import dev.uringlab.core.block.BlkdevFile;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Submission, from io_uring/io_uring.c: io_submit_sqes, io_get_sqe, io_init_req (with its
 * block plug for a batch of reads or writes), io_submit_sqe (assembling link chains),
 * io_submit_fail_init and io_submit_state_end (which finishes the plug).
 * Ring owner's thread, {@code uring_lock} held.
 */
final class IoSubmit {
    /** IO_REQ_LINK_FLAGS. */
    static final int IO_REQ_LINK_FLAGS = REQ_F_LINK | REQ_F_HARDLINK;
    /** SQE_COMMON_FLAGS: the flags io_init_req takes without a closer look. */
    private static final int SQE_COMMON_FLAGS = SqeFlags.IOSQE_FIXED_FILE | SqeFlags.IOSQE_IO_LINK
            | SqeFlags.IOSQE_IO_HARDLINK | SqeFlags.IOSQE_ASYNC;

    private IoSubmit() {}

    /** io_submit_sqes (out of line): consume up to {@code nr} SQEs; returns how many were consumed. */
    @OutOfLine("io_submit_sqes")
    static int ioSubmitSqes(IoRingCtx ctx, int nr) {
        ctx.trace.step(StepKind.CALL, "io_submit_sqes");
        // lv: pairs with the application's release store of the tail; the SQEs before it are written.
        // io_sqring_entries: never more than the ring holds, whatever the application stored.
        int queued = Math.min(RingMemory.lvInt(ctx.ring, IoRings.SQ_TAIL) - ctx.cachedSqHead, ctx.sqEntries);
        int entries = Math.min(nr, queued);
        if (entries <= 0) {
            return 0;
        }
        int ret = entries;
        int left = entries;
        ctx.reqAlloc.ioSubmitStateStart(entries);
        ctx.submitState.linkHead = null; // io_submit_state_start
        ctx.submitState.plugStarted = false;
        ctx.submitState.iosLeft = entries;
        if (!ctx.lockedFreeList.isEmpty()) {
            IoComplete.ioFlushCachedLockedReqs(ctx); // io_alloc_req_refill's look at the locked free list
        }
        do {
            IoRequest req = (IoRequest) ctx.reqAlloc.ioAllocReq();
            ctx.counters.inc(Counter.REQ_ALLOC);
            ctx.nrReqAllocated++;
            ctx.trace.emit(TracePoint.IO_ALLOC_REQ, ctx.nrReqAllocated);
            long sqe = ioGetSqe(ctx);
            if (sqe < 0) {
                IoComplete.ioFreeReq(ctx, req);
                break;
            }
            if (ioSubmitSqe(ctx, req, sqe) != 0 && (ctx.setupFlags & SetupFlags.IORING_SETUP_SUBMIT_ALL) == 0) {
                left--;
                break;
            }
        } while (--left != 0);
        ret -= left;
        ctx.reqAlloc.ioSubmitStateEnd(ret);
        ioSubmitStateEnd(ctx);
        // so: the SQE loads above are done before the application may reuse the slots (io_commit_sqring).
        RingMemory.soInt(ctx.ring, IoRings.SQ_HEAD, ctx.cachedSqHead);
        ctx.trace.emit(TracePoint.IO_COMMIT_SQRING, ctx.cachedSqHead);
        ctx.counters.add(Counter.SQE_SUBMITTED, ret);
        return ret;
    }

    /** io_get_sqe: the byte offset of the next SQE, or -1 when its SQ array slot is out of range (dropped). */
    private static long ioGetSqe(IoRingCtx ctx) {
        int head = ctx.cachedSqHead++ & ctx.sqMask;
        int index = ctx.rings.lpSqArray(head);
        ctx.trace.emit(TracePoint.IO_GET_SQE, ctx.cachedSqHead, index);
        if (Integer.compareUnsigned(index, ctx.sqEntries) >= 0) {
            ctx.rings.incSqDropped();
            return -1;
        }
        return (long) index * SQE_SIZE;
    }

    /** io_submit_state_end: an unfinished chain goes its way, then the batch is flushed. */
    private static void ioSubmitStateEnd(IoRingCtx ctx) {
        SubmitState state = ctx.submitState;
        if (state.linkHead != null) {
            IoRequest head = state.linkHead;
            state.linkHead = null;
            IoIssue.ioQueueSqeFallback(ctx, head);
        }
        IoComplete.ioSubmitFlushCompletions(ctx);
        if (state.plugStarted) {
            BlkdevFile.blkFinishPlug(state.plug, Cpus.current(), ctx.trace);
            state.plugStarted = false;
        }
    }

    /** io_submit_sqe: init the request, then queue it, chain it, or (with its chain) issue it. */
    private static int ioSubmitSqe(IoRingCtx ctx, IoRequest req, long sqe) {
        int ret = ioInitReq(ctx, req, sqe);
        if (ret != 0) {
            return ioSubmitFailInit(ctx, req, ret);
        }
        SubmitState state = ctx.submitState;
        if (state.linkHead != null || (req.flags & (IO_REQ_LINK_FLAGS | REQ_F_FORCE_ASYNC)) != 0) {
            ctx.reqAlloc.ioReqDeferPrep(req); // 5.6: a request that may be punted takes the submitter's environment
        }
        if (state.linkHead != null) {
            ctx.counters.inc(Counter.REQ_LINKED); // trace_io_uring_link
            ctx.trace.emit(TracePoint.IO_LINK_CHAIN_ADD, req.userData, state.linkHead.userData);
            state.linkLast.link = req;
            state.linkLast = req;
            if ((req.flags & IO_REQ_LINK_FLAGS) != 0) {
                return 0;
            }
            // last request of the chain: issue the head
            req = state.linkHead;
            state.linkHead = null;
            if ((req.flags & (REQ_F_FORCE_ASYNC | REQ_F_FAIL)) != 0) {
                IoIssue.ioQueueSqeFallback(ctx, req);
                return 0;
            }
        } else if ((req.flags & (IO_REQ_LINK_FLAGS | REQ_F_FORCE_ASYNC | REQ_F_FAIL)) != 0) {
            if ((req.flags & IO_REQ_LINK_FLAGS) != 0) {
                state.linkHead = req;
                state.linkLast = req;
            } else {
                IoIssue.ioQueueSqeFallback(ctx, req);
            }
            return 0;
        }
        IoIssue.ioQueueSqe(ctx, req);
        return 0;
    }

    /**
     * io_submit_fail_init: the request failed at init. It is marked failed (with its error);
     * a chain being assembled is marked failed with its head at -ECANCELED. A request without
     * a link flag ends the chain: the chain (or the request alone) is queued to fail, and
     * submission stops here. With a link flag the chain keeps assembling.
     */
    private static int ioSubmitFailInit(IoRingCtx ctx, IoRequest req, int ret) {
        ctx.counters.inc(Counter.REQ_FAILED); // trace_io_uring_req_failed
        ctx.trace.emit(TracePoint.IO_SUBMIT_FAIL_INIT, req.userData, ret);
        SubmitState state = ctx.submitState;
        IoRequest head = state.linkHead;
        IoComplete.reqFailLinkNode(ctx, req, ret);
        if (head != null && (head.flags & REQ_F_FAIL) == 0) {
            IoComplete.reqFailLinkNode(ctx, head, -ECANCELED);
        }
        if ((req.flags & IO_REQ_LINK_FLAGS) == 0) {
            if (head != null) {
                ctx.trace.emit(TracePoint.IO_SUBMIT_FAIL_INIT_LINK, req.userData, head.userData);
                state.linkLast.link = req;
                state.linkHead = null;
                req = head;
            }
            IoIssue.ioQueueSqeFallback(ctx, req);
            return ret;
        }
        if (head != null) {
            ctx.trace.emit(TracePoint.IO_SUBMIT_FAIL_INIT_LINK, req.userData, head.userData);
            state.linkLast.link = req;
        } else {
            state.linkHead = req;
        }
        state.linkLast = req;
        return 0;
    }

    /**
     * io_init_req: read the SQE into the request and check it. Order as the kernel's: opcode
     * (an opcode without an entry in {@link OpDef} is -EINVAL), the generic flag checks
     * (SQE_VALID_FLAGS, buffer select), the {@code link-cqe} strategy's look at its flags,
     * {@code drain_disabled} and drain, ioprio, IOPOLL support, personality, then the
     * opcode's prep.
     */
    static int ioInitReq(IoRingCtx ctx, IoRequest req, long sqe) {
        MemorySegment s = ctx.sqes;
        // Plain loads: ordered after the acquire of the SQ tail (READ_ONCE in the kernel).
        int opcode = Byte.toUnsignedInt(s.get(ValueLayout.JAVA_BYTE, sqe + OPCODE_OFFSET));
        int sqeFlags = Byte.toUnsignedInt(s.get(ValueLayout.JAVA_BYTE, sqe + FLAGS_OFFSET));
        req.opcode = opcode;
        req.flags = sqeFlags;
        req.userData = s.get(ValueLayout.JAVA_LONG, sqe + USER_DATA_OFFSET);
        req.res = 0;
        req.cflags = 0;
        req.file = null;
        req.fixedRsrcRefs = false;
        req.fileNode = -1;
        req.bufNode = -1;
        req.link = null;
        req.twFunc = IoRequest.TW_NONE;
        ctx.trace.emit(TracePoint.IO_INIT_REQ, req.userData, opcode, sqeFlags);
        OpDef def = OpDef.of(opcode);
        if (def == null) {
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
        int ret = ctx.linkCqe.initReq(req);
        if (ret != 0) {
            return ret;
        }
        if (ctx.linkCqe.disablesDrain(req)) {
            ctx.drainDisabled = true;
        }
        if ((sqeFlags & SqeFlags.IOSQE_IO_DRAIN) != 0) {
            if (ctx.drainDisabled) {
                return -EOPNOTSUPP;
            }
            IoDrain.ioInitDrain(ctx);
        }
        IoDrain.ioInitReqDrain(ctx, req);
        if (s.get(ValueLayout.JAVA_SHORT, sqe + IOPRIO_OFFSET) != 0 && !def.ioprio()) {
            return -EINVAL;
        }
        if (ctx.iopoll() && !def.iopoll()) {
            return -EINVAL;
        }
        if (s.get(ValueLayout.JAVA_SHORT, sqe + PERSONALITY_OFFSET) != 0) {
            return -EINVAL; // no personality is registered
        }
        SubmitState state = ctx.submitState;
        if (!state.plugStarted && state.iosLeft > 1 && def.plug()) {
            BlkdevFile.blkStartPlug(state.plug, ctx.trace); // more reads or writes follow: plug them
            state.plugStarted = true;
        }
        state.iosLeft--;
        return def.prep().prep(ctx, req, s, sqe);
    }
}
