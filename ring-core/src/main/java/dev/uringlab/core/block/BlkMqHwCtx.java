package dev.uringlab.core.block;

/**
 * {@code struct blk_mq_hw_ctx} (include/linux/blk-mq.h, 5.14): one hardware queue of a
 * request queue, its tags and its driver queue ({@code hctx->driver_data}: the NVMe queue),
 * of type HCTX_TYPE_POLL (completed by blk_poll) or HCTX_TYPE_DEFAULT (by the interrupt).
 * The poll statistics are plain counters, as the kernel's.
 */
final class BlkMqHwCtx {
    /** hctx->queue_num: what a cookie names (blk_qc_t_to_queue_num). */
    final int queueNum;
    /** hctx->type == HCTX_TYPE_POLL. */
    final boolean poll;
    final BlkMqTags tags;
    final NvmeQueue driverData;
    /** hctx->dispatch_busy (never set: issue never fails here). */
    int dispatchBusy;
    /** hctx->queued, poll_considered, poll_invoked, poll_success. */
    long queued;
    long pollConsidered;
    long pollInvoked;
    long pollSuccess;

    BlkMqHwCtx(int queueNum, boolean poll, BlkMqTags tags, NvmeQueue driverData) {
        this.queueNum = queueNum;
        this.poll = poll;
        this.tags = tags;
        this.driverData = driverData;
    }
}
