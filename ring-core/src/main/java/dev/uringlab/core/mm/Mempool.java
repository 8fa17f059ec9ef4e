package dev.uringlab.core.mm;

import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * {@code mempool_t} over a slab (mm/mempool.c, 5.14: mempool_create_slab_pool), as a bio_set's
 * {@code bio_pool} is: mempool_alloc calls the pool's alloc function, mempool_alloc_slab, which
 * is kmem_cache_alloc; mempool_free finds the reserve full ({@code curr_nr == min_nr}: it was
 * filled when the pool was made and the slab never fails here) and calls mempool_free_slab,
 * which is kmem_cache_free. The reserve itself is never drawn on, so it is not modelled.
 *
 * @param <T> what the slab holds
 */
public final class Mempool<T> implements KmemCache<T> {
    private final SlabCache<T> slab;
    private final Trace trace;

    public Mempool(SlabCache<T> slab, Trace trace) {
        this.slab = slab;
        this.trace = trace;
    }

    @Override
    public T kmemCacheAlloc() {
        return mempoolAlloc(dev.uringlab.spi.Cpus.current());
    }

    /** mempool_alloc on CPU {@code cpu}: pool->alloc, through a pointer. */
    @Override
    public T kmemCacheAlloc(int cpu) {
        return mempoolAlloc(cpu);
    }

    @OutOfLine("mempool_alloc")
    private T mempoolAlloc(int cpu) {
        trace.step(StepKind.CALL, "mempool_alloc");
        return mempoolAllocSlab(cpu);
    }

    /** mempool_alloc_slab: kmem_cache_alloc of the pool's slab. */
    @OutOfLine("mempool_alloc_slab")
    private T mempoolAllocSlab(int cpu) {
        trace.step(StepKind.CALL, "mempool_alloc_slab");
        return slab.kmemCacheAlloc(cpu);
    }

    /** mempool_alloc_bulk does not exist: a bulk request is single allocations. */
    @Override
    public int kmemCacheAllocBulk(T[] into, int n) {
        for (int i = 0; i < n; i++) {
            into[i] = kmemCacheAlloc();
        }
        return n;
    }

    @Override
    public void kmemCacheFree(T obj) {
        mempoolFree(obj, dev.uringlab.spi.Cpus.current());
    }

    /** mempool_free on CPU {@code cpu}: the reserve is full, so pool->free, through a pointer. */
    @Override
    public void kmemCacheFree(T obj, int cpu) {
        mempoolFree(obj, cpu);
    }

    @OutOfLine("mempool_free")
    private void mempoolFree(T obj, int cpu) {
        trace.step(StepKind.CALL, "mempool_free");
        mempoolFreeSlab(obj, cpu);
    }

    /** mempool_free_slab: kmem_cache_free to the pool's slab. */
    @OutOfLine("mempool_free_slab")
    private void mempoolFreeSlab(T obj, int cpu) {
        trace.step(StepKind.CALL, "mempool_free_slab");
        slab.kmemCacheFree(obj, cpu);
    }
}
