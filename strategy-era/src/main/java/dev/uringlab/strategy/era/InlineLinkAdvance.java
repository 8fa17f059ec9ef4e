package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.LinkAdvance;
import dev.uringlab.spi.Mainline;

/**
 * Link advance as in 5.6 (the kernel of seed 003's RFC): __io_queue_sqe issues a request, and
 * when it completed at once, io_put_req_find_next hands back the next member of its chain,
 * which __io_queue_sqe issues right away on the same thread ({@code goto again}), or punts to
 * io-wq when it is forced async. A chain of N inline NOPs is one loop in the submission path:
 * no task work per member. The kernels from 5.11 on queue the member as task work from
 * io_free_batch_list instead (the baseline).
 *
 * <p>Trade-off: no task-work add, run or batch flush per member; the chain holds the submitting
 * thread until it ends or a member goes async. Stateless.
 */
public final class InlineLinkAdvance implements LinkAdvance {

    /** __io_queue_sqe (5.6): the next member is issued here, now. */
    @Override
    public boolean ioQueueNextInline(IoKiocb req) {
        return true;
    }

    /** Registers alias {@value #ALIAS} on axis {@code link-advance}. */
    public static final class Provider extends AbstractStrategyProvider<LinkAdvance> {
        /** The alias. */
        public static final String ALIAS = "inline";
        private static final InlineLinkAdvance INSTANCE = new InlineLinkAdvance();

        public Provider() {
            super(Axis.LINK_ADVANCE, ALIAS, "5.6", Mainline.between("5.6", "5.11"),
                    "__io_queue_sqe issues the next member of a chain inline (io_put_req_find_next, goto again)",
                    ctx -> INSTANCE);
        }
    }
}
