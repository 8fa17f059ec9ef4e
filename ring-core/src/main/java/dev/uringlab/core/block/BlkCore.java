package dev.uringlab.core.block;

import dev.uringlab.spi.BioAllocation.PutContext;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.trace.TracePoint;

/**
 * The block core between a bio's owner and the device: submit_bio and submit_bio_noacct's
 * checks (block/blk-core.c), bio_poll (block/blk-core.c, blk_poll before 5.16) and
 * bio_endio (block/bio.c).
 */
final class BlkCore {
    private BlkCore() {}

    /**
     * submit_bio: a polled bio for a queue that cannot poll fails with BLK_STS_NOTSUPP
     * (-EOPNOTSUPP), as in the kernel checked here (6.18: __submit_bio / submit_bio_noacct);
     * 5.15 instead cleared REQ_POLLED and the bio's cache flag (bio_clear_polled, the series'
     * "block: clear BIO_PERCPU_CACHE flag if polling isn't supported") and let the interrupt
     * complete it. A bio past the end of the device fails with BLK_STS_IOERR (bio_check_eod).
     * Either failure ends the bio at once, in the submitter's task context: a polled bio's put
     * there is the poller's own (POLLED: task context with REQ_POLLED, which is what 6.2's cache
     * looks at), any other TASK.
     */
    static void submitBio(Bio bio, int cpu) {
        NullBlk bdev = bio.biBdev;
        PutContext failed = (bio.biOpf & Bio.REQ_POLLED) != 0 ? PutContext.POLLED : PutContext.TASK;
        bdev.counters.incShared(Counter.BIO_SUBMIT);
        bdev.trace.emit(TracePoint.SUBMIT_BIO, bio.biSector, bio.biSize, (bio.biOpf & Bio.REQ_POLLED) != 0 ? 1 : 0);
        if ((bio.biOpf & Bio.REQ_POLLED) != 0 && !bdev.queuePoll()) {
            bio.biStatus = Bio.BLK_STS_NOTSUPP;
            bioEndio(bio, cpu, failed);
            return;
        }
        if (bio.biSector + (bio.biSize >> Bio.SECTOR_SHIFT) > bdev.nrSectors()) {
            bio.biStatus = Bio.BLK_STS_IOERR;
            bioEndio(bio, cpu, failed);
            return;
        }
        bdev.nullQueueBio(bio, cpu);
    }

    /**
     * bio_poll: a bio whose cookie names a poll queue has that queue polled (blk_mq_poll ->
     * null_poll), which completes whatever is done there, this bio or others; a bio on a queue
     * that cannot poll (BLK_QC_T_NONE) returns 0.
     */
    static int bioPoll(Bio bio, int cpu) {
        int cookie = bio.biCookie;
        NullBlk bdev = bio.biBdev;
        if (cookie == Bio.BLK_QC_T_NONE || bdev == null) {
            return 0;
        }
        return bdev.nullPoll(cookie, cpu);
    }

    /** bio_endio: the device is done; the owner's bi_end_io runs in {@code context} on {@code cpu}. */
    static void bioEndio(Bio bio, int cpu, PutContext context) {
        bio.biBdev.trace.emit(TracePoint.BIO_ENDIO, bio.biSector, bio.biStatus, context == PutContext.IRQ ? 1 : 0);
        bio.biEndIo.biEndIo(bio, cpu, context);
    }
}
