package dev.uringlab.core;

import static dev.uringlab.api.NopFlags.IORING_NOP_CQE32;
import static dev.uringlab.api.NopFlags.IORING_NOP_FILE;
import static dev.uringlab.api.NopFlags.IORING_NOP_FIXED_BUFFER;
import static dev.uringlab.api.NopFlags.IORING_NOP_FIXED_FILE;
import static dev.uringlab.api.NopFlags.IORING_NOP_INJECT_RESULT;
import static dev.uringlab.api.NopFlags.IORING_NOP_TW;
import static dev.uringlab.api.SqeDescriptor.BUF_INDEX_OFFSET;
import static dev.uringlab.api.SqeDescriptor.FD_OFFSET;
import static dev.uringlab.api.SqeDescriptor.LEN_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OP_FLAGS_OFFSET;

import dev.uringlab.api.Errno;
import dev.uringlab.spi.ReqFlags;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * IORING_OP_NOP, io_uring/nop.c as v6.18.2 has it: a completion, or the result it was told to
 * inject, and with the flags of 6.13 and 6.17 the steps a request takes for its file
 * (IORING_NOP_FILE: io_file_get_normal's fget, its fput at the free), a registered file
 * (IORING_NOP_FIXED_FILE: io_file_get_fixed), a registered buffer (IORING_NOP_FIXED_BUFFER:
 * io_find_buf_node) or a completion through task work (IORING_NOP_TW). Which flags a ring takes
 * is its {@code nop-flags} strategy's ({@link IoRingCtx#nopFlags}: before 6.13 INJECT_RESULT alone).
 *
 * <p>The CQE of a NOP whose lookup failed carries the error (-EBADF, -EFAULT), as this machine's
 * 6.18.44 posts it: v6.18.2's io_nop posted {@code nop->result} there (nop.c:84) and failed only the
 * link, which "io_uring/nop: pass all errors to userspace" (e97ff8b62d46, for the commit that added
 * the file flags, a85f31052bce) repaired and the 6.18 stable releases took.
 */
final class IoNop {
    /** IORING_SETUP_CQE32 and IORING_SETUP_CQE_MIXED (include/uapi/linux/io_uring.h), which ring-api never sets up. */
    private static final int IORING_SETUP_CQE32_OR_MIXED = (1 << 11) | (1 << 18);

    private IoNop() {}

    /**
     * io_nop_prep (v6.18.2 io_uring/nop.c:28): nop->flags from {@code sqe->nop_flags} (:32), a bit
     * outside the kernel's NOP_FLAGS -EINVAL (:33-34); the injected result from {@code sqe->len}
     * (:36-39), the fd for IORING_NOP_FILE (:40-43), {@code sqe->buf_index} for
     * IORING_NOP_FIXED_BUFFER (:44-45); IORING_NOP_CQE32 -EINVAL on a ring without 32-byte CQEs
     * (:46-50), which every ring here is.
     */
    static int ioNopPrep(IoRingCtx ctx, IoRequest req, MemorySegment s, long sqe) {
        int flags = s.get(ValueLayout.JAVA_INT, sqe + OP_FLAGS_OFFSET);
        req.opFlags = flags;
        if ((flags & ~ctx.nopFlags.nopFlags()) != 0) {
            return -Errno.EINVAL;
        }
        req.len = (flags & IORING_NOP_INJECT_RESULT) != 0 ? s.get(ValueLayout.JAVA_INT, sqe + LEN_OFFSET) : 0;
        req.fd = (flags & IORING_NOP_FILE) != 0 ? s.get(ValueLayout.JAVA_INT, sqe + FD_OFFSET) : -1;
        if ((flags & IORING_NOP_FIXED_BUFFER) != 0) {
            req.bufIndex = Short.toUnsignedInt(s.get(ValueLayout.JAVA_SHORT, sqe + BUF_INDEX_OFFSET));
        }
        if ((flags & IORING_NOP_CQE32) != 0 && (ctx.setupFlags & IORING_SETUP_CQE32_OR_MIXED) == 0) {
            return -Errno.EINVAL;
        }
        return 0;
    }

    /**
     * io_nop (v6.18.2 io_uring/nop.c:57): with IORING_NOP_FILE the file, a registered one under
     * IORING_NOP_FIXED_FILE (io_file_get_fixed, :64, and REQ_F_FIXED_FILE, :65) or the process's
     * (io_file_get_normal, :67), none being -EBADF (:69-71); with IORING_NOP_FIXED_BUFFER the
     * registered buffer's node (io_find_buf_node, :75), none being -EFAULT (:76). A negative result
     * fails the request (req_set_fail, :79-80) and is its res (the stable fix of :84, above). With
     * IORING_NOP_TW the request completes through task work (io_req_task_complete through
     * io_req_task_work_add, :85-88: IOU_ISSUE_SKIP_COMPLETE), else inline (IOU_COMPLETE, :90). The
     * file and the nodes are put when the request is freed ({@link IoComplete#ioDismantleReq}).
     */
    static int ioNop(IoRingCtx ctx, IoRequest req, boolean iowq) {
        int flags = req.opFlags;
        int ret = req.len;
        boolean done = false;
        if ((flags & IORING_NOP_FILE) != 0) {
            if ((flags & IORING_NOP_FIXED_FILE) != 0) {
                req.file = ctx.rsrc.ioFileGetFixedNode(ctx, req, req.fd);
                req.flags |= ReqFlags.REQ_F_FIXED_FILE;
            } else {
                req.file = IoIssue.ioFileGetNormalCall(ctx, req.fd);
            }
            if (req.file == null) {
                ret = -Errno.EBADF;
                done = true; // goto done: no buffer lookup
            }
        }
        if (!done && (flags & IORING_NOP_FIXED_BUFFER) != 0 && !ctx.rsrc.ioFindBufNode(ctx, req)) {
            ret = -Errno.EFAULT;
        }
        if (ret < 0) {
            IoComplete.reqSetFail(ctx, req, iowq);
        }
        req.setRes(ret, 0);
        if ((flags & IORING_NOP_TW) != 0) {
            req.twFunc = IoRequest.TW_COMPLETE; // req->io_task_work.func = io_req_task_complete
            ctx.tctx.ioReqTaskWorkAdd(req);
            return IoRingCtx.IOU_ISSUE_SKIP_COMPLETE;
        }
        return IoRingCtx.IOU_OK;
    }
}
