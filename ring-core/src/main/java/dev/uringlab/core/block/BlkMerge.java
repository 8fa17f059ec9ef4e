package dev.uringlab.core.block;

import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * block/blk-merge.c (5.14): __blk_queue_split. The queue has merging off (nomerges=2), so
 * blk_mq_submit_bio does not call blk_attempt_plug_merge or __blk_mq_sched_bio_merge.
 */
final class BlkMerge {
    private BlkMerge() {}

    /**
     * __blk_queue_split: a bio of one segment that ends within its page is never split
     * (nr_segs = 1); a bio of several segments has as many (the emulated queue takes them all).
     */
    @OutOfLine("__blk_queue_split")
    static int blkQueueSplit(Bio bio, Trace trace) {
        trace.step(StepKind.CALL, "__blk_queue_split");
        return bio.biVcnt;
    }
}
