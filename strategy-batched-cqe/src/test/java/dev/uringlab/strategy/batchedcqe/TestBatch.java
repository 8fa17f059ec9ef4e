package dev.uringlab.strategy.batchedcqe;

import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.IoKiocb;
import java.util.List;

/** A completion batch of finished requests, each with its terminal CQE. */
record TestBatch(List<Req> reqs) implements CompletionBatch {

    /** A request whose result is final. */
    record Req(long userData, int res, int cflags) implements IoKiocb {
        @Override public int opcode() { return 0; }
        @Override public int flags() { return 0; }
        @Override public void setFlags(int mask) { throw new UnsupportedOperationException(); }
        @Override public void clearFlags(int mask) { throw new UnsupportedOperationException(); }
    }

    static TestBatch of(Req... reqs) {
        return new TestBatch(List.of(reqs));
    }

    @Override
    public int size() {
        return reqs.size();
    }

    @Override
    public IoKiocb get(int i) {
        return reqs.get(i);
    }
}
