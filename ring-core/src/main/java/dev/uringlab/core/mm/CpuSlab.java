package dev.uringlab.core.mm;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code struct kmem_cache_cpu} (mm/slub.c, 5.14): one CPU's freelist, slab page and
 * transaction id, and its partial list. The first three are one word, changed together with one
 * compare-and-set as SLUB's {@code this_cpu_cmpxchg_double(freelist, tid)} changes them: bits
 * 0-15 the first free object's index plus one (0: empty), bits 16-31 the page's slot plus one
 * (0: no page), bits 32-63 the transaction id. {@link #partial} and {@link #partialObjects}
 * are changed only under this object's monitor (interrupts off on that CPU).
 */
final class CpuSlab {
    /** The largest index (plus one) a 16-bit field of the word or of a page's counters holds. */
    static final long INDEX_MASK = 0xffff;
    private static final VarHandle WORD;

    static {
        try {
            WORD = MethodHandles.lookup().findVarHandle(CpuSlab.class, "word", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through WORD
    private volatile long word;
    /** slub_percpu_partial: this CPU's partial list, frozen pages linked by {@link SlabPage#next}. */
    SlabPage partial;
    /** The free objects on {@link #partial}, as put_cpu_partial counts them. */
    int partialObjects;

    /** The word, read with volatile semantics (tid first, as the kernel's READ_ONCE of c->tid). */
    long word() {
        return (long) WORD.getVolatile(this);
    }

    /** this_cpu_cmpxchg_double: the word, if it is still {@code expect}. */
    boolean cas(long expect, long update) {
        return WORD.compareAndSet(this, expect, update);
    }

    /** The first free object's index plus one, 0 when the freelist is empty. */
    static int freelist(long w) {
        return (int) (w & INDEX_MASK);
    }

    /** The slab page's slot plus one, 0 when there is none. */
    static int pageSlot(long w) {
        return (int) ((w >>> 16) & INDEX_MASK);
    }

    /** next_tid with the new freelist and page. */
    static long next(long w, int freelist, int slotPlusOne) {
        return ((w >>> 32) + 1) << 32 | (long) slotPlusOne << 16 | freelist;
    }
}
