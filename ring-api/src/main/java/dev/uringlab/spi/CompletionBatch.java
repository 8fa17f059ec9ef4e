package dev.uringlab.spi;

/**
 * {@code ctx->submit_state.compl_reqs}: the requests completed in the current batch, in
 * completion order: at most IO_COMPL_BATCH where the kernel kept an array (up to 5.15,
 * {@link RequestAllocation#complReqsArraySize()}), as many as one submission or task-work run
 * completed where it keeps a list. Valid only during the call it is passed to.
 */
public interface CompletionBatch {

    /** How many requests the batch holds. */
    int size();

    /** The {@code i}-th completed request, in completion order. */
    IoKiocb get(int i);
}
