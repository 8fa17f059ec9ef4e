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
     * submit_bio: submit_bio_noacct's checks, then the device's queue. A polled bio on a queue
     * that cannot poll loses REQ_POLLED (bio_clear_polled), and with it REQ_ALLOC_CACHE unless
     * the cache is IRQ-safe (5.15's "block: clear BIO_PERCPU_CACHE flag if polling isn't
     * supported", dropped in 6.2). A bio past the end of the device fails with
     * BLK_STS_IOERR (bio_check_eod) in the submitter's context.
     */
    static void submitBio(Bio bio, int cpu) {
        NullBlk bdev = bio.biBdev;
        bdev.counters.incShared(Counter.BIO_SUBMIT);
        if ((bio.biOpf & Bio.REQ_POLLED) != 0 && !bdev.queuePoll()) {
            int clear = Bio.REQ_POLLED | (bio.biPool.cachesIrqCompletions() ? 0 : Bio.REQ_ALLOC_CACHE);
            bio.biOpf &= ~clear;
        }
        bdev.trace.emit(TracePoint.SUBMIT_BIO, bio.biSector, bio.biSize, (bio.biOpf & Bio.REQ_POLLED) != 0 ? 1 : 0);
        if (bio.biSector + (bio.biSize >> Bio.SECTOR_SHIFT) > bdev.nrSectors()) {
            bio.biStatus = Bio.BLK_STS_IOERR;
            bioEndio(bio, cpu, PutContext.TASK);
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
