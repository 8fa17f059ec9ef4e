package dev.uringlab.core;

import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.IoKiocb;

/**
 * {@code struct io_submit_state} (include/linux/io_uring_types.h): what one submitting task
 * keeps between the SQEs of a batch and the completions of a run. The link chain being
 * assembled ({@code link}: head and last) and {@code compl_reqs}, the requests whose result
 * is final, in completion order, waiting for io_submit_flush_completions: an array of
 * IO_COMPL_BATCH slots (5.15's {@code compl_reqs[]}) flushed at once when it fills. It is the
 * {@link CompletionBatch} the completion strategy posts. Ring owner's thread only, under
 * {@code ctx->uring_lock}.
 */
final class SubmitState implements CompletionBatch {
    /** IO_COMPL_BATCH. */
    static final int IO_COMPL_BATCH = 32;

    /** compl_reqs. */
    final IoRequest[] complReqs = new IoRequest[IO_COMPL_BATCH];
    /** How many of {@link #complReqs} are filled. */
    int nr;
    /** link.head: the chain being assembled, or null. */
    IoRequest linkHead;
    /** link.last: its last request. */
    IoRequest linkLast;
    /** state->plug, plug_started (5.14: started in io_init_req for more than one read or write). */
    final dev.uringlab.core.block.BlkPlug plug = new dev.uringlab.core.block.BlkPlug();
    boolean plugStarted;
    /** state->ios_left: SQEs of this submission not yet initialised. */
    int iosLeft;

    @Override
    public int size() {
        return nr;
    }

    @Override
    public IoKiocb get(int i) {
        if (i >= nr) {
            throw new IndexOutOfBoundsException(i);
        }
        return complReqs[i];
    }
}
