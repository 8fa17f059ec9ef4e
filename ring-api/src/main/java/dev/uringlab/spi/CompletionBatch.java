package dev.uringlab.spi;

/**
 * {@code ctx->submit_state.compl_reqs}: the requests completed in the current batch (at most
 * IO_COMPL_BATCH between flushes when submitting), in completion order. Valid only during the
 * call it is passed to.
 */
public interface CompletionBatch {

    /** How many requests the batch holds. */
    int size();

    /** The {@code i}-th completed request, in completion order. */
    IoKiocb get(int i);
}
