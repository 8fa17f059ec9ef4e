package dev.uringlab.core.block;

/**
 * {@code struct kiocb} (include/linux/fs.h): the file position, the IOCB_* flags and the
 * completion of one asynchronous read or write. io_uring embeds one in each READ/WRITE
 * request ({@code struct io_rw}) and sets {@link #IOCB_HIPRI} and {@link #IOCB_ALLOC_CACHE}
 * on an IOPOLL ring (io_prep_rw); the block device's direct IO turns them into REQ_HIPRI and
 * the bio's cache mark, and keeps the cookie of the polled bio in {@link #kiCookie} for
 * {@code blkdev_iopoll} (5.14: {@code ki_cookie}).
 *
 * <p>Threads: the submitter owns it; {@link #kiComplete} runs on the completing thread (the
 * poller, or the device's IRQ thread).
 */
public class Kiocb {
    /** IOCB_HIPRI (RWF_HIPRI): the submitter polls for the completion. */
    public static final int IOCB_HIPRI = 1 << 0;
    /** IOCB_DIRECT: O_DIRECT. */
    public static final int IOCB_DIRECT = 1 << 17;
    /** IOCB_WRITE. */
    public static final int IOCB_WRITE = 1 << 18;
    /** IOCB_NOWAIT (RWF_NOWAIT, or io_uring's first non-blocking attempt). */
    public static final int IOCB_NOWAIT = 1 << 20;
    /** IOCB_ALLOC_CACHE (5.15, seed 004): the bio may come from and go back to the per-CPU cache. */
    public static final int IOCB_ALLOC_CACHE = 1 << 21;

    /** {@code kiocb->ki_complete}. */
    @FunctionalInterface
    public interface KiComplete {
        void kiComplete(Kiocb iocb, long res);
    }

    /** ki_flags. */
    public int kiFlags;
    /** ki_pos. */
    public long kiPos;
    /** ki_complete. */
    public KiComplete kiComplete;
    /** ki_cookie: the polled bio's blk_qc_t (WRITE_ONCE after submit_bio, READ_ONCE in blkdev_iopoll: volatile). */
    volatile int kiCookie = BlkMq.BLK_QC_T_NONE;
    /**
     * {@code current->plug} of the task issuing the IO (io_uring's submit-state plug, started in
     * io_init_req when more reads or writes follow), or null: task state the kernel reads from
     * {@code current}, carried here with the IO.
     */
    public BlkPlug currentPlug;
}
