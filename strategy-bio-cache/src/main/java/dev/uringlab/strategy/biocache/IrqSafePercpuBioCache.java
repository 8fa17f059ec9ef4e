package dev.uringlab.strategy.biocache;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;

/**
 * Bio allocation as of kernel 6.2, after Pavel Begunkov's "bio: add pcpu caching for
 * non-polling bio_put", "bio: shrink max number of pcpu cached bios" and "io_uring/rw:
 * enable bio caches for IRQ rw": the per-CPU cache of seed 004 made IRQ-safe and used for
 * every io_uring read and write. Each CPU has two lists: {@code free_list} for bios of polled
 * IO put in task context, and {@code free_list_irq} for every other put (the completion
 * interrupt), taken with interrupts off. A put is refused (bio_free) once the two hold more
 * than ALLOC_CACHE_MAX (256) together, so no pruning is needed. An allocation pops
 * {@code free_list}; when it is empty and {@code nr_irq} has reached ALLOC_CACHE_THRESHOLD
 * (16), the IRQ list is spliced onto it first (bio_alloc_irq_cache_splice); else a miss goes
 * to the mempool and the bio still joins the cache at its put (REQ_ALLOC_CACHE).
 *
 * <p>Trade-off: interrupt-driven IO recycles bios too, at the price of an interrupts-off
 * section per IRQ put and per splice; the threshold keeps the allocator from splicing for a
 * handful of bios, so up to 15 IRQ-freed bios can sit idle while the task list is refilled
 * from the mempool. A bio freed by an interrupt on another CPU stays on that CPU.
 *
 * <p>The emulated kernel paths:
 * <ul>
 *   <li>{@link #bioAlloc}: {@code bio_alloc_bioset} with REQ_ALLOC_CACHE and
 *       {@code bio_alloc_percpu_cache} (block/bio.c, 6.2);</li>
 *   <li>{@link #bioPut}: {@code bio_put} and {@code bio_put_percpu_cache};</li>
 *   <li>{@code spliceIrq}: {@code bio_alloc_irq_cache_splice};</li>
 *   <li>{@link #bioCpuDead}: {@code bio_cpu_dead}: {@code bio_alloc_cache_prune(cache, -1U)},
 *       the task list, then the spliced IRQ list.</li>
 * </ul>
 *
 * <p>Threading: a CPU's {@code free_list} and {@code nr} belong to the thread running on that
 * CPU in task context (plain fields). Its {@code free_list_irq} is also pushed by the CPU's
 * interrupt, which in the emulator is another thread (the device's IRQ thread playing that
 * CPU): pushes and the splice hold the list's monitor, as the kernel holds interrupts off
 * (local_irq_save), and {@code nr_irq} is read without it (READ_ONCE: volatile).
 */
public final class IrqSafePercpuBioCache implements BioAllocation {
    /** The alias on the bio-alloc axis. */
    public static final String ALIAS = "percpu-cache-irq";
    /** ALLOC_CACHE_MAX (block/bio.c, 6.2). */
    public static final int ALLOC_CACHE_MAX = 256;
    /** ALLOC_CACHE_THRESHOLD: the IRQ list is spliced only once it holds this many. */
    public static final int ALLOC_CACHE_THRESHOLD = 16;

    private final KmemCache<Bio> bioPool;
    private final Counters counters;
    private final Trace trace;
    /** bs->cache, made on each CPU's first use (by the thread on that CPU, or under the IRQ lock). */
    private final PerCpu[] cache = new PerCpu[Cpus.NR_CPU_IDS];

    /** struct bio_alloc_cache of one CPU. */
    private static final class PerCpu {
        /** free_list, nr: task context only. */
        final BioFreeList freeList = new BioFreeList(ALLOC_CACHE_MAX + 2);
        /** free_list_irq, guarded by this PerCpu's monitor (local_irq_save). */
        final BioFreeList freeListIrq = new BioFreeList(ALLOC_CACHE_MAX + 2);
        /** nr_irq: written under the monitor, read as READ_ONCE. */
        volatile int nrIrq;
    }

    IrqSafePercpuBioCache(KmemCache<Bio> bioPool, Counters counters, Trace trace) {
        this.bioPool = bioPool;
        this.counters = counters;
        this.trace = trace;
    }

    /** per_cpu_ptr(bs->cache, cpu); alloc_percpu made them all, here the first user does (double-checked under the array's monitor; the lists are final fields). */
    private PerCpu cache(int cpu) {
        PerCpu c = cache[cpu];
        if (c == null) {
            synchronized (cache) {
                c = cache[cpu];
                if (c == null) {
                    c = cache[cpu] = new PerCpu();
                }
            }
        }
        return c;
    }

    /**
     * bio_alloc_bioset with REQ_ALLOC_CACHE: for at most BIO_INLINE_VECS vecs, pop this
     * CPU's free_list (splicing the IRQ list in first when the free_list is empty and
     * nr_irq &gt;= ALLOC_CACHE_THRESHOLD); a miss, or a bio with more vecs, comes from the
     * mempool, and only the miss keeps REQ_ALLOC_CACHE.
     */
    @Override
    @OutOfLine("bio_alloc_bioset")
    public Bio bioAlloc(int cpu, int nrVecs, boolean allocCache) {
        trace.step(StepKind.CALL, "bio_alloc_bioset");
        if (allocCache && nrVecs <= PercpuBioCache.BIO_INLINE_VECS) {
            PerCpu c = cache(cpu);
            if (c.freeList.nr == 0 && c.nrIrq >= ALLOC_CACHE_THRESHOLD) {
                spliceIrq(c, cpu);
            }
            Bio bio = c.freeList.pop();
            if (bio != null) {
                counters.incShared(Counter.BIO_CACHE_HIT);
                trace.emit(TracePoint.BIO_ALLOC, cpu, 1);
                bio.percpuCache(true);
                return bio;
            }
            counters.incShared(Counter.BIO_CACHE_MISS);
        }
        Bio bio = bioPool.kmemCacheAlloc(cpu);
        bio.percpuCache(allocCache && nrVecs <= PercpuBioCache.BIO_INLINE_VECS);
        trace.emit(TracePoint.BIO_ALLOC, cpu, 0);
        return bio;
    }

    /** bio_alloc_irq_cache_splice: the (empty) free_list takes the whole IRQ list, interrupts off. */
    private void spliceIrq(PerCpu c, int cpu) {
        int n;
        synchronized (c) {
            n = c.nrIrq;
            c.freeList.takeAll(c.freeListIrq);
            c.nrIrq = 0;
        }
        trace.emit(TracePoint.BIO_ALLOC_IRQ_CACHE_SPLICE, cpu, n);
    }

    /**
     * bio_put of a REQ_ALLOC_CACHE bio (bio_put_percpu_cache): bio_free when this CPU's two
     * lists already hold more than ALLOC_CACHE_MAX; a polled bio put in task context goes to
     * free_list; any other put (the IRQ, or task context without REQ_POLLED) to
     * free_list_irq with interrupts off. A bio without the flag is bio_free'd.
     */
    @Override
    public void bioPut(Bio bio, int cpu, PutContext context) {
        if (!bio.percpuCache()) {
            bioPool.kmemCacheFree(bio, cpu);
            trace.emit(TracePoint.BIO_PUT, cpu, 0);
            return;
        }
        PerCpu c = cache(cpu);
        if (c.nrIrq + c.freeList.nr > ALLOC_CACHE_MAX) {
            bioPool.kmemCacheFree(bio, cpu);
            trace.emit(TracePoint.BIO_PUT, cpu, 0);
            return;
        }
        if (context == PutContext.POLLED) {
            c.freeList.push(bio);
        } else {
            synchronized (c) {
                c.freeListIrq.push(bio);
                c.nrIrq = c.freeListIrq.nr;
            }
        }
        trace.emit(TracePoint.BIO_PUT, cpu, 1);
    }

    @Override
    public int cached(int cpu) {
        PerCpu c = cache[cpu];
        return c == null ? 0 : c.freeList.nr + c.nrIrq;
    }

    /** ALLOC_CACHE_MAX + 1: the check is made before the put, so the put that reaches the maximum still joins. */
    @Override
    public int cacheLimit() {
        return ALLOC_CACHE_MAX + 1;
    }

    /** The IRQ list is what makes IO that is not polled worth caching: io_uring asks for the cache on every read and write. */
    @Override
    public boolean cachesIrqCompletions() {
        return true;
    }

    /** bio_cpu_dead: bio_alloc_cache_prune(cache, -1U): the task list, then the IRQ list spliced in and pruned. */
    @Override
    public void bioCpuDead(int cpu) {
        PerCpu c = cache[cpu];
        if (c == null) {
            return;
        }
        int n = c.freeList.prune(bioPool, Integer.MAX_VALUE, cpu);
        spliceIrq(c, cpu);
        n += c.freeList.prune(bioPool, Integer.MAX_VALUE, cpu);
        trace.emit(TracePoint.BIO_ALLOC_CACHE_PRUNE, cpu, n);
    }

    /** Registers alias {@value #ALIAS} on axis {@code bio-alloc}. */
    public static final class Provider extends AbstractStrategyProvider<BioAllocation> {
        public Provider() {
            super(Axis.BIO_ALLOC, ALIAS, "6.2",
                    "the per-CPU bio cache made IRQ-safe (free_list_irq, spliced at 16) and used for every io_uring read"
                        + " and write; at most 256 bios per CPU",
                    ctx -> new IrqSafePercpuBioCache(ctx.bioSlab(), ctx.counters(), ctx.trace()));
            raceOn("polled-reads");
        }
    }
}
