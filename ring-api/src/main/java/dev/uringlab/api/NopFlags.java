package dev.uringlab.api;

/** IORING_OP_NOP flags, carried in {@code sqe->nop_flags} (offset 28). */
public final class NopFlags {
    private NopFlags() {}

    /** IORING_NOP_INJECT_RESULT: the NOP completes with {@code (s32) sqe->len} as its res. */
    public static final int IORING_NOP_INJECT_RESULT = 1 << 0;
}
