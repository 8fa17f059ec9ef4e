package dev.uringlab.core.block;

import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * block/blk-mq-sched.c (5.14) without an elevator: blk_mq_sched_insert_requests, a plug's list
 * issued directly.
 */
final class BlkMqSched {
    private BlkMqSched() {}

    /**
     * blk_mq_sched_insert_requests: hold the queue (percpu_ref_get on q_usage_counter), issue the
     * list directly (the queue is not busy and has no elevator), which always empties it, then
     * percpu_ref_put.
     */
    @OutOfLine("blk_mq_sched_insert_requests")
    static void blkMqSchedInsertRequests(NvmeDev dev, BlkMqHwCtx hctx, Request list, int cpu, Trace trace) {
        trace.step(StepKind.CALL, "blk_mq_sched_insert_requests");
        dev.q.percpuRefGet(cpu);
        BlkMq.blkMqTryIssueListDirectly(hctx, list, trace);
        dev.q.percpuRefPut(cpu);
    }
}
