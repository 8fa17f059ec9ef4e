package dev.uringlab.core.block;

/**
 * {@code struct kiocb} (include/linux/fs.h): the file position, the IOCB_* flags and the
 * completion of one asynchronous read or write. io_uring embeds one in each READ/WRITE
 * request ({@code struct io_rw}) and sets {@link #IOCB_HIPRI} and {@link #IOCB_ALLOC_CACHE}
 * on an IOPOLL ring (io_rw_init_file); the block device's direct IO turns them into
 * REQ_POLLED and REQ_ALLOC_CACHE on the bio, and keeps the bio in {@link #kiPrivate} for
 * {@code iocb_bio_iopoll}.
 *
 * <p>Threads: the submitter owns it; {@link #kiComplete} runs on the completing thread (the
 * poller, or the device's IRQ thread), which clears {@code kiPrivate} before it.
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
    /** kiocb->private: the bio in flight, for iocb_bio_iopoll (WRITE_ONCE/READ_ONCE: volatile). */
    volatile Bio kiPrivate;
}
