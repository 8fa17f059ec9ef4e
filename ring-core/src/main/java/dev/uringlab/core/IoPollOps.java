package dev.uringlab.core;

import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.Errno.ENOENT;
import static dev.uringlab.api.SqeDescriptor.ADDR_OFFSET;
import static dev.uringlab.api.SqeDescriptor.BUF_INDEX_OFFSET;
import static dev.uringlab.api.SqeDescriptor.FD_OFFSET;
import static dev.uringlab.api.SqeDescriptor.FILE_INDEX_OFFSET;
import static dev.uringlab.api.SqeDescriptor.LEN_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OFF_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OP_FLAGS_OFFSET;
import static dev.uringlab.spi.ReqFlags.REQ_F_CQE_SKIP;

import dev.uringlab.api.PollFlags;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The opcodes of io_uring/poll.c: IORING_OP_POLL_ADD and IORING_OP_POLL_REMOVE, their prep
 * and issue, and the cancel-table lookup. The poll itself ({@code struct io_poll}, its wake
 * callback and task work) is {@link IoPoll}. From io-wq both take {@code uring_lock}
 * (io_ring_submit_lock), since they touch the cancel table.
 */
final class IoPollOps {
    private IoPollOps() {}

    /** io_poll_add_prep: no buf_index, off or addr; len holds IORING_POLL_ADD_MULTI only; multishot with CQE_SKIP is -EINVAL. */
    static int ioPollAddPrep(IoRingCtx ctx, IoRequest req, MemorySegment s, long sqe) {
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
        req.opFlags = IoPollEvents.ioPollParseEvents(s.get(ValueLayout.JAVA_INT, sqe + OP_FLAGS_OFFSET), multi);
        return 0;
    }

    /** io_poll_remove_prep; the update forms (IORING_POLL_UPDATE_*) are not emulated: -EINVAL. */
    static int ioPollRemovePrep(IoRingCtx ctx, IoRequest req, MemorySegment s, long sqe) {
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

    /** io_poll_add: arm the poll ({@link IoPoll#__ioArmPollHandler}); IOU_OK when a single-shot poll was ready at once. */
    static int ioPollAdd(IoRingCtx ctx, IoRequest req, boolean iowq) {
        boolean lock = lockFromIowq(ctx, iowq);
        try {
            return IoPoll.__ioArmPollHandler(ctx, req);
        } finally {
            if (lock) {
                ctx.uringLock.unlock();
            }
        }
    }

    /**
     * io_poll_remove (no update flags): find the armed POLL_ADD whose user_data is
     * {@code req->addr}, disarm it and queue its -ECANCELED completion; the remove itself
     * completes with 0, or -ENOENT (no such poll) or -EALREADY (its task work owns it).
     */
    static int ioPollRemove(IoRingCtx ctx, IoRequest req, boolean iowq) {
        boolean lock = lockFromIowq(ctx, iowq);
        try {
            // io_poll_find (io_uring/poll.c:747-765 at v6.18.2) walks the hash bucket from its head, and
            // io_poll_req_insert (poll.c:128) adds at the head: of several polls with one user_data, the
            // newest armed is found.
            IoPoll target = null;
            for (int i = ctx.cancelTable.size() - 1; i >= 0 && target == null; i--) {
                if (ctx.cancelTable.get(i).userData() == req.addr) {
                    target = ctx.cancelTable.get(i);
                }
            }
            int ret = target == null ? -ENOENT : target.cancel(iowq);
            ctx.trace.emit(TracePoint.IO_POLL_REMOVE, req.addr, ret);
            if (ret < 0) {
                IoComplete.reqSetFail(ctx, req, iowq);
                return ret;
            }
            req.setRes(0, 0);
            return IoRingCtx.IOU_OK;
        } finally {
            if (lock) {
                ctx.uringLock.unlock();
            }
        }
    }

    /** io_ring_submit_lock: an io-wq worker takes uring_lock; returns whether this call took it. */
    private static boolean lockFromIowq(IoRingCtx ctx, boolean iowq) {
        boolean lock = iowq && !ctx.uringLock.isHeldByCurrentThread();
        if (lock) {
            ctx.uringLock.lock();
        }
        return lock;
    }
}
