package dev.uringlab.strategy.biocache;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;

/**
 * Bio allocation as of kernel 5.15, after "Enable bio recycling for polled IO" (seed 004,
 * v5, Jens Axboe): the bio_set keeps a per-CPU list of freed bios ({@code struct
 * bio_alloc_cache}: {@code free_list}, {@code nr}). A bio for a kiocb flagged
 * IOCB_ALLOC_CACHE (io_uring sets it, with IOCB_HIPRI, on IOPOLL rings) that needs at most
 * BIO_INLINE_VECS vecs comes from the list of the CPU it is allocated on, LIFO, and is
 * marked BIO_PERCPU_CACHE; a miss takes one from the mempool and marks it all the same. A
 * marked bio's last put goes to the list of the CPU it is put on; when that list passes
 * ALLOC_CACHE_MAX + ALLOC_CACHE_SLACK (576), ALLOC_CACHE_SLACK (64) bios are pruned to the
 * slab. Every other bio comes from and goes back to the mempool, as in 5.14.
 *
 * <p>Trade-off: the cache is not IRQ-safe, which is why it serves polled IO only (the
 * submitter itself reaps in io_do_iopoll, in task context, on its own CPU): submit_bio
 * clears the mark when the queue cannot poll, and interrupt-driven reads gain nothing. Each
 * CPU may hold up to 576 idle bios per bio_set, given back only by pruning or when the CPU
 * dies.
 *
 * <p>The emulated kernel paths:
 * <ul>
 *   <li>{@link #bioAlloc}: {@code bio_alloc_kiocb} (block/bio.c, 5.15);</li>
 *   <li>{@link #bioPut}: {@code bio_put} with BIO_PERCPU_CACHE, and {@code bio_free};</li>
 *   <li>{@link #bioCpuDead}: {@code bio_cpu_dead}, the CPUHP_BIO_DEAD callback
 *       ({@code bio_alloc_cache_prune(cache, -1U)}).</li>
 * </ul>
 *
 * <p>Threading: a CPU's list is touched only by the thread running on that CPU in task
 * context (get_cpu/put_cpu: preemption off, so never two at once), hence plain fields. The
 * emulator's one exception, a put in IRQ context of a bio still marked (which 5.15 never
 * makes: submit_bio cleared the mark), frees it to the mempool rather than touch a list
 * another thread owns. The mempool is thread-safe.
 */
public final class PercpuBioCache implements BioAllocation {
    /** The alias on the bio-alloc axis. */
    public static final String ALIAS = "percpu-cache";
    /** ALLOC_CACHE_MAX (block/bio.c, 5.15). */
    public static final int ALLOC_CACHE_MAX = 512;
    /** ALLOC_CACHE_SLACK. */
    public static final int ALLOC_CACHE_SLACK = 64;
    /** BIO_INLINE_VECS: a bio needing more vecs bypasses the cache. */
    static final int BIO_INLINE_VECS = 4;

    private final KmemCache<Bio> bioPool;
    private final Counters counters;
    private final Trace trace;
    /** bs->cache: one list per possible CPU, made on the CPU's first use. */
    private final BioFreeList[] cache = new BioFreeList[Cpus.NR_CPU_IDS];

    PercpuBioCache(KmemCache<Bio> bioPool, Counters counters, Trace trace) {
        this.bioPool = bioPool;
        this.counters = counters;
        this.trace = trace;
    }

    /** per_cpu_ptr(bs->cache, cpu). */
    private BioFreeList cache(int cpu) {
        BioFreeList c = cache[cpu];
        if (c == null) {
            c = cache[cpu] = new BioFreeList(ALLOC_CACHE_MAX + ALLOC_CACHE_SLACK + 1);
        }
        return c;
    }

    /**
     * bio_alloc_kiocb: without IOCB_ALLOC_CACHE, or for more than BIO_INLINE_VECS vecs,
     * bio_alloc_bioset from the mempool; else pop this CPU's list (a hit), or take one from
     * the mempool (a miss); either way it is marked BIO_PERCPU_CACHE.
     */
    @Override
    @OutOfLine("bio_alloc_kiocb")
    public Bio bioAlloc(int cpu, int nrVecs, boolean allocCache) {
        trace.step(StepKind.CALL, "bio_alloc_kiocb");
        if (!allocCache || nrVecs > BIO_INLINE_VECS) {
            Bio bio = bioPool.kmemCacheAlloc(cpu);
            trace.emit(TracePoint.BIO_ALLOC, cpu, 0);
            return bio;
        }
        Bio bio = cache(cpu).pop();
        if (bio != null) {
            counters.incShared(Counter.BIO_CACHE_HIT);
            trace.emit(TracePoint.BIO_ALLOC, cpu, 1);
        } else {
            counters.incShared(Counter.BIO_CACHE_MISS);
            bio = bioPool.kmemCacheAlloc(cpu);
            trace.emit(TracePoint.BIO_ALLOC, cpu, 0);
        }
        bio.percpuCache(true);
        return bio;
    }

    /**
     * bio_put: a BIO_PERCPU_CACHE bio goes to the head of this CPU's list, and a list past
     * ALLOC_CACHE_MAX + ALLOC_CACHE_SLACK is pruned by ALLOC_CACHE_SLACK; any other bio is
     * bio_free'd to the mempool.
     */
    @Override
    public void bioPut(Bio bio, int cpu, PutContext context) {
        if (!bio.percpuCache() || context == PutContext.IRQ) {
            bioPool.kmemCacheFree(bio, cpu);
            trace.emit(TracePoint.BIO_PUT, cpu, 0);
            return;
        }
        BioFreeList c = cache(cpu);
        c.push(bio);
        trace.emit(TracePoint.BIO_PUT, cpu, 1);
        if (c.nr > ALLOC_CACHE_MAX + ALLOC_CACHE_SLACK) {
            trace.emit(TracePoint.BIO_ALLOC_CACHE_PRUNE, cpu, c.prune(bioPool, ALLOC_CACHE_SLACK, cpu));
        }
    }

    @Override
    public int cached(int cpu) {
        BioFreeList c = cache[cpu];
        return c == null ? 0 : c.nr;
    }

    @Override
    public int cacheLimit() {
        return ALLOC_CACHE_MAX + ALLOC_CACHE_SLACK;
    }

    /** bio_cpu_dead: the dead CPU's whole list back to the mempool. */
    @Override
    public void bioCpuDead(int cpu) {
        BioFreeList c = cache[cpu];
        if (c != null) {
            trace.emit(TracePoint.BIO_ALLOC_CACHE_PRUNE, cpu, c.prune(bioPool, Integer.MAX_VALUE, cpu));
        }
    }

    /** Registers alias {@value #ALIAS} on axis {@code bio-alloc}. */
    public static final class Provider extends AbstractStrategyProvider<BioAllocation> {
        public Provider() {
            // Replaced in 6.2 by the IRQ-safe cache (IrqSafePercpuBioCache).
            super(Axis.BIO_ALLOC, ALIAS, "5.15", Mainline.between("5.15", "6.2"),
                    "polled-IO bios recycled through a per-CPU LIFO list in the bio_set (max 512, pruned by 64 past 576)"
                        + " instead of the slab",
                    ctx -> new PercpuBioCache(ctx.bioSlab(), ctx.counters(), ctx.trace()));
            raceContext("linux-5.14");
            raceOn("polled-reads");
        }
    }
}
