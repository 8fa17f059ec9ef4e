package dev.uringlab.core.block;

import dev.uringlab.core.sync.SpinLock;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * One I/O queue pair of an NVMe drive, {@code struct nvme_queue} with the driver's functions on
 * it (drivers/nvme/host/pci.c, 5.14), and the controller's side of it played in memory.
 *
 * <p>Driver side: nvme_queue_rq builds the command (nvme_setup_cmd, the one-segment PRP
 * mapping), starts the request and copies the command into the submission queue under
 * {@code sq_lock}, ringing the SQ doorbell when blk-mq says it is the last of a batch
 * ({@code bd->last}); nvme_poll takes {@code cq_poll_lock} when a completion is pending and
 * processes the completion queue (nvme_process_cq: each CQE's request found by its command id,
 * completed, then one CQ head doorbell). An interrupt queue runs the same nvme_process_cq from
 * nvme_irq.
 *
 * <p>Controller side, which a real drive does on its own: when the SQ doorbell is written it
 * executes every new command (the transfer between the namespace's memory and the request's
 * buffer) and posts its CQE with the current phase, visible {@code completion_nsec} later; an
 * interrupt queue then raises its interrupt. The emulator has no device to do this, so it runs
 * on the thread that rings the doorbell: the same work in every arm of a race.
 *
 * <p>Threads: the SQ under {@code sq_lock} (any submitter); the CQ of a poll queue under
 * {@code cq_poll_lock} (pollers), of an interrupt queue on the IRQ thread only. A CQE's fields
 * are published by the release store of its status word (the phase), which the driver reads
 * with an acquire (READ_ONCE, then dma_rmb).
 */
final class NvmeQueue {
    /** The driver's queue depth (io_queue_depth, 1024). */
    static final int Q_DEPTH = 1024;
    private static final java.lang.invoke.VarHandle STATUS =
            java.lang.invoke.MethodHandles.arrayElementVarHandle(int[].class);

    final NvmeDev dev;
    /** The hardware queue this is the driver data of. */
    BlkMqHwCtx hctx;
    final int qid;
    final boolean polled;
    private final Trace trace;

    // ---- submission queue (driver writes, controller reads) ----
    private final SpinLock sqLock = new SpinLock();
    /** nvmeq->sq_cmds: command id, opcode, slba, length, PRP1 of each slot (the 64-byte command's fields). */
    private final int[] sqCommandId = new int[Q_DEPTH];
    private final int[] sqOpcode = new int[Q_DEPTH];
    private final long[] sqSlba = new long[Q_DEPTH];
    private final int[] sqLength = new int[Q_DEPTH];
    private final long[] sqPrp1 = new long[Q_DEPTH];
    /** nvmeq->sq_tail, last_sq_tail (sq_lock). */
    private int sqTail;
    private int lastSqTail;
    /** The SQ doorbell register (writel). */
    private volatile int sqDb;
    /** The controller's SQ head: the next command it executes. */
    private int ctrlSqHead;

    // ---- completion queue (controller writes, driver reads) ----
    /** nvmeq->cqes: status word (bit 0 the phase), command id, status code, when it becomes visible. */
    private final int[] cqeStatus = new int[Q_DEPTH];
    private final int[] cqeCommandId = new int[Q_DEPTH];
    private final long[] cqeVisibleAt = new long[Q_DEPTH];
    /** The controller's CQ tail and phase. */
    private int ctrlCqTail;
    private int ctrlPhase = 1;
    /** nvmeq->cq_head, cq_phase (cq_poll_lock, or the IRQ thread). */
    private int cqHead;
    private int cqPhase = 1;
    private final SpinLock cqPollLock = new SpinLock();
    /** The CQ head doorbell register (writel). */
    private volatile int cqDb;

    NvmeQueue(NvmeDev dev, int qid, boolean polled, Trace trace) {
        this.dev = dev;
        this.qid = qid;
        this.polled = polled;
        this.trace = trace;
    }

    /**
     * nvme_queue_rq (blk_mq_ops->queue_rq): nvme_setup_cmd, nvme_map_data (one segment within
     * two controller pages: nvme_setup_prp_simple, dma_map_bvec), blk_mq_start_request, then
     * nvme_submit_cmd with {@code last} as write_sq.
     */
    @OutOfLine("nvme_queue_rq")
    int nvmeQueueRq(BlkMqHwCtx hctx, Request req, boolean last) {
        trace.step(StepKind.CALL, "nvme_queue_rq");
        NvmeCore.nvmeSetupCmd(req, trace);
        if (req.nrPhysSegments != 0) {
            nvmeSetupPrpSimple(req);
        }
        BlkMq.blkMqStartRequest(req, trace);
        nvmeSubmitCmd(req, last);
        return Bio.BLK_STS_OK;
    }

    /** nvme_setup_prp_simple: dma_map_bvec of the request's one segment (dma_map_page_attrs, direct mapping). */
    private void nvmeSetupPrpSimple(Request req) {
        req.firstDma = dmaMapPageAttrs(req.bio.bvAddr[0]);
        req.dmaLen = req.bio.bvLen[0];
    }

    /** dma_map_page_attrs (kernel/dma/mapping.c) without an IOMMU: dma_direct_map_page, the physical address. */
    @OutOfLine("dma_map_page_attrs")
    private long dmaMapPageAttrs(long addr) {
        trace.step(StepKind.CALL, "dma_map_page_attrs");
        return addr;
    }

    /** dma_unmap_page_attrs: nothing to undo for a direct mapping. */
    @OutOfLine("dma_unmap_page_attrs")
    private void dmaUnmapPageAttrs(Request req) {
        trace.step(StepKind.CALL, "dma_unmap_page_attrs");
        req.dmaLen = 0;
    }

    /**
     * nvme_submit_cmd: under sq_lock, copy the command into the SQ slot at sq_tail, advance it,
     * and nvme_write_sq_db: the doorbell is written when {@code writeSq} or when the ring would
     * otherwise fill; the controller then runs what it was given.
     */
    private void nvmeSubmitCmd(Request req, boolean writeSq) {
        trace.step(StepKind.LOCKED, "spin_lock(sq_lock)");
        sqLock.lock();
        int slot = sqTail;
        sqCommandId[slot] = req.tag;
        sqOpcode[slot] = req.cmdOpcode;
        sqSlba[slot] = req.sector;
        sqLength[slot] = req.dataLen;
        sqPrp1[slot] = req.firstDma;
        if (++sqTail == Q_DEPTH) {
            sqTail = 0;
        }
        boolean rung = nvmeWriteSqDb(writeSq);
        sqLock.unlock();
        if (rung) {
            controllerRun();
        }
    }

    /** nvme_write_sq_db: writel(sq_tail) to the doorbell, unless another command follows and the ring has room. */
    private boolean nvmeWriteSqDb(boolean writeSq) {
        if (!writeSq) {
            int nextTail = sqTail + 1 == Q_DEPTH ? 0 : sqTail + 1;
            if (nextTail != lastSqTail) {
                return false;
            }
        }
        trace.step(StepKind.SHARED_WRITE, "writel(sq doorbell)");
        sqDb = sqTail; // writel: an uncached store the controller sees
        lastSqTail = sqTail;
        return true;
    }

    /**
     * The controller: execute every command between its SQ head and the doorbell, post each
     * CQE, and raise the interrupt of an interrupt queue. Serialised by the queue's monitor
     * (one controller per queue).
     */
    private void controllerRun() {
        synchronized (this) {
            int db = sqDb;
            long visibleAt = dev.completionNsec > 0 ? System.nanoTime() + dev.completionNsec : 0;
            while (ctrlSqHead != db) {
                int slot = ctrlSqHead;
                int status = dev.transfer(sqOpcode[slot], sqSlba[slot], sqPrp1[slot], sqLength[slot]);
                int t = ctrlCqTail;
                cqeCommandId[t] = sqCommandId[slot];
                cqeVisibleAt[t] = visibleAt;
                STATUS.setRelease(cqeStatus, t, status << 1 | ctrlPhase); // the phase last: the CQE is whole
                if (++ctrlCqTail == Q_DEPTH) {
                    ctrlCqTail = 0;
                    ctrlPhase ^= 1;
                }
                if (++ctrlSqHead == Q_DEPTH) {
                    ctrlSqHead = 0;
                }
            }
        }
        if (!polled) {
            dev.raiseIrq(this);
        }
    }

    /** nvme_cqe_pending: the CQE at cq_head carries the current phase (and, with completion_nsec, its time has come). */
    private boolean nvmeCqePending() {
        if (((int) STATUS.getAcquire(cqeStatus, cqHead) & 1) != cqPhase) {
            return false;
        }
        long at = cqeVisibleAt[cqHead];
        return at == 0 || System.nanoTime() - at >= 0;
    }

    /** nvme_poll (blk_mq_ops->poll): nothing pending is 0; else nvme_process_cq under cq_poll_lock. */
    @OutOfLine("nvme_poll")
    int nvmePoll(int cpu) {
        trace.step(StepKind.CALL, "nvme_poll");
        if (!nvmeCqePending()) {
            return 0;
        }
        trace.step(StepKind.LOCKED, "spin_lock(cq_poll_lock)");
        cqPollLock.lock();
        int found = nvmeProcessCq(cpu, false);
        cqPollLock.unlock();
        return found;
    }

    /**
     * When the CQE at cq_head, already posted, becomes visible (completion_nsec), or 0 when there
     * is none waiting: for the IRQ thread, which polls again then (IRQ thread only).
     */
    long nextVisibleAt() {
        if (((int) STATUS.getAcquire(cqeStatus, cqHead) & 1) != cqPhase) {
            return 0;
        }
        return cqeVisibleAt[cqHead];
    }

    /** nvme_irq: nvme_process_cq in hard-IRQ context; each completion runs on its request's CPU (SAME_COMP). */
    @OutOfLine("nvme_irq")
    void nvmeIrq(int cpu) {
        trace.step(StepKind.CALL, "nvme_irq");
        nvmeProcessCq(cpu, true);
    }

    /**
     * nvme_process_cq: every pending CQE in order, each handled (nvme_handle_cqe) and cq_head
     * advanced; then one CQ doorbell write for the lot.
     */
    private int nvmeProcessCq(int cpu, boolean irq) {
        int found = 0;
        while (nvmeCqePending()) {
            found++;
            nvmeHandleCqe(cqHead, cpu, irq);
            if (++cqHead == Q_DEPTH) {
                cqHead = 0;
                cqPhase ^= 1;
            }
        }
        if (found != 0) {
            trace.step(StepKind.SHARED_WRITE, "writel(cq doorbell)");
            cqDb = cqHead;
        }
        return found;
    }

    /**
     * nvme_handle_cqe: the request of the CQE's command id (blk_mq_tag_to_rq), then
     * nvme_try_complete_req: its status, and blk_mq_complete_request_remote, which for a polled
     * request completes it right here (nvme_pci_complete_rq: unmap, nvme_complete_rq) and for an
     * interrupt request too, the completion running on the submitting CPU (SAME_COMP).
     */
    private void nvmeHandleCqe(int idx, int cpu, boolean irq) {
        Request req = BlkMq.blkMqTagToRq(hctx.tags, cqeCommandId[idx], trace);
        int status = cqeStatus[idx] >>> 1;
        if (!BlkMq.blkMqCompleteRequestRemote(req, trace)) {
            nvmePciCompleteRq(req, status, irq ? req.mqCtxCpu : cpu, irq);
        }
    }

    /** nvme_pci_complete_rq: nvme_unmap_data (dma_unmap_page), then nvme_complete_rq. */
    private void nvmePciCompleteRq(Request req, int status, int cpu, boolean irq) {
        if (req.nrPhysSegments != 0) {
            dmaUnmapPageAttrs(req);
        }
        NvmeCore.nvmeCompleteRq(req, status, cpu, irq, trace);
    }
}
