package dev.uringlab.core;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;
import java.util.function.Supplier;

/**
 * {@code struct kmem_cache}: {@code kmem_cache_alloc} is a real JVM allocation of a zeroed
 * object, {@code kmem_cache_free} lets it go; both counted (the request slab counts
 * {@link Counter#REQ_SLAB_ALLOC}/{@link Counter#REQ_SLAB_FREE}, the bio slab the BIO ones).
 * Single-object calls may come from any thread (a bio is freed by a device's IRQ thread), so
 * they count with {@code incShared}; the bulk calls are the ring owner's.
 *
 * @param <T> what the slab holds
 */
final class SlabCache<T> implements KmemCache<T> {
    private final String name;
    private final Supplier<? extends T> ctor;
    private final Counters counters;
    private final Trace trace;
    private final Counter allocCounter;
    private final Counter freeCounter;

    SlabCache(String name, Supplier<? extends T> ctor, Counters counters, Trace trace, Counter allocCounter,
              Counter freeCounter) {
        this.name = name;
        this.ctor = ctor;
        this.counters = counters;
        this.trace = trace;
        this.allocCounter = allocCounter;
        this.freeCounter = freeCounter;
    }

    @Override
    public T kmemCacheAlloc() {
        counters.incShared(allocCounter);
        trace.emitOn(name, TracePoint.KMEM_CACHE_ALLOC);
        return ctor.get();
    }

    @Override
    public int kmemCacheAllocBulk(T[] into, int n) {
        for (int i = 0; i < n; i++) {
            into[i] = ctor.get();
        }
        counters.add(allocCounter, n);
        trace.emitOn(name, TracePoint.KMEM_CACHE_ALLOC_BULK, n);
        return n;
    }

    @Override
    public void kmemCacheFreeBulk(T[] objs, int n) {
        for (int i = 0; i < n; i++) {
            if (objs[i] == null) {
                throw new NullPointerException("kmem_cache_free_bulk: object " + i + " is NULL");
            }
        }
        counters.add(freeCounter, n);
        trace.emitOn(name, TracePoint.KMEM_CACHE_FREE_BULK, n);
    }

    @Override
    public void kmemCacheFree(T obj) {
        if (obj == null) {
            throw new NullPointerException("kmem_cache_free(NULL)");
        }
        counters.incShared(freeCounter);
        trace.emitOn(name, TracePoint.KMEM_CACHE_FREE);
    }
}
