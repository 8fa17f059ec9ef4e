package dev.uringlab.core.block;

import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * {@code struct blk_mq_tags} of one hardware queue (block/blk-mq-tag.c, 5.14): its
 * {@code bitmap_tags} ({@link Sbitmap}), the request preallocated for each tag
 * ({@code static_rqs}) and the tag-to-request map the driver looks up at completion
 * ({@code rqs}, set by blk_mq_get_driver_tag). No reserved tags (an NVMe I/O queue has none).
 */
final class BlkMqTags {
    final Request[] staticRqs;
    final Request[] rqs;
    private final Sbitmap bitmapTags;
    private final Trace trace;

    BlkMqTags(int depth, Trace trace) {
        this.staticRqs = new Request[depth];
        this.rqs = new Request[depth];
        for (int i = 0; i < depth; i++) {
            staticRqs[i] = new Request(i);
        }
        this.bitmapTags = new Sbitmap(depth, trace);
        this.trace = trace;
    }

    /** blk_mq_get_tag with BLK_MQ_REQ_NOWAIT: __blk_mq_get_tag, or -1 (BLK_MQ_NO_TAG) when none is free. */
    @OutOfLine("blk_mq_get_tag")
    int blkMqGetTag(int cpu) {
        trace.step(StepKind.CALL, "blk_mq_get_tag");
        return bitmapTags.get(cpu);
    }

    /** blk_mq_put_tag: sbitmap_queue_clear of the tag, on the CPU the request was allocated on. */
    @OutOfLine("blk_mq_put_tag")
    void blkMqPutTag(int tag, int cpu) {
        trace.step(StepKind.CALL, "blk_mq_put_tag");
        bitmapTags.clear(tag, cpu);
    }
}
