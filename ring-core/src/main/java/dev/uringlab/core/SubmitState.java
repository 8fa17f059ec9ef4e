package dev.uringlab.core;

import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.IoKiocb;
import java.util.Arrays;

/**
 * {@code struct io_submit_state} (include/linux/io_uring_types.h): what one submitting task
 * keeps between the SQEs of a batch and the completions of a run. The link chain being
 * assembled ({@code link}: head and last) and {@code compl_reqs}, the requests whose result
 * is final, in completion order, waiting for io_submit_flush_completions. The kernels since
 * the rework of 2021-09-24 (for-5.16 on) keep it as a singly linked list with no bound
 * (v6.1-rc7 io_uring_types.h:171); 5.12 to 5.15 as an array of IO_COMPL_BATCH slots flushed when
 * it fills (v5.15 fs/io_uring.c:322), whose size {@link #complReqsArraySize} holds (the
 * {@code req-alloc} strategy says which: the array lived beside its {@code reqs[]}). Here one
 * array serves both, grown by doubling when a list's batch outgrows it. It is the
 * {@link CompletionBatch} the completion strategy posts. Ring owner's thread only, under
 * {@code ctx->uring_lock}.
 */
final class SubmitState implements CompletionBatch {
    /** IO_COMPL_BATCH: 5.15's array size, and the first size of the array here. */
    static final int IO_COMPL_BATCH = 32;

    /** compl_reqs: the first {@link #nr} slots. */
    IoRequest[] complReqs = new IoRequest[IO_COMPL_BATCH];
    /** How many of {@link #complReqs} are filled. */
    int nr;
    /** ARRAY_SIZE(compl_reqs) where the kernel kept an array, 0 where a list (RequestAllocation#complReqsArraySize). */
    final int complReqsArraySize;
    /** link.head: the chain being assembled, or null. */
    IoRequest linkHead;
    /** link.last: its last request. */
    IoRequest linkLast;
    /** state->plug, plug_started (5.14: started in io_init_req for more than one read or write). */
    final dev.uringlab.core.block.BlkPlug plug = new dev.uringlab.core.block.BlkPlug();
    boolean plugStarted;
    /** state->ios_left: SQEs of this submission not yet initialised. */
    int iosLeft;

    SubmitState(int complReqsArraySize) {
        this.complReqsArraySize = complReqsArraySize;
    }

    /** compl_reqs[compl_nr++] = req (5.15) / wq_list_add_tail(&req->comp_list, &compl_reqs) (5.16 on). */
    void add(IoRequest req) {
        if (nr == complReqs.length) {
            complReqs = Arrays.copyOf(complReqs, nr * 2); // a list's batch past the array: once per ring
        }
        complReqs[nr++] = req;
    }

    /** Whether compl_reqs is an array and full: {@code state->compl_nr == ARRAY_SIZE(state->compl_reqs)}. */
    boolean complReqsFull() {
        return complReqsArraySize != 0 && nr >= complReqsArraySize;
    }

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
