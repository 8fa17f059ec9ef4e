package dev.uringlab.core.block;

import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * {@code struct request_queue} of the NVMe namespace (include/linux/blkdev.h, 5.14): its
 * hardware queues ({@code queue_hw_ctx}: the interrupt-driven queue first, then the poll
 * queues), QUEUE_FLAG_POLL when it has poll queues, and {@code q_usage_counter}, the per-CPU
 * reference every request holds (percpu_ref: an RCU read section around a per-CPU add).
 * Everything else of the queue is the default of a blk-mq NVMe queue: no elevator, merges on,
 * iostats off, no blk-cgroup, no write throttling (see the package docs).
 */
final class RequestQueue {
    /** queue_hw_ctx: [0] HCTX_TYPE_DEFAULT (interrupts), [1..] HCTX_TYPE_POLL. */
    final BlkMqHwCtx[] queueHwCtx;
    private final int nrPoll;
    /** q_usage_counter's per-CPU counts (this_cpu_add/sub; only ever summed when the queue freezes, which it does not here). */
    private final long[] qUsageCounter = new long[Cpus.NR_CPU_IDS];
    private final Trace trace;

    RequestQueue(BlkMqHwCtx[] queueHwCtx, Trace trace) {
        this.queueHwCtx = queueHwCtx;
        this.nrPoll = queueHwCtx.length - 1;
        this.trace = trace;
    }

    /** test_bit(QUEUE_FLAG_POLL, &q->queue_flags): the queue has poll queues. */
    boolean queueFlagPoll() {
        return nrPoll > 0;
    }

    /**
     * blk_mq_map_queue: REQ_HIPRI goes to the poll queue of CPU {@code cpu} (the CPU map
     * spreads CPUs over the poll queues), anything else to the default queue.
     */
    BlkMqHwCtx blkMqMapQueue(int cmdFlags, int cpu) {
        if ((cmdFlags & Bio.REQ_POLLED) != 0 && nrPoll > 0) {
            return queueHwCtx[1 + cpu % nrPoll];
        }
        return queueHwCtx[0];
    }

    /** blk_queue_enter: rcu_read_lock, percpu_ref_tryget_live(q_usage_counter) (a live ref: this_cpu_inc), rcu_read_unlock. */
    void blkQueueEnter(int cpu) {
        trace.step(StepKind.RCU, "rcu_read_lock(blk_queue_enter)");
        qUsageCounter[cpu]++;
    }

    /** blk_queue_exit: percpu_ref_put(q_usage_counter), an RCU read section around this_cpu_dec. */
    @OutOfLine("blk_queue_exit")
    void blkQueueExit(int cpu) {
        trace.step(StepKind.CALL, "blk_queue_exit");
        percpuRefPut(cpu);
    }

    /** percpu_ref_put / percpu_ref_get on q_usage_counter, inline: an RCU read section around this_cpu_sub. */
    void percpuRefPut(int cpu) {
        trace.step(StepKind.RCU, "rcu_read_lock(percpu_ref_put)");
        qUsageCounter[cpu]--;
    }

    void percpuRefGet(int cpu) {
        trace.step(StepKind.RCU, "rcu_read_lock(percpu_ref_get)");
        qUsageCounter[cpu]++;
    }
}
