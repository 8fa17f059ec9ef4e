package dev.uringlab.core;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.invoke.VarHandle;

/**
 * The CQ side of io_iopoll_complete on an IOPOLL ring (5.10 - 6.1; {@link IoRw#ioDoIopoll}):
 * __io_cqring_fill_event without the completion lock, io_commit_cqring, and
 * io_cqring_ev_posted_iopoll (5.14 - 5.15). Everything on an IOPOLL ring runs under uring_lock,
 * so no poster takes the completion lock here: the plain fields of {@link IoCqRing} it writes
 * have one writer at a time, the ring owner.
 *
 * <p>Orderings: the application's CQ head is load-acquired before a slot is reused (READ_ONCE in
 * the kernel's io_get_cqe, paired with the application's release); CQEs are written with plain
 * stores and published by the release store of the tail in {@link #ioCommitCqring()}.
 */
final class IopollCompletion {
    private final IoCqRing cq;

    IopollCompletion(IoCqRing cq) {
        this.cq = cq;
    }

    /**
     * __io_cqring_fill_event as io_iopoll_complete calls it: io_get_cqe reading the application's
     * head for every CQE, the CQE written with plain stores, or onto the overflow list when the
     * ring is full (5.14's io_get_cqe does not look at the overflow list: a CQE may pass ones
     * waiting there).
     */
    void ioFillCqe(long userData, int res, int cflags) {
        if (cq.cachedCqTail() - cq.lvCqHead() == cq.cqEntries()) {
            cq.overflowList.add(userData, res, cflags); // under uring_lock, without the completion lock
            return;
        }
        cq.writeCqeUncached(userData, res, cflags);
        cq.trace.emit(TracePoint.IO_FILL_CQE_REQ, userData, res, cflags, cq.cachedCqTail());
    }

    /** io_commit_cqring from io_iopoll_complete: smp_store_release of the tail, no completion lock. */
    void ioCommitCqring() {
        cq.publishTail();
    }

    /**
     * io_cqring_ev_posted_iopoll (5.14 - 5.15): smp_mb, then the eventfd when one is registered
     * (io_should_trigger_evfd), then a waiter of the ring fd's own poll (ctx->poll_wait). The CQ
     * waitqueue is woken only for SQPOLL, which the emulated ring has not.
     */
    void ioCqringEvPosted() {
        cq.counters().inc(Counter.EV_POSTED);
        cq.trace.emit(TracePoint.IO_CQRING_EV_POSTED);
        cq.trace.step(StepKind.FENCE, "smp_mb(io_cqring_ev_posted_iopoll)");
        VarHandle.fullFence();
        if (cq.eventfd != null) {
            cq.eventfdSignal(false); // 5.14 - 5.15: plain eventfd_signal
        }
        if (cq.pollWait.waitqueueActive()) {
            cq.pollWait.wakeUp(0);
        }
    }
}
