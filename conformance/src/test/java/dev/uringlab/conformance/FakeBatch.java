package dev.uringlab.conformance;

import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.IoKiocb;
import java.util.List;

/** {@code submit_state.compl_reqs} over a fixed list. */
record FakeBatch(List<? extends IoKiocb> reqs) implements CompletionBatch {

    static FakeBatch of(IoKiocb... reqs) {
        return new FakeBatch(List.of(reqs));
    }

    @Override public int size() { return reqs.size(); }
    @Override public IoKiocb get(int i) { return reqs.get(i); }
}
