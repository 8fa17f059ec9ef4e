package dev.uringlab.core;

import static dev.uringlab.api.SqeDescriptor.LEN_OFFSET;
import static dev.uringlab.api.SqeDescriptor.OP_FLAGS_OFFSET;

import dev.uringlab.api.Errno;
import dev.uringlab.api.NopFlags;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** IORING_OP_NOP, io_uring/nop.c: it just posts a completion, or the result it was told to inject. */
final class IoNop {
    private IoNop() {}

    /** io_nop_prep: nop_flags at offset 28; IORING_NOP_INJECT_RESULT takes the result from len. */
    static int ioNopPrep(IoRequest req, MemorySegment s, long sqe) {
        int nopFlags = s.get(ValueLayout.JAVA_INT, sqe + OP_FLAGS_OFFSET);
        if ((nopFlags & ~NopFlags.IORING_NOP_INJECT_RESULT) != 0) {
            return -Errno.EINVAL;
        }
        req.len = (nopFlags & NopFlags.IORING_NOP_INJECT_RESULT) != 0 ? s.get(ValueLayout.JAVA_INT, sqe + LEN_OFFSET) : 0;
        return 0;
    }

    /** io_nop: complete with the injected result (0 unless told otherwise); a negative one fails the request. */
    static int ioNop(IoRingCtx ctx, IoRequest req, boolean iowq) {
        int res = req.len;
        if (res < 0) {
            IoComplete.reqSetFail(ctx, req, iowq);
        }
        req.setRes(res, 0);
        return IoRingCtx.IOU_OK;
    }
}
