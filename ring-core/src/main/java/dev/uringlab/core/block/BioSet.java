package dev.uringlab.core.block;

import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.BioAllocation.PutContext;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;

/**
 * {@code struct bio_set} (block/bio.c), the block device direct-IO pool
 * ({@code blkdev_dio_pool}, made with BIOSET_PERCPU_CACHE): its mempool over the bio slab
 * (the reserve is filled at boot and used only when the slab fails, which the JVM heap never
 * does, so every mempool call reaches the slab: {@code StrategyContext.bioSlab()}) and, through
 * the {@code bio-alloc} strategy, its per-CPU cache
 * ({@code bs->cache}). bio_alloc_kiocb / bio_alloc_bioset and bio_put are here; where a bio
 * comes from and goes back to is the strategy's decision, which the set does not re-check.
 *
 * <p>Threads: allocations run on the submitter; puts on the completing thread (the poller,
 * or the device's IRQ thread). The strategy states its own rules; the counters are bumped
 * with {@code incShared}.
 */
public final class BioSet {
    private final BioAllocation cache;
    private final Counters counters;
    /** 6.2+: io_uring asks for the cache on every read/write, not only on IOPOLL rings. */
    private final boolean irqCache;

    public BioSet(BioAllocation cache, Counters counters) {
        this.cache = cache;
        this.counters = counters;
        this.irqCache = cache.cachesIrqCompletions();
    }

    /** Whether the cache takes bios of IO that is not polled (6.2's IRQ-safe cache). */
    public boolean cachesIrqCompletions() {
        return irqCache;
    }

    /**
     * bio_alloc_kiocb (5.15) / bio_alloc_bioset with REQ_ALLOC_CACHE (5.16+): a bio for
     * {@code nrVecs} segments on the calling CPU, initialised for {@code bdev} with
     * {@code opf}; the strategy decides whether it comes from the per-CPU cache (then it
     * carries REQ_ALLOC_CACHE) or from the mempool.
     */
    Bio bioAllocKiocb(Kiocb iocb, NullBlk bdev, int nrVecs, int opf, int cpu) {
        boolean allocCache = (iocb.kiFlags & Kiocb.IOCB_ALLOC_CACHE) != 0;
        Bio bio = (Bio) cache.bioAlloc(cpu, nrVecs, allocCache);
        if (bio.inFlight) {
            throw new IllegalStateException("BUG: the bio-alloc strategy handed out a bio still in flight: " + bio);
        }
        bio.inFlight = true;
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
     * bio_put reaching the end of the bio's life: bio_uninit, then the strategy puts it back
     * (to its cache, or bio_free to the mempool) on CPU {@code cpu} in {@code context}.
     */
    void bioPut(Bio bio, int cpu, PutContext context) {
        if (!bio.inFlight) {
            throw new IllegalStateException("BUG: bio_put of a bio already put: " + bio);
        }
        bio.inFlight = false;
        bio.bioUninit();
        counters.incShared(Counter.BIO_PUT);
        cache.bioPut(bio, cpu, context);
    }
}
