package dev.uringlab.core.block;

import dev.uringlab.spi.KmemCache;

/**
 * {@code mempool_t} (mm/mempool.c) over a slab cache: {@code bs->bio_pool}. mempool_create
 * takes {@code min_nr} elements from the slab into a reserve; mempool_alloc asks the slab
 * first and falls back on the reserve only when the slab fails, which the JVM heap never
 * does here; mempool_free refills the reserve when it is below {@code min_nr}, else frees to
 * the slab. So every alloc and free reaches the slab, as in the kernel when memory is
 * plentiful. Thread-safe as the kernel's (the reserve under {@code pool->lock}).
 *
 * @param <T> what the pool holds
 */
public final class Mempool<T> implements KmemCache<T> {
    /** BIO_POOL_SIZE: the reserve of a bio_set's pool. */
    public static final int BIO_POOL_SIZE = 2;

    private final KmemCache<T> slab;
    private final Object[] elements;
    /** pool->curr_nr, guarded by {@code this} (pool->lock); read once unlocked as READ_ONCE. */
    private volatile int currNr;

    /** mempool_create(min_nr, mempool_alloc_slab, mempool_free_slab, slab). */
    public Mempool(KmemCache<T> slab, int minNr) {
        this.slab = slab;
        this.elements = new Object[minNr];
        for (int i = 0; i < minNr; i++) {
            elements[i] = slab.kmemCacheAlloc();
        }
        this.currNr = minNr;
    }

    /** mempool_alloc: from the slab (the reserve is for a slab that fails). */
    @Override
    public T kmemCacheAlloc() {
        return slab.kmemCacheAlloc();
    }

    /** mempool_alloc, {@code n} times. */
    @Override
    public int kmemCacheAllocBulk(T[] into, int n) {
        return slab.kmemCacheAllocBulk(into, n);
    }

    /** mempool_free: into the reserve when it is short (lv curr_nr, then under the lock), else to the slab. */
    @Override
    public void kmemCacheFree(T obj) {
        if (currNr < elements.length) {
            synchronized (this) {
                if (currNr < elements.length) {
                    elements[currNr] = obj;
                    currNr = currNr + 1;
                    return;
                }
            }
        }
        slab.kmemCacheFree(obj);
    }
}
