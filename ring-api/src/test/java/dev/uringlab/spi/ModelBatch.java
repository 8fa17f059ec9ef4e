package dev.uringlab.spi;

import java.util.List;

/**
 * {@code submit_state.compl_reqs} over a fixed list of requests (usually {@link ModelReq}s):
 * the one model completion batch of every strategy's and contract's tests (ring-api's test-jar).
 *
 * @param reqs the batch, in completion order
 */
public record ModelBatch(List<? extends IoKiocb> reqs) implements CompletionBatch {

    public ModelBatch {
        reqs = List.copyOf(reqs);
    }

    /** A batch of {@code reqs}, in that order. */
    public static ModelBatch of(IoKiocb... reqs) {
        return new ModelBatch(List.of(reqs));
    }

    @Override public int size() { return reqs.size(); }
    @Override public IoKiocb get(int i) { return reqs.get(i); }
}
