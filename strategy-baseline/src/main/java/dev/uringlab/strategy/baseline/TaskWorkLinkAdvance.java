package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.LinkAdvance;

/**
 * Link advance as the kernels since 5.11 have it (6.1 here): a request that completed inline
 * is freed with its completion batch, and io_free_batch_list's io_queue_next hands the next
 * member of its chain to io_req_task_queue, so the member is issued from task work
 * (io_req_task_submit) after the batch's CQEs are posted. Each member costs a task-work add
 * and run and a batch flush. Stateless.
 */
public final class TaskWorkLinkAdvance implements LinkAdvance {

    /** io_queue_next's way: never inline; io_free_batch_list queues the next member as task work. */
    @Override
    public boolean ioQueueNextInline(IoKiocb req) {
        return false;
    }

    /** Registers alias {@code baseline} on axis {@code link-advance}. */
    public static final class Provider extends AbstractStrategyProvider<LinkAdvance> {
        private static final TaskWorkLinkAdvance INSTANCE = new TaskWorkLinkAdvance();

        public Provider() {
            super(Axis.LINK_ADVANCE, Axis.BASELINE, "6.1",
                    "io_free_batch_list -> io_queue_next -> io_req_task_queue: the next member of a chain is issued from task work",
                    ctx -> INSTANCE);
        }
    }
}
