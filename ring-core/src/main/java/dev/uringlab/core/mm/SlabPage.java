package dev.uringlab.core.mm;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The {@code struct page} of one slab (mm/slub.c, 5.14): {@code objects} real objects made
 * when the page is allocated, each object's free pointer (SLUB keeps it inside the free
 * object; here a parallel array, {@link #freeptr}), and the page's own freelist with its
 * counters, which SLUB changes together with {@code cmpxchg_double_slab}: here one word,
 * {@link #freelistCounters}, changed with one compare-and-set.
 *
 * <p>Layout of {@code freelistCounters}: bits 0-15 the index of the first free object plus
 * one (0: none), bits 16-31 {@code inuse}, bit 32 {@code frozen} (a CPU's slab or on a CPU's
 * partial list).
 */
final class SlabPage {
    static final long FROZEN = 1L << 32;
    private static final int INDEX_MASK = 0xffff;
    private static final VarHandle FREELIST_COUNTERS;

    static {
        try {
            FREELIST_COUNTERS = MethodHandles.lookup().findVarHandle(SlabPage.class, "freelistCounters", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** page->objects. */
    final SlabObject[] objects;
    /** get_freepointer(s, object) of each object: the next free object's index plus one, 0 for none. */
    final int[] freeptr;
    /** The page's slot in its cache ({@code SlabCache#pages}), which the per-CPU word names. */
    final int slot;
    /** page->freelist and page->counters (inuse, frozen): cmpxchg_double_slab's pair. */
    volatile long freelistCounters;
    /** page->next on a CPU's partial list (under that CPU's irq-off monitor). */
    SlabPage next;

    SlabPage(SlabObject[] objects, int slot) {
        this.objects = objects;
        this.freeptr = new int[objects.length];
        this.slot = slot;
    }

    static int freelist(long fc) {
        return (int) (fc & INDEX_MASK);
    }

    static int inuse(long fc) {
        return (int) ((fc >>> 16) & INDEX_MASK);
    }

    static long pack(int freelist, int inuse, boolean frozen) {
        return freelist | ((long) inuse << 16) | (frozen ? FROZEN : 0);
    }

    /** cmpxchg_double_slab(s, page, freelist, counters, ...): a locked compare-and-set, since other CPUs free into the page. */
    boolean casFreelistCounters(long expect, long update) {
        return FREELIST_COUNTERS.compareAndSet(this, expect, update);
    }
}
