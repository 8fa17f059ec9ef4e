package dev.uringlab.core;

import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.IoKiocb;

/**
 * {@code ctx->submit_state.compl_reqs}: the requests whose result is final, in completion
 * order, waiting for the next io_submit_flush_completions. An array of IO_COMPL_BATCH slots
 * (5.15's {@code compl_reqs[]}); when it fills, the engine flushes it at once. Owner thread only.
 */
final class ComplReqs implements CompletionBatch {
    /** IO_COMPL_BATCH. */
    static final int IO_COMPL_BATCH = 32;

    final IoRequest[] reqs = new IoRequest[IO_COMPL_BATCH];
    int nr;

    @Override
    public int size() {
        return nr;
    }

    @Override
    public IoKiocb get(int i) {
        if (i >= nr) {
            throw new IndexOutOfBoundsException(i);
        }
        return reqs[i];
    }
}
