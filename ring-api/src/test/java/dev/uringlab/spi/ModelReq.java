package dev.uringlab.spi;

import dev.uringlab.api.Opcodes;

/**
 * A {@code struct io_kiocb} as a strategy sees it ({@link IoKiocb}): a NOP whose CQE will carry
 * {@code userData}, a settable result and {@code cflags}, and mutable {@link ReqFlags}. The one
 * model request of every strategy's and contract's tests (ring-api's test-jar), beside
 * {@link ModelCq}.
 */
public final class ModelReq implements IoKiocb {
    private final long userData;
    private final int cflags;
    private int res;
    private int flags;
    private int refs;

    /** A request whose CQE will be {@code userData, res, cflags}, carrying {@code flags} (REQ_F_*). */
    public ModelReq(long userData, int res, int cflags, int flags) {
        this.userData = userData;
        this.res = res;
        this.cflags = cflags;
        this.flags = flags;
    }

    /**
     * A request with result and CQE flags 0, carrying {@code flags}: REQ_F_* bits, or an SQE's
     * IOSQE_* bits, which io_init_req copies into {@code req->flags} unchanged.
     */
    public ModelReq(long userData, int flags) {
        this(userData, 0, 0, flags);
    }

    /** {@code req->cqe.res = res}, as the issue path sets it. */
    public void res(int res) {
        this.res = res;
    }

    /** Whether the engine would fill a CQE for it now (io_fill_cqe_req skips REQ_F_CQE_SKIP). */
    public boolean posts() {
        return !has(ReqFlags.REQ_F_CQE_SKIP);
    }

    /** Whether {@code req->flags} has every bit of {@code flag}. */
    public boolean has(int flag) {
        return (flags & flag) == flag;
    }

    @Override public void refcountSet(int n) { refs = n; }
    @Override public boolean refcountDecAndTest() { return --refs == 0; }
    @Override public void refcountInc() { refs++; }
    @Override public int opcode() { return Opcodes.IORING_OP_NOP; }
    @Override public long userData() { return userData; }
    @Override public int res() { return res; }
    @Override public int cflags() { return cflags; }
    @Override public int flags() { return flags; }
    @Override public void setFlags(int mask) { flags |= mask; }
    @Override public void clearFlags(int mask) { flags &= ~mask; }

    @Override
    public String toString() {
        return "req(ud=" + userData + ", res=" + res + ", flags=0x" + Integer.toHexString(flags) + ")";
    }
}
