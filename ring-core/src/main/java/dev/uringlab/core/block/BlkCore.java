package dev.uringlab.core.block;

import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;

/**
 * block/blk-core.c and block/blk-timeout.c (5.14): submit_bio and its checks, the queue
 * reference, plugging, blk_update_request, the (disabled) I/O accounting hooks and the request
 * timer.
 */
final class BlkCore {
    private BlkCore() {}

    /**
     * submit_bio -> submit_bio_noacct: submit_bio_checks, then (no stacked submission in
     * progress, a blk-mq disk) __submit_bio_noacct_mq: bio_queue_enter (blk_queue_enter with
     * BLK_MQ_REQ_NOWAIT for a REQ_NOWAIT bio), blk_mq_submit_bio. {@code plug} is
     * {@code current->plug}. Returns the cookie (blk_qc_t).
     */
    @OutOfLine("submit_bio")
    static int submitBio(NvmeDev dev, Bio bio, BlkPlug plug, int cpu, Trace trace) {
        trace.step(StepKind.CALL, "submit_bio");
        trace.emit(TracePoint.SUBMIT_BIO, bio.biSector, bio.biSize, (bio.biOpf & Bio.REQ_POLLED) != 0 ? 1 : 0);
        if (!submitBioChecks(dev, bio, cpu, trace)) {
            return BlkMq.BLK_QC_T_NONE;
        }
        dev.q.blkQueueEnter(cpu);
        return BlkMq.blkMqSubmitBio(dev, bio, plug, cpu, trace);
    }

    /**
     * submit_bio_checks (noinline_for_stack): should_fail_bio, then bio_check_eod (a bio past the
     * end of the device ends at once with BLK_STS_IOERR). A REQ_HIPRI bio for a queue without
     * QUEUE_FLAG_POLL loses its per-CPU cache mark, as seed 004's patch 4/6 has it (the bio must
     * not reach the cache from where it ends), but then fails with BLK_STS_NOTSUPP, as the kernel
     * the scenarios are checked against does (6.18: __submit_bio_noacct), where 5.14 cleared
     * REQ_HIPRI and let the interrupt complete it: the one 6.x rule of this block layer, on an
     * error path no race takes (a polled read always has a poll queue). Blk-throttle, blk-cgroup
     * and the block tracepoints are configured out.
     */
    @OutOfLine("submit_bio_checks")
    private static boolean submitBioChecks(NvmeDev dev, Bio bio, int cpu, Trace trace) {
        trace.step(StepKind.CALL, "submit_bio_checks");
        shouldFailBio(trace);
        if (bio.biSector + (bio.biSize >> Bio.SECTOR_SHIFT) > dev.nrSectors()) {
            bio.biStatus = Bio.BLK_STS_IOERR;
            BioSet.bioEndio(bio, cpu, false);
            return false;
        }
        if ((bio.biOpf & Bio.REQ_POLLED) != 0 && !dev.q.queueFlagPoll()) {
            bio.percpuCache(false);
            bio.biStatus = Bio.BLK_STS_NOTSUPP;
            BioSet.bioEndio(bio, cpu, false);
            return false;
        }
        return true;
    }

    /** should_fail_bio (noinline, for error injection): no fault is injected. */
    @OutOfLine("should_fail_bio")
    private static int shouldFailBio(Trace trace) {
        trace.step(StepKind.CALL, "should_fail_bio");
        return 0;
    }

    /**
     * blk_start_plug with {@code current} as current->plug: a task already plugged keeps its
     * plug (returned); else {@code plug} becomes current->plug, empty.
     */
    @OutOfLine("blk_start_plug")
    static BlkPlug blkStartPlug(BlkPlug plug, BlkPlug current, Trace trace) {
        trace.step(StepKind.CALL, "blk_start_plug");
        if (current != null && current.started) {
            return current;
        }
        plug.mqHead = null;
        plug.mqTail = null;
        plug.rqCount = 0;
        plug.started = true;
        return plug;
    }

    /** blk_finish_plug: only {@code plug} being current->plug, blk_flush_plug_list, then current->plug is NULL. */
    @OutOfLine("blk_finish_plug")
    static void blkFinishPlug(BlkPlug plug, BlkPlug current, int cpu, Trace trace) {
        trace.step(StepKind.CALL, "blk_finish_plug");
        if (plug != current) {
            return;
        }
        blkFlushPlugList(plug, cpu, trace);
        plug.started = false;
    }

    /**
     * blk_flush_plug_list: the plug callbacks (none), then blk_mq_flush_plug_list when requests
     * are held (a plug here only ever holds one device's).
     */
    @OutOfLine("blk_flush_plug_list")
    static void blkFlushPlugList(BlkPlug plug, int cpu, Trace trace) {
        trace.step(StepKind.CALL, "blk_flush_plug_list");
        if (plug.mqHead != null) {
            BlkMq.blkMqFlushPlugList(plug.mqHead.mqHctx.driverData.dev, plug, cpu, trace);
        }
    }

    /**
     * blk_update_request: the request's bio is complete (req_bio_endio: its status, then
     * bio_endio once bio_advance has consumed it), on CPU {@code cpu}.
     */
    @OutOfLine("blk_update_request")
    static boolean blkUpdateRequest(Request rq, int status, int cpu, boolean irq, Trace trace) {
        trace.step(StepKind.CALL, "blk_update_request");
        Bio bio = rq.bio;
        if (bio == null) {
            return false;
        }
        if (status != Bio.BLK_STS_OK) {
            bio.biStatus = status;
        }
        BioSet.bioEndio(bio, cpu, irq);
        return false;
    }

    /** blk_account_io_start: I/O statistics are off for the queue (iostats=0): nothing. */
    @OutOfLine("blk_account_io_start")
    static void blkAccountIoStart(Request rq, Trace trace) {
        trace.step(StepKind.CALL, "blk_account_io_start");
    }

    /** blk_account_io_done: the same, at completion. */
    @OutOfLine("blk_account_io_done")
    static void blkAccountIoDone(Request rq, Trace trace) {
        trace.step(StepKind.CALL, "blk_account_io_done");
    }

    /**
     * blk_add_timer: the request's deadline (jiffies + the queue's 30 s timeout); the queue's
     * timer is already pending for an earlier expiry, so it is not modified.
     */
    @OutOfLine("blk_add_timer")
    static void blkAddTimer(Request rq, Trace trace) {
        trace.step(StepKind.CALL, "blk_add_timer");
    }
}
