package dev.uringlab.core;

import static dev.uringlab.api.Errno.EFAULT;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.Errno.EOPNOTSUPP;
import static dev.uringlab.api.SqeDescriptor.ADDR_OFFSET;
import static dev.uringlab.api.SqeDescriptor.FD_OFFSET;
import static dev.uringlab.api.SqeDescriptor.LEN_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OP_FLAGS_OFFSET;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * IORING_OP_READ and IORING_OP_WRITE, io_uring/rw.c: io_prep_rw, io_read/io_write on the
 * emulated files, and the IOPOLL side (io_iopoll_check, io_do_iopoll), where polled
 * completions are reaped inside io_uring_enter.
 */
final class IoRw {
    private IoRw() {}

    /** io_prep_rw. */
    static int ioPrepRw(IoRequest req, MemorySegment s, long sqe) {
        req.fd = s.get(ValueLayout.JAVA_INT, sqe + FD_OFFSET);
        req.addr = s.get(ValueLayout.JAVA_LONG, sqe + ADDR_OFFSET);
        req.len = s.get(ValueLayout.JAVA_INT, sqe + LEN_OFFSET);
        req.opFlags = s.get(ValueLayout.JAVA_INT, sqe + OP_FLAGS_OFFSET);
        return 0;
    }

    /** io_read. */
    static int ioRead(IoRingCtx ctx, IoRequest req, boolean iowq) {
        return ioRw(ctx, req, true, iowq);
    }

    /** io_write. */
    static int ioWrite(IoRingCtx ctx, IoRequest req, boolean iowq) {
        return ioRw(ctx, req, false, iowq);
    }

    /**
     * io_read / io_write: copy between the file and the native buffer at {@code addr}. Errors
     * (-EAGAIN included) go back to the caller; a short transfer completes the request but
     * marks it failed, so a soft link after it is cancelled (__io_complete_rw_common). On an
     * IOPOLL ring io_rw_init_file refuses a file that is not O_DIRECT with ->iopoll:
     * -EOPNOTSUPP, which every emulated file is (pipes, eventfds).
     */
    @SuppressWarnings("restricted") // the SQE's addr is the application's native buffer, as in the kernel
    private static int ioRw(IoRingCtx ctx, IoRequest req, boolean read, boolean iowq) {
        if (ctx.iopoll()) {
            return -EOPNOTSUPP;
        }
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
            IoComplete.reqSetFail(ctx, req, iowq);
        }
        req.setRes(n, 0);
        return IoRingCtx.IOU_OK;
    }

    /**
     * io_iopoll_check: GETEVENTS on an IOPOLL ring reaps by polling ({@code io_do_iopoll}) the
     * requests on {@code ctx->iopoll_list} until {@code minEvents} CQEs are there or the list
     * is empty, running task work and flushing overflow on the way. No emulated file can be
     * polled yet, so the list is always empty: task work, overflow, return.
     */
    static int ioIopollCheck(IoRingCtx ctx, int minEvents) {
        ctx.tctx.runTaskWork();
        ctx.cq.ioCqringOverflowFlush();
        return 0;
    }
}
