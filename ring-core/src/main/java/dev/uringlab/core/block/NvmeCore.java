package dev.uringlab.core.block;

import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * drivers/nvme/host/core.c (5.14): nvme_setup_cmd (the read or write command for a request:
 * nvme_setup_rw) and nvme_complete_rq (nvme_end_req: blk_mq_end_request with the status).
 */
final class NvmeCore {
    /** nvme_cmd_read, nvme_cmd_write. */
    static final int NVME_CMD_WRITE = 0x01;
    static final int NVME_CMD_READ = 0x02;
    /** NVME_SC_SUCCESS; anything else ends the request with BLK_STS_IOERR (nvme_error_status). */
    static final int NVME_SC_SUCCESS = 0;
    static final int NVME_SC_LBA_RANGE = 0x80;

    private NvmeCore() {}

    /** nvme_setup_cmd: a fresh command (nvme_clear_nvme_request, memset), nvme_setup_rw, command_id = rq->tag. */
    @OutOfLine("nvme_setup_cmd")
    static void nvmeSetupCmd(Request req, Trace trace) {
        trace.step(StepKind.CALL, "nvme_setup_cmd");
        req.cmdOpcode = req.bio.bioOp() == Bio.REQ_OP_WRITE ? NVME_CMD_WRITE : NVME_CMD_READ;
        req.firstDma = 0;
    }

    /**
     * nvme_complete_rq: nvme_cleanup_cmd (nothing for a read or write), the disposition
     * (COMPLETE: no retries here), then nvme_end_req: blk_mq_end_request with the status's
     * blk_status_t, on CPU {@code cpu}, in IRQ context when {@code irq}.
     */
    @OutOfLine("nvme_complete_rq")
    static void nvmeCompleteRq(Request req, int status, int cpu, boolean irq, Trace trace) {
        trace.step(StepKind.CALL, "nvme_complete_rq");
        BlkMq.blkMqEndRequest(req, status == NVME_SC_SUCCESS ? Bio.BLK_STS_OK : Bio.BLK_STS_IOERR, cpu, irq, trace);
    }
}
