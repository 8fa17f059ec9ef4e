package dev.uringlab.core.block;

import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.BioAllocation.PutContext;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;

/**
 * {@code struct bio_set} (block/bio.c), the block device direct-IO pool
 * ({@code blkdev_dio_pool}, front_pad struct blkdev_dio), and the bio functions of block/bio.c
 * a direct read or write goes through: the allocation (bio_alloc_bioset in 5.14,
 * bio_alloc_kiocb with seed 004's series), bio_iov_iter_get_pages, bio_endio and bio_put.
 * Where a bio comes from and goes back to is the {@code bio-alloc} strategy's decision (its
 * methods are bio_alloc_bioset or bio_alloc_kiocb, and bio_free or the per-CPU cache), which
 * the set does not re-check; the strategy reaches the bio slab through the set's mempool.
 *
 * <p>Threads: allocations run on the submitter; puts on the completing thread (the poller,
 * or the device's IRQ thread). The strategy states its own rules; the counters are bumped
 * with {@code incShared}.
 */
public final class BioSet {
    /** Debug checks (BUG_ON) run where tracing is compiled in (tests, the CLI), never in a JMH fork. */
    private static final boolean BUG_ON = Trace.COMPILED;

    private final BioAllocation cache;
    private final Counters counters;
    final Trace trace;
    /** 6.2+: io_uring asks for the cache on every read/write, not only on IOPOLL rings. */
    private final boolean irqCache;

    public BioSet(BioAllocation cache, Counters counters, Trace trace) {
        this.cache = cache;
        this.counters = counters;
        this.trace = trace;
        this.irqCache = cache.cachesIrqCompletions();
    }

    /**
     * BIOSET_PERCPU_CACHE: the set has a per-CPU cache (seed 004's patch 6/6 makes blkdev_dio_pool
     * with one), which io_uring asks for on its polled reads and writes (patch 5/6).
     */
    public boolean percpuCache() {
        return cache.cacheLimit() > 0;
    }

    /** Whether the cache takes bios of IO that is not polled (6.2's IRQ-safe cache). */
    public boolean cachesIrqCompletions() {
        return irqCache;
    }

    /**
     * The allocation __blkdev_direct_IO makes: a bio for {@code nrVecs} segments on CPU
     * {@code cpu} from the strategy (bio_alloc_bioset, or bio_alloc_kiocb looking at
     * IOCB_ALLOC_CACHE), then bio_init for {@code bdev} with {@code opf}; a bio the cache handed
     * out keeps its cache mark.
     */
    Bio bioAllocKiocb(Kiocb iocb, NvmeDev bdev, int nrVecs, int opf, int cpu) {
        boolean allocCache = (iocb.kiFlags & Kiocb.IOCB_ALLOC_CACHE) != 0;
        Bio bio = (Bio) cache.bioAlloc(cpu, nrVecs, allocCache);
        if (BUG_ON) {
            if (bio.inFlight) {
                throw new IllegalStateException("BUG: the bio-alloc strategy handed out a bio still in flight: " + bio);
            }
            bio.inFlight = true;
        }
        int cacheBit = bio.biOpf & Bio.REQ_ALLOC_CACHE; // set by the strategy: the bio is the cache's
        if (nrVecs > Bio.BIO_INLINE_VECS) {
            bio.bioInitTable(bdev, opf | cacheBit, nrVecs); // bvec_alloc
        } else {
            bio.bioInit(bdev, opf | cacheBit);
        }
        bio.biPool = this;
        counters.incShared(Counter.BIO_ALLOC);
        return bio;
    }

    /**
     * bio_iov_iter_get_pages for the buffer of {@code len} bytes at {@code addr}, one segment per
     * page it spans: the application's pages, taken as they are (a registered buffer's bvec,
     * bio_iov_bvec_set: no page references), then iov_iter_advance over them.
     */
    @OutOfLine("bio_iov_iter_get_pages")
    static void bioIovIterGetPages(Bio bio, long addr, int len, Trace trace) {
        trace.step(StepKind.CALL, "bio_iov_iter_get_pages");
        long a = addr;
        long end = addr + len;
        while (a < end) {
            long pageEnd = (a / 4096 + 1) * 4096;
            int seg = (int) (Math.min(pageEnd, end) - a);
            bio.bvAddr[bio.biVcnt] = a;
            bio.bvLen[bio.biVcnt] = seg;
            bio.biVcnt++;
            bio.biSize += seg;
            a += seg;
        }
        iovIterAdvance(trace);
    }

    /** iov_iter_advance (lib/iov_iter.c) over the whole bvec iter. */
    @OutOfLine("iov_iter_advance")
    private static void iovIterAdvance(Trace trace) {
        trace.step(StepKind.CALL, "iov_iter_advance");
    }

    /**
     * bio_endio: not a chained bio, so done; bio_uninit is left to bio_put (5.14 calls it here:
     * the same work), then bi_end_io on CPU {@code cpu}: in IRQ context when {@code irq}, else in
     * the poller's task context (POLLED) or, for a bio that failed at submission, the
     * submitter's.
     */
    @OutOfLine("bio_endio")
    static void bioEndio(Bio bio, int cpu, boolean irq) {
        Trace trace = bio.biPool.trace;
        trace.step(StepKind.CALL, "bio_endio");
        PutContext context = irq ? PutContext.IRQ : (bio.biOpf & Bio.REQ_POLLED) != 0 ? PutContext.POLLED : PutContext.TASK;
        trace.emit(TracePoint.BIO_ENDIO, bio.biSector, bio.biStatus, irq ? 1 : 0);
        if (irq) {
            bio.biPool.counters.incShared(Counter.BIO_IRQ_COMPLETE);
        }
        bio.biEndIo.biEndIo(bio, cpu, context);
    }

    /**
     * bio_put: not BIO_REFFED, so the last reference: bio_uninit, then the strategy puts it back
     * (to its cache, or bio_free to the mempool) on CPU {@code cpu} in {@code context}.
     */
    @OutOfLine("bio_put")
    void bioPut(Bio bio, int cpu, PutContext context) {
        trace.step(StepKind.CALL, "bio_put");
        if (BUG_ON) {
            if (!bio.inFlight) {
                throw new IllegalStateException("BUG: bio_put of a bio already put: " + bio);
            }
            bio.inFlight = false;
        }
        bio.bioUninit();
        counters.incShared(Counter.BIO_PUT);
        cache.bioPut(bio, cpu, context);
    }
}
