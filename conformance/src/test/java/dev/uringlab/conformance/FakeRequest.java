package dev.uringlab.conformance;

import dev.uringlab.api.Opcodes;
import dev.uringlab.spi.IoKiocb;

/** A {@code struct io_kiocb} as a strategy sees it, with settable CQE fields and flags. */
final class FakeRequest implements IoKiocb {
    private final long userData;
    private final int res;
    private final int cflags;
    private int flags;

    FakeRequest(long userData, int res, int cflags, int flags) {
        this.userData = userData;
        this.res = res;
        this.cflags = cflags;
        this.flags = flags;
    }

    /** A request whose CQE will be {@code ud, res 0, flags 0}, carrying {@code flags} (REQ_F_*). */
    static FakeRequest withFlags(long userData, int flags) {
        return new FakeRequest(userData, 0, 0, flags);
    }

    @Override public int opcode() { return Opcodes.IORING_OP_NOP; }
    @Override public long userData() { return userData; }
    @Override public int res() { return res; }
    @Override public int cflags() { return cflags; }
    @Override public int flags() { return flags; }
    @Override public void setFlags(int mask) { flags |= mask; }
    @Override public void clearFlags(int mask) { flags &= ~mask; }

    boolean has(int flag) {
        return (flags & flag) != 0;
    }

    @Override
    public String toString() {
        return "req(ud=" + userData + ", flags=0x" + Integer.toHexString(flags) + ")";
    }
}
