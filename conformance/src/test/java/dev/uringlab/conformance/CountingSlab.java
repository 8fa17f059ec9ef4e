package dev.uringlab.conformance;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.KmemCache;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A {@code kmem_cache} that knows every object it made and which are out: freeing an object it
 * did not make, or one already freed, is an AssertionError at the call. Counts into the given
 * counters as the engine's slabs do ({@code REQ_SLAB_*} or {@code BIO_SLAB_*}).
 */
final class CountingSlab<T> implements KmemCache<T> {
    private final Supplier<T> ctor;
    private final Counters counters;
    private final Counter allocCounter;
    private final Counter freeCounter;
    private final Set<T> made = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<T> out = Collections.newSetFromMap(new IdentityHashMap<>());
    private long allocs;
    private long frees;

    CountingSlab(Supplier<T> ctor, Counters counters, Counter allocCounter, Counter freeCounter) {
        this.ctor = ctor;
        this.counters = counters;
        this.allocCounter = allocCounter;
        this.freeCounter = freeCounter;
    }

    @Override
    public synchronized T kmemCacheAlloc() {
        T obj = ctor.get();
        made.add(obj);
        out.add(obj);
        allocs++;
        counters.incShared(allocCounter);
        return obj;
    }

    @Override
    public int kmemCacheAllocBulk(T[] into, int n) {
        for (int i = 0; i < n; i++) {
            into[i] = kmemCacheAlloc();
        }
        return n;
    }

    @Override
    public synchronized void kmemCacheFree(T obj) {
        if (!made.contains(obj)) {
            throw new AssertionError("kmem_cache_free of an object this slab never made: " + obj);
        }
        if (!out.remove(obj)) {
            throw new AssertionError("kmem_cache_free of an object already freed (double free): " + obj);
        }
        frees++;
        counters.incShared(freeCounter);
    }

    /** Whether this slab made {@code obj}. */
    synchronized boolean made(T obj) {
        return made.contains(obj);
    }

    synchronized long allocs() { return allocs; }

    synchronized long frees() { return frees; }

    /** Objects allocated and not yet freed back. */
    synchronized int outstanding() { return out.size(); }
}
