package dev.uringlab.core.block;

import dev.uringlab.core.mm.SlabObject;

/**
 * {@code struct bio} (include/linux/blk_types.h) inside its {@code struct blkdev_dio}
 * (fs/block_dev.c, 5.14: the bio_set's front_pad), as the bio slab makes it. {@code bi_iter}
 * is {@link #biSector}/{@link #biSize}; the bio_vecs are (address, length) pairs of the
 * application's buffer, BIO_INLINE_VECS of them inline ({@code bi_inline_vecs}) and a separate
 * table for more ({@code bvec_alloc}); {@code bi_opf} carries the op and REQ_HIPRI
 * ({@link #REQ_POLLED}), REQ_NOWAIT and the per-CPU cache mark (5.15's BIO_PERCPU_CACHE, a
 * bi_flags bit there; 6.x's REQ_ALLOC_CACHE); {@code bi_end_io} and {@code bi_private} are the
 * owner's completion.
 *
 * <p>Threads. The submitter fills it; from submit_bio the device owns it until
 * {@code bi_end_io}, which runs on the completing thread (the poller, or the device's IRQ
 * thread); {@code bio_put} hands it back to the bio_set there. Plain fields: every hand-over
 * is a queue, a lock or a task-work add.
 */
public final class Bio extends SlabObject implements dev.uringlab.spi.Bio {
    /** BIO_INLINE_VECS: the bio_vecs a bio carries inline. */
    public static final int BIO_INLINE_VECS = 4;
    /** REQ_OP_READ. */
    public static final int REQ_OP_READ = 0;
    /** REQ_OP_WRITE. */
    public static final int REQ_OP_WRITE = 1;
    /** REQ_OP_MASK: the op bits of bi_opf. */
    static final int REQ_OP_MASK = 0xff;
    /** REQ_HIPRI (5.14; REQ_POLLED from 5.16): the submitter will poll for the completion. */
    public static final int REQ_POLLED = 1 << 8;
    /** BIO_PERCPU_CACHE (5.15, in bi_flags) / REQ_ALLOC_CACHE (6.x): the bio belongs to a per-CPU cache. */
    public static final int REQ_ALLOC_CACHE = 1 << 9;
    /** REQ_NOWAIT: the submitter cannot block (IOCB_NOWAIT). */
    public static final int REQ_NOWAIT = 1 << 10;
    /** BLK_STS_OK. */
    public static final int BLK_STS_OK = 0;
    /** BLK_STS_NOTSUPP: blk_status_to_errno gives -EOPNOTSUPP. */
    public static final int BLK_STS_NOTSUPP = 1;
    /** BLK_STS_IOERR: blk_status_to_errno gives -EIO. */
    public static final int BLK_STS_IOERR = 10;
    /** BLK_STS_AGAIN: -EAGAIN (no tag for a REQ_NOWAIT bio). */
    public static final int BLK_STS_AGAIN = 12;
    /** SECTOR_SHIFT. */
    public static final int SECTOR_SHIFT = 9;

    /**
     * {@code bio->bi_end_io}. The kernel's callback reads smp_processor_id() and in_hardirq()
     * from the CPU it runs on; here the completer passes them: the emulated CPU and the context.
     */
    @FunctionalInterface
    public interface BioEndIo {
        void biEndIo(Bio bio, int cpu, dev.uringlab.spi.BioAllocation.PutContext context);
    }

    private final long[] inlineAddr = new long[BIO_INLINE_VECS];
    private final int[] inlineLen = new int[BIO_INLINE_VECS];

    /** bi_io_vec: the table in use (the inline one, or a bvec_alloc'd one). */
    long[] bvAddr = inlineAddr;
    int[] bvLen = inlineLen;
    /** bi_vcnt, bi_max_vecs. */
    int biVcnt;
    int biMaxVecs = BIO_INLINE_VECS;
    /** bi_opf. */
    public int biOpf;
    /** bi_status. */
    public int biStatus;
    /** bi_iter.bi_sector, bi_iter.bi_size. */
    public long biSector;
    public int biSize;
    /** bi_bdev: the device it is submitted to. */
    NvmeDev biBdev;
    /** bi_end_io, bi_private. */
    public BioEndIo biEndIo;
    public Object biPrivate;
    /** bi_pool: the bio_set it goes back to. */
    BioSet biPool;
    /** struct blkdev_dio around the bio: iocb, size, multi_bio, should_dirty, is_sync. */
    Kiocb dioIocb;
    long dioSize;
    boolean dioMultiBio;
    boolean dioShouldDirty;
    boolean dioIsSync;
    /** Handed out by the bio_set and not yet put: BioSet's BUG_ON against a double put (checked where tracing is compiled in). */
    boolean inFlight;

    /**
     * bio_init: a clean bio on the inline table with room for {@code maxVecs} (at most
     * BIO_INLINE_VECS). As 5.14 has it a memset of the struct then the table; seed 004's patch 1/6
     * stores each field instead: the same fields end up zero either way, and neither is a costed
     * step (both inline stores, see the recipe).
     */
    void bioInit(NvmeDev bdev, int opf) {
        bvAddr = inlineAddr;
        bvLen = inlineLen;
        biMaxVecs = BIO_INLINE_VECS;
        biVcnt = 0;
        biOpf = opf;
        biStatus = BLK_STS_OK;
        biSector = 0;
        biSize = 0;
        biBdev = bdev;
        biEndIo = null;
        biPrivate = null;
    }

    /** bio_init with a bvec_alloc'd table of {@code nrVecs} (more than BIO_INLINE_VECS). */
    void bioInitTable(NvmeDev bdev, int opf, int nrVecs) {
        bioInit(bdev, opf);
        bvAddr = new long[nrVecs];
        bvLen = new int[nrVecs];
        biMaxVecs = nrVecs;
    }

    /** bio_uninit: drop what the IO held (the owner's completion, the device). */
    void bioUninit() {
        biEndIo = null;
        biPrivate = null;
        biBdev = null;
        dioIocb = null;
    }

    /** bio_add_page: one more segment of {@code len} bytes at native address {@code addr}. */
    void bioAddPage(long addr, int len) {
        bvAddr[biVcnt] = addr;
        bvLen[biVcnt] = len;
        biVcnt++;
        biSize += len;
    }

    /** bio_op. */
    public int bioOp() {
        return biOpf & REQ_OP_MASK;
    }

    @Override
    public int maxVecs() {
        return biMaxVecs;
    }

    /** REQ_ALLOC_CACHE (5.15: BIO_PERCPU_CACHE). */
    @Override
    public boolean percpuCache() {
        return (biOpf & REQ_ALLOC_CACHE) != 0;
    }

    @Override
    public void percpuCache(boolean cached) {
        biOpf = cached ? biOpf | REQ_ALLOC_CACHE : biOpf & ~REQ_ALLOC_CACHE;
    }

    @Override
    public String toString() {
        return "bio(sector=" + biSector + ", size=" + biSize + ", opf=0x" + Integer.toHexString(biOpf) + ")";
    }
}
