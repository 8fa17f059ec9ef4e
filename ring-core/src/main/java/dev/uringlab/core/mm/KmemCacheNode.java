package dev.uringlab.core.mm;

import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The pages of one {@link SlabCache} and the lists they wait on (mm/slub.c, 5.14): the node's
 * partial list ({@code struct kmem_cache_node}, under {@code n->list_lock}: get_partial_node,
 * add_partial), each CPU's partial list (slub_percpu_partial, put_cpu_partial,
 * unfreeze_partials), the page-level compare-and-sets of the slow paths (get_freelist,
 * __slab_free's cmpxchg_double_slab) and the making of pages (allocate_slab). SlabCache's fast
 * paths touch only a CPU's word ({@link CpuSlab}) and the page it names.
 *
 * <p>Threads: the node's list under its monitor; a CPU's partial list under that CPU's monitor
 * (the caller holds it where a method says so); a page's freelist and counters by
 * compare-and-set; {@link #pages} grows under the node's monitor and is read through a volatile
 * reference, so a reader sees every page a word can name.
 */
final class KmemCacheNode {
    private final String name;
    private final Supplier<?> ctor;
    private final Trace trace;
    /** oo_objects(s->oo): objects per slab page. */
    private final int objectsPerPage;
    /** s->cpu_partial: free objects a CPU's partial list may hold before it spills to the node. */
    private final int cpuPartial;
    /** Every page the cache made, by slot (what a CPU's word names); grown under {@link #partial}. */
    private volatile SlabPage[] pages = new SlabPage[8];
    private int nrPages;
    /** n->partial, under its own monitor (n->list_lock). */
    private final ArrayDeque<SlabPage> partial = new ArrayDeque<>();

    KmemCacheNode(String name, Supplier<?> ctor, Trace trace, int objectsPerPage, int cpuPartial) {
        this.name = name;
        this.ctor = ctor;
        this.trace = trace;
        this.objectsPerPage = objectsPerPage;
        this.cpuPartial = cpuPartial;
    }

    /** The page in {@code slot}. */
    SlabPage page(int slot) {
        return pages[slot];
    }

    /** How many pages the cache has made. */
    int nrPages() {
        return nrPages;
    }

    /**
     * get_freelist: take the page's whole freelist (cmpxchg_double_slab), leaving it frozen with
     * every object counted in use; the page stays frozen only if it had objects to give.
     * Returns the first object's index plus one, or 0.
     */
    int getFreelist(SlabPage page) {
        trace.step(StepKind.LOCKED, "cmpxchg_double_slab(get_freelist)");
        while (true) {
            long fc = page.freelistCounters;
            int head = SlabPage.freelist(fc);
            if (page.casFreelistCounters(fc, SlabPage.pack(0, page.objects.length, head != 0))) {
                return head;
            }
        }
    }

    /** The list starting at {@code head} back onto its page (a refill that lost its race); the caller holds {@code c}'s monitor. */
    void giveBack(CpuSlab c, SlabPage page, int head) {
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

    /** slub_percpu_partial: the first page of this CPU's partial list (frozen), or null; the caller holds {@code c}'s monitor. */
    SlabPage takeCpuPartial(CpuSlab c) {
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
    SlabPage getPartialNode() {
        SlabPage page;
        trace.step(StepKind.LOCKED, "spin_lock(n->list_lock)");
        synchronized (partial) {
            page = partial.pollFirst();
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
        synchronized (partial) {
            partial.addLast(page);
        }
    }

    /**
     * new_slab -> allocate_slab: a page of real objects, each made by the constructor, chained
     * in order (shuffling is off), frozen for this CPU, every object free.
     */
    @OutOfLine("allocate_slab")
    SlabPage newSlab() {
        trace.step(StepKind.CALL, "allocate_slab");
        SlabObject[] objs = new SlabObject[objectsPerPage];
        SlabPage page;
        synchronized (partial) {
            if (nrPages == CpuSlab.INDEX_MASK - 1) {
                throw new IllegalStateException("slab " + name + ": more than " + (CpuSlab.INDEX_MASK - 1) + " pages");
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

    /**
     * __slab_free: push the object on its page's freelist with cmpxchg_double_slab; a page that
     * was full and not frozen is frozen and goes on this CPU's partial list (put_cpu_partial).
     * A page already on the node's list stays there, even when it empties.
     */
    @OutOfLine("__slab_free")
    void slabFree(CpuSlab c, SlabPage page, SlabObject o) {
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
}
