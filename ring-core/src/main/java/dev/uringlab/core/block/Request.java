package dev.uringlab.core.block;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code struct request} (include/linux/blkdev.h, 5.14) with the driver's per-request data
 * behind it (the nvme-pci {@code struct nvme_iod}: the command and its DMA mapping), as blk-mq
 * preallocates one per tag of a hardware queue ({@code tags->static_rqs}) when the queue is
 * made: a bio gets the request of the tag it is given, so no request is allocated per IO.
 *
 * <p>Threads: the submitter fills it between blk_mq_get_tag and queue_rq; from then on the
 * device owns it until the completion (the poller or the IRQ thread), which ends it and gives
 * the tag back. {@link #state} is WRITE_ONCE/READ_ONCE (volatile), {@code ref} a refcount_t.
 */
final class Request {
    static final int MQ_RQ_IDLE = 0;
    static final int MQ_RQ_IN_FLIGHT = 1;
    static final int MQ_RQ_COMPLETE = 2;
    private static final VarHandle REF;

    static {
        try {
            REF = MethodHandles.lookup().findVarHandle(Request.class, "ref", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The tag this request is preallocated for (rq->tag once handed out). */
    final int tag;
    /** rq->mq_hctx: the hardware queue it goes to. */
    BlkMqHwCtx mqHctx;
    /** rq->mq_ctx->cpu: the CPU it was allocated on. */
    int mqCtxCpu;
    /** rq->cmd_flags: the bio's op and flags (REQ_POLLED is REQ_HIPRI here). */
    int cmdFlags;
    /** rq->__sector, rq->__data_len. */
    long sector;
    int dataLen;
    /** rq->bio (one bio per request: no merging happens on this path). */
    Bio bio;
    /** rq->nr_phys_segments. */
    int nrPhysSegments;
    /** rq->state (WRITE_ONCE). */
    volatile int state;
    /** rq->ref (refcount_t). */
    @SuppressWarnings("unused") // accessed through REF
    private volatile int ref;
    /** The next request on a plug list (rq->queuelist). */
    Request queuelistNext;
    /** nvme_iod: the command's opcode and its first DMA address and length (nvme_setup_prp_simple). */
    int cmdOpcode;
    long firstDma;
    int dmaLen;

    Request(int tag) {
        this.tag = tag;
    }

    /** refcount_set(&rq->ref, 1): a plain store. */
    void refcountSet(int v) {
        REF.setRelease(this, v);
    }

    /** refcount_dec_and_test(&rq->ref): a locked RMW. */
    boolean refcountDecAndTest() {
        return (int) REF.getAndAdd(this, -1) == 1;
    }
}
