package dev.uringlab.core.mm;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.Arrays;
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
    private static final long INDEX_MASK = 0xffff;
    private static final VarHandle WORD;

    static {
        try {
            WORD = MethodHandles.lookup().findVarHandle(CpuSlab.class, "word", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String name;
    private final Supplier<? extends T> ctor;
    private final Counters counters;
    private final Trace trace;
    private final Counter allocCounter;
    private final Counter freeCounter;
    /** oo_objects(s->oo): objects per slab page. */
    private final int objectsPerPage;
    /** s->cpu_partial: free objects a CPU's partial list may hold before it spills to the node. */
    private final int cpuPartial;
    /** s->cpu_slab: one per possible CPU, made on first use. */
    private final CpuSlab[] cpuSlab = new CpuSlab[Cpus.NR_CPU_IDS];
    /** Every page the cache made, by slot (what a CPU's word names); grown under {@link #node}. */
    private volatile SlabPage[] pages = new SlabPage[8];
    private int nrPages;
    /** struct kmem_cache_node: its partial list, under its own monitor (n->list_lock). */
    private final ArrayDeque<SlabPage> node = new ArrayDeque<>();

    /**
     * struct kmem_cache_cpu. {@link #word} is freelist, page and tid in one: bits 0-15 the
     * first free object's index plus one (0: empty), bits 16-31 the page's slot plus one (0: no
     * page), bits 32-63 the transaction id. {@link #partial} and {@link #partialObjects} are
     * changed only under this object's monitor (interrupts off on that CPU).
     */
    private static final class CpuSlab {
        @SuppressWarnings("unused") // accessed through WORD
        volatile long word;
        SlabPage partial;
        int partialObjects;
    }

    /**
     * A cache of objects of {@code size} bytes (the kernel's s->size, after alignment), each made
     * by {@code ctor}, a {@link SlabObject}.
     */
    public SlabCache(String name, int size, Supplier<? extends T> ctor, Counters counters, Trace trace,
                     Counter allocCounter, Counter freeCounter) {
        this.name = name;
        this.ctor = ctor;
        this.counters = counters;
        this.trace = trace;
        this.allocCounter = allocCounter;
        this.freeCounter = freeCounter;
        this.objectsPerPage = (PAGE_SIZE << calculateOrder(size, Cpus.NR_CPU_IDS)) / size;
        this.cpuPartial = size >= PAGE_SIZE ? 2 : size >= 1024 ? 6 : size >= 256 ? 13 : 30; // set_cpu_partial
        if (objectsPerPage > INDEX_MASK - 1) {
            throw new IllegalArgumentException("objects of " + size + " bytes: too many per page");
        }
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

    private static int freelist(long w) {
        return (int) (w & INDEX_MASK);
    }

    private static int pageSlot(long w) {
        return (int) ((w >>> 16) & INDEX_MASK);
    }

    /** next_tid with the new freelist and page. */
    private static long next(long w, int freelist, int slotPlusOne) {
        return ((w >>> 32) + 1) << 32 | (long) slotPlusOne << 16 | freelist;
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
            long w = (long) WORD.getVolatile(c);
            int head = freelist(w);
            if (head == 0) {
                obj = slabAllocSlow(c);
                break;
            }
            SlabPage page = pages[pageSlot(w) - 1];
            if (WORD.compareAndSet(c, w, next(w, page.freeptr[head - 1], pageSlot(w)))) {
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
            long w = (long) WORD.getVolatile(c);
            int head = freelist(w);
            if (head == 0) {
                Object obj = slabAllocRefill(c);
                if (obj != null) {
                    return obj;
                }
                continue;
            }
            SlabPage page = pages[pageSlot(w) - 1];
            if (WORD.compareAndSet(c, w, next(w, page.freeptr[head - 1], pageSlot(w)))) {
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
            long w = (long) WORD.getVolatile(c);
            if (freelist(w) != 0) {
                return null;
            }
            SlabPage page = pageSlot(w) == 0 ? null : pages[pageSlot(w) - 1];
            int head = page == null ? 0 : getFreelist(page);
            while (head == 0) {
                page = takeCpuPartial(c);
                if (page == null) {
                    page = getPartialNode();
                }
                if (page == null) {
                    page = newSlab();
                }
                head = getFreelist(page);
            }
            if (WORD.compareAndSet(c, w, next(w, page.freeptr[head - 1], page.slot + 1))) {
                return page.objects[head - 1];
            }
            giveBack(c, page, head); // the word moved (an IRQ-context free): put the list back, retry
        }
    }

    /**
     * get_freelist: take the page's whole freelist (cmpxchg_double_slab), leaving it frozen with
     * every object counted in use; the page stays frozen only if it had objects to give.
     * Returns the first object's index plus one, or 0.
     */
    private int getFreelist(SlabPage page) {
        trace.step(StepKind.LOCKED, "cmpxchg_double_slab(get_freelist)");
        while (true) {
            long fc = page.freelistCounters;
            int head = SlabPage.freelist(fc);
            if (page.casFreelistCounters(fc, SlabPage.pack(0, page.objects.length, head != 0))) {
                return head;
            }
        }
    }

    /** The list starting at {@code head} back onto its page (a refill that lost its race). */
    private void giveBack(CpuSlab c, SlabPage page, int head) {
        int n = 1;
        int tail = head;
        while (page.freeptr[tail - 1] != 0) {
            tail = page.freeptr[tail - 1];
            n++;
        }
        while (true) {
            long fc = page.freelistCounters;
            page.freeptr[tail - 1] = SlabPage.freelist(fc);
            if (page.casFreelistCounters(fc, SlabPage.pack(head, SlabPage.inuse(fc) - n, true))) {
                break;
            }
        }
        putCpuPartialLocked(c, page);
    }

    /** slub_percpu_partial: the first page of this CPU's partial list (frozen), or null. */
    private SlabPage takeCpuPartial(CpuSlab c) {
        SlabPage page = c.partial;
        if (page != null) {
            c.partial = page.next;
            page.next = null;
            c.partialObjects -= page.objects.length - SlabPage.inuse(page.freelistCounters);
            if (c.partial == null) {
                c.partialObjects = 0;
            }
        }
        return page;
    }

    /** get_partial_node: a page off the node's partial list, frozen for this CPU, under n->list_lock. */
    private SlabPage getPartialNode() {
        SlabPage page;
        trace.step(StepKind.LOCKED, "spin_lock(n->list_lock)");
        synchronized (node) {
            page = node.pollFirst();
        }
        if (page != null) {
            while (true) {
                long fc = page.freelistCounters;
                if (page.casFreelistCounters(fc, fc | SlabPage.FROZEN)) {
                    break;
                }
            }
        }
        return page;
    }

    private void addPartialNode(SlabPage page) {
        trace.step(StepKind.LOCKED, "spin_lock(n->list_lock)");
        synchronized (node) {
            node.addLast(page);
        }
    }

    /**
     * new_slab -> allocate_slab: a page of real objects, each made by the constructor, chained
     * in order (shuffling is off), frozen for this CPU, every object free.
     */
    @OutOfLine("allocate_slab")
    private SlabPage newSlab() {
        trace.step(StepKind.CALL, "allocate_slab");
        SlabObject[] objs = new SlabObject[objectsPerPage];
        SlabPage page;
        synchronized (node) {
            if (nrPages == INDEX_MASK - 1) {
                throw new IllegalStateException("slab " + name + ": more than " + (INDEX_MASK - 1) + " pages");
            }
            page = new SlabPage(objs, nrPages);
            SlabPage[] p = pages;
            if (nrPages == p.length) {
                p = Arrays.copyOf(p, p.length * 2);
            }
            p[nrPages++] = page;
            pages = p;
        }
        for (int i = 0; i < objs.length; i++) {
            SlabObject o = (SlabObject) ctor.get();
            o.slabPage = page;
            o.slabIndex = i;
            objs[i] = o;
            page.freeptr[i] = i + 1 < objs.length ? i + 2 : 0;
        }
        page.freelistCounters = SlabPage.pack(1, 0, true);
        return page;
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
            long w = (long) WORD.getVolatile(c);
            if (pageSlot(w) != page.slot + 1) {
                slabFree(c, page, o);
                break;
            }
            page.freeptr[o.slabIndex] = freelist(w);
            if (WORD.compareAndSet(c, w, next(w, o.slabIndex + 1, pageSlot(w)))) {
                break;
            }
        }
    }

    /**
     * __slab_free: push the object on its page's freelist with cmpxchg_double_slab; a page that
     * was full and not frozen is frozen and goes on this CPU's partial list (put_cpu_partial).
     * A page already on the node's list stays there, even when it empties.
     */
    @OutOfLine("__slab_free")
    private void slabFree(CpuSlab c, SlabPage page, SlabObject o) {
        trace.step(StepKind.CALL, "__slab_free");
        trace.step(StepKind.LOCKED, "cmpxchg_double_slab(__slab_free)");
        boolean toPartial;
        while (true) {
            long fc = page.freelistCounters;
            int prior = SlabPage.freelist(fc);
            boolean wasFrozen = (fc & SlabPage.FROZEN) != 0;
            page.freeptr[o.slabIndex] = prior;
            toPartial = prior == 0 && !wasFrozen;
            long update = SlabPage.pack(o.slabIndex + 1, SlabPage.inuse(fc) - 1, wasFrozen || toPartial);
            if (page.casFreelistCounters(fc, update)) {
                break;
            }
        }
        if (toPartial) {
            synchronized (c) {
                putCpuPartialLocked(c, page);
            }
        }
    }

    /**
     * put_cpu_partial(s, page, 1): the frozen page joins this CPU's partial list; when the list
     * already holds more than s->cpu_partial free objects it is first spilled to the node
     * (unfreeze_partials, interrupts off). The caller holds {@code c}'s monitor.
     */
    private void putCpuPartialLocked(CpuSlab c, SlabPage page) {
        if (c.partial != null && c.partialObjects > cpuPartial) {
            trace.step(StepKind.IRQ, "local_irq_save(unfreeze_partials)");
            SlabPage p;
            while ((p = takeCpuPartial(c)) != null) {
                unfreezeToNode(p);
            }
        }
        page.next = c.partial;
        c.partial = page;
        c.partialObjects += page.objects.length - SlabPage.inuse(page.freelistCounters);
    }

    /** unfreeze_partials of one page: unfrozen with cmpxchg_double_slab, onto the node's partial list. */
    private void unfreezeToNode(SlabPage page) {
        trace.step(StepKind.LOCKED, "cmpxchg_double_slab(unfreeze_partials)");
        while (true) {
            long fc = page.freelistCounters;
            if (page.casFreelistCounters(fc, fc & ~SlabPage.FROZEN)) {
                break;
            }
        }
        addPartialNode(page);
    }

    @Override
    public String toString() {
        return "kmem_cache " + name + " (" + objectsPerPage + " objects per slab, " + nrPages + " slabs)";
    }
}
