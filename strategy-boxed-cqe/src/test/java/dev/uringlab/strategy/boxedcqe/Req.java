package dev.uringlab.strategy.boxedcqe;

import static dev.uringlab.spi.ReqFlags.REQ_F_CQE_SKIP;

import dev.uringlab.spi.IoKiocb;

/** A request as a strategy sees it: user_data, a result and mutable REQ_F_* flags. */
final class Req implements IoKiocb {
    private final long userData;
    private int res;
    private int flags;

    /** A request made from an SQE with these IOSQE_* flags (io_init_req copies them into req->flags). */
    Req(long userData, int sqeFlags) {
        this.userData = userData;
        this.flags = sqeFlags;
    }

    void res(int res) {
        this.res = res;
    }

    /** Whether the engine would fill a CQE for it now (io_fill_cqe_req skips REQ_F_CQE_SKIP). */
    boolean posts() {
        return (flags & REQ_F_CQE_SKIP) == 0;
    }

    @Override public int opcode() { return 0; }
    @Override public long userData() { return userData; }
    @Override public int res() { return res; }
    @Override public int cflags() { return 0; }
    @Override public int flags() { return flags; }
    @Override public void setFlags(int mask) { flags |= mask; }
    @Override public void clearFlags(int mask) { flags &= ~mask; }

    @Override
    public String toString() {
        return "req(ud=" + userData + ", res=" + res + ", flags=0x" + Integer.toHexString(flags) + ")";
    }
}
