package dev.uringlab.core.mm;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import java.util.function.Supplier;

/**
 * {@code struct kmem_cache} as SLUB has it (mm/slub.c, 5.14): real objects made a slab page at
 * a time ({@code allocate_slab}), handed out and taken back through a per-CPU freelist. The
 * fast paths are SLUB's: {@code slab_alloc_node} pops the head of this CPU's freelist and
 * {@code do_slab_free} pushes an object of this CPU's slab page back on it, each with one
 * compare-and-set of the freelist together with the transaction id
 * ({@code this_cpu_cmpxchg_double(freelist, tid)}), so the object handed out next is the one
 * freed last, still hot in the cache, and neither path allocates. When the freelist is empty
 * the slow path ({@code __slab_alloc} with interrupts off) takes the page's own freelist
 * (objects other CPUs freed, {@code get_freelist}), else a page from this CPU's partial list,
 * else one from the node's partial list under {@code n->list_lock}, else makes a new page.
 * Freeing an object of another page goes to {@code __slab_free}: a locked
 * {@code cmpxchg_double_slab} on that page, and a page that was full goes onto this CPU's
 * partial list ({@code put_cpu_partial}), which spills to the node list past
 * {@code s->cpu_partial} objects.
 *
 * <p>This class holds the fast paths and {@code ___slab_alloc}'s refill of a CPU's word
 * ({@link CpuSlab}); the pages and the lists they wait on, with the page-level steps of the slow
 * paths, are the cache's node ({@link KmemCacheNode}).
 *
 * <p>Objects per page come from SLUB's {@code calculate_order} for the object's size
 * ({@code slub_min_objects = 4 * (fls(nr_cpu_ids) + 1)}, at most order 3). Not emulated: empty
 * pages are never given back to the page allocator ({@code discard_slab}, past
 * {@code s->min_partial}), NUMA nodes (one node), debugging, memcg accounting.
 *
 * <p>Threads. A CPU's freelist word is changed only by compare-and-set, so the thread running
 * on that CPU and the device thread playing that CPU's interrupt may both use it, as the
 * kernel's task and IRQ contexts do (the kernel's cmpxchg is unlocked, being per-CPU; the JVM
 * has only the locked one). Slow paths of one CPU hold that CPU's monitor, which stands for
 * local_irq_save; a page's freelist and counters change by compare-and-set; the node's partial
 * list is under its lock. Counters are bumped with {@code incShared}.
 *
 * @param <T> what the slab holds: a {@link SlabObject}
 */
public final class SlabCache<T> implements KmemCache<T> {
    /** slub_max_order: PAGE_ALLOC_COSTLY_ORDER. */
    static final int SLUB_MAX_ORDER = 3;
    private static final int PAGE_SIZE = 4096;

    private final String name;
    private final Counters counters;
    private final Trace trace;
    private final Counter allocCounter;
    private final Counter freeCounter;
    /** oo_objects(s->oo): objects per slab page. */
    private final int objectsPerPage;
    /** s->cpu_slab: one per possible CPU, made on first use. */
    private final CpuSlab[] cpuSlab = new CpuSlab[Cpus.NR_CPU_IDS];
    /** s->node[0]: the pages and their partial lists; the slow paths' half. */
    private final KmemCacheNode node;

    /**
     * A cache of objects of {@code size} bytes (the kernel's s->size, after alignment), each made
     * by {@code ctor}, a {@link SlabObject}.
     */
    public SlabCache(String name, int size, Supplier<? extends T> ctor, Counters counters, Trace trace,
                     Counter allocCounter, Counter freeCounter) {
        this.name = name;
        this.counters = counters;
        this.trace = trace;
        this.allocCounter = allocCounter;
        this.freeCounter = freeCounter;
        this.objectsPerPage = (PAGE_SIZE << calculateOrder(size, Cpus.NR_CPU_IDS)) / size;
        int cpuPartial = size >= PAGE_SIZE ? 2 : size >= 1024 ? 6 : size >= 256 ? 13 : 30; // set_cpu_partial
        if (objectsPerPage > CpuSlab.INDEX_MASK - 1) {
            throw new IllegalArgumentException("objects of " + size + " bytes: too many per page");
        }
        this.node = new KmemCacheNode(name, ctor, trace, objectsPerPage, cpuPartial);
    }

    /**
     * calculate_order: the smallest order up to slub_max_order whose page holds at least
     * {@code min_objects} objects wasting at most 1/16 of it (then 1/8, 1/4), backing off one
     * object at a time.
     */
    static int calculateOrder(int size, int nrCpus) {
        int minObjects = 4 * (32 - Integer.numberOfLeadingZeros(nrCpus) + 1);
        int maxObjects = (PAGE_SIZE << SLUB_MAX_ORDER) / size;
        minObjects = Math.min(minObjects, maxObjects);
        while (minObjects > 1) {
            for (int fraction = 16; fraction >= 4; fraction /= 2) {
                int order = slabOrder(size, minObjects, fraction);
                if (order <= SLUB_MAX_ORDER) {
                    return order;
                }
            }
            minObjects--;
        }
        return Math.min(slabOrder(size, 1, 1), SLUB_MAX_ORDER);
    }

    /** slab_order: the first order from get_order(min_objects * size) whose remainder is within 1/fract. */
    private static int slabOrder(int size, int minObjects, int fract) {
        int order = Math.max(0, 32 - Integer.numberOfLeadingZeros((minObjects * size - 1) / PAGE_SIZE));
        for (; order <= SLUB_MAX_ORDER; order++) {
            int slabSize = PAGE_SIZE << order;
            if (slabSize % size <= slabSize / fract) {
                break;
            }
        }
        return order;
    }

    /** How many objects one slab page holds (oo_objects). */
    public int objectsPerPage() {
        return objectsPerPage;
    }

    private CpuSlab cpuSlab(int cpu) {
        CpuSlab c = cpuSlab[cpu];
        if (c == null) {
            synchronized (cpuSlab) {
                c = cpuSlab[cpu];
                if (c == null) {
                    c = cpuSlab[cpu] = new CpuSlab();
                }
            }
        }
        return c;
    }

    @Override
    public T kmemCacheAlloc() {
        return kmemCacheAlloc(Cpus.current());
    }

    /**
     * kmem_cache_alloc -> slab_alloc_node on CPU {@code cpu}: read the word (tid first), pop the
     * head with one compare-and-set of freelist and tid, retried if anything on this CPU changed
     * them meanwhile; an empty freelist goes to the slow path.
     */
    @Override
    @SuppressWarnings("unchecked")
    public T kmemCacheAlloc(int cpu) {
        CpuSlab c = cpuSlab(cpu);
        Object obj;
        while (true) {
            long w = c.word();
            int head = CpuSlab.freelist(w);
            if (head == 0) {
                obj = slabAllocSlow(c);
                break;
            }
            SlabPage page = node.page(CpuSlab.pageSlot(w) - 1);
            if (c.cas(w, CpuSlab.next(w, page.freeptr[head - 1], CpuSlab.pageSlot(w)))) {
                obj = page.objects[head - 1];
                break;
            }
        }
        counters.incShared(allocCounter);
        trace.emitOn(name, TracePoint.KMEM_CACHE_ALLOC);
        return (T) obj;
    }

    /**
     * kmem_cache_alloc_bulk: with interrupts off, take {@code n} objects off this CPU's freelist,
     * going to ___slab_alloc whenever it runs dry; one tid bump for the lot.
     */
    @Override
    @SuppressWarnings("unchecked")
    public int kmemCacheAllocBulk(T[] into, int n) {
        CpuSlab c = cpuSlab(Cpus.current());
        trace.step(StepKind.IRQ, "local_irq_disable(kmem_cache_alloc_bulk)");
        synchronized (c) {
            for (int i = 0; i < n; i++) {
                into[i] = (T) popOrRefill(c);
            }
        }
        counters.add(allocCounter, n);
        trace.emitOn(name, TracePoint.KMEM_CACHE_ALLOC_BULK, n);
        return n;
    }

    /** The head of the freelist, or the slow path's object; the caller holds {@code c}'s monitor. */
    private Object popOrRefill(CpuSlab c) {
        while (true) {
            long w = c.word();
            int head = CpuSlab.freelist(w);
            if (head == 0) {
                Object obj = slabAllocRefill(c);
                if (obj != null) {
                    return obj;
                }
                continue;
            }
            SlabPage page = node.page(CpuSlab.pageSlot(w) - 1);
            if (c.cas(w, CpuSlab.next(w, page.freeptr[head - 1], CpuSlab.pageSlot(w)))) {
                return page.objects[head - 1];
            }
        }
    }

    /** __slab_alloc: interrupts off on this CPU, then ___slab_alloc. */
    @OutOfLine("__slab_alloc")
    private Object slabAllocSlow(CpuSlab c) {
        trace.step(StepKind.CALL, "__slab_alloc");
        trace.step(StepKind.IRQ, "local_irq_save(__slab_alloc)");
        synchronized (c) {
            return popOrRefill(c);
        }
    }

    /**
     * ___slab_alloc with this CPU's freelist empty: the current page's freelist (objects freed
     * to it from elsewhere, get_freelist); else this CPU's partial list, else the node's, else
     * a new slab. The page taken becomes this CPU's slab: its first free object is returned and
     * the rest become the freelist (load_freelist), with a tid bump. Null when a free on this
     * CPU refilled the freelist meanwhile: the caller pops it. An exhausted page was unfrozen by
     * get_freelist and leaves the CPU on no list (deactivate bypass); __slab_free finds it.
     */
    private Object slabAllocRefill(CpuSlab c) {
        while (true) {
            long w = c.word();
            if (CpuSlab.freelist(w) != 0) {
                return null;
            }
            SlabPage page = CpuSlab.pageSlot(w) == 0 ? null : node.page(CpuSlab.pageSlot(w) - 1);
            int head = page == null ? 0 : node.getFreelist(page);
            while (head == 0) {
                page = node.takeCpuPartial(c);
                if (page == null) {
                    page = node.getPartialNode();
                }
                if (page == null) {
                    page = node.newSlab();
                }
                head = node.getFreelist(page);
            }
            if (c.cas(w, CpuSlab.next(w, page.freeptr[head - 1], page.slot + 1))) {
                return page.objects[head - 1];
            }
            node.giveBack(c, page, head); // the word moved (an IRQ-context free): put the list back, retry
        }
    }

    @Override
    public void kmemCacheFree(T obj) {
        kmemCacheFree(obj, Cpus.current());
    }

    /**
     * kmem_cache_free -> do_slab_free on CPU {@code cpu}: an object of this CPU's slab page goes
     * on the head of the freelist (set_freepointer, then one compare-and-set of freelist and
     * tid); any other goes to __slab_free.
     */
    @Override
    public void kmemCacheFree(T obj, int cpu) {
        doSlabFree(cpuSlab(cpu), (SlabObject) obj);
        counters.incShared(freeCounter);
        trace.emitOn(name, TracePoint.KMEM_CACHE_FREE);
    }

    /**
     * kmem_cache_free_bulk on the calling thread's CPU: the objects go back as kmem_cache_free
     * would put each (build_detached_freelist groups those of one page into one do_slab_free;
     * here each is pushed alone, the same freelist in the end), counted and traced as one call.
     * Owner's thread (the bulk calls are the submission path's).
     */
    @Override
    public void kmemCacheFreeBulk(T[] objs, int n) {
        CpuSlab c = cpuSlab(Cpus.current());
        for (int i = 0; i < n; i++) {
            doSlabFree(c, (SlabObject) objs[i]);
        }
        counters.add(freeCounter, n);
        trace.emitOn(name, TracePoint.KMEM_CACHE_FREE_BULK, n);
    }

    /** do_slab_free of one object on {@code c}'s CPU: its freelist when the object is of c's page, else __slab_free. */
    private void doSlabFree(CpuSlab c, SlabObject o) {
        SlabPage page = o.slabPage;
        while (true) {
            long w = c.word();
            if (CpuSlab.pageSlot(w) != page.slot + 1) {
                node.slabFree(c, page, o);
                break;
            }
            page.freeptr[o.slabIndex] = CpuSlab.freelist(w);
            if (c.cas(w, CpuSlab.next(w, o.slabIndex + 1, CpuSlab.pageSlot(w)))) {
                break;
            }
        }
    }

    @Override
    public String toString() {
        return "kmem_cache " + name + " (" + objectsPerPage + " objects per slab, " + node.nrPages() + " slabs)";
    }
}
