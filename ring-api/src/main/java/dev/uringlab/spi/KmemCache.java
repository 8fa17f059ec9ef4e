package dev.uringlab.spi;

/**
 * A slab cache ({@code struct kmem_cache}): the engine's allocator for one kind of object
 * (requests: {@code req_cachep}; bios: the bio_set's slab). {@code kmem_cache_alloc} makes a
 * new zeroed object (a real JVM allocation), {@code kmem_cache_free} drops it; both counted.
 * Whatever a strategy caches instead is what the patch saves.
 */
public interface KmemCache<T> {

    /** kmem_cache_alloc: a fresh object. */
    T kmemCacheAlloc();

    /**
     * kmem_cache_alloc_bulk: fill {@code into[0..n)} with fresh objects.
     *
     * @return how many were allocated (all of them here: the JVM heap does not run dry)
     */
    int kmemCacheAllocBulk(T[] into, int n);

    /** kmem_cache_free: give an object back to the slab. */
    void kmemCacheFree(T obj);

    /**
     * kmem_cache_free_bulk: give {@code objs[0..n)} back to the slab in one call. By default one
     * {@link #kmemCacheFree} each, which is what it comes to for a slab that keeps no per-CPU list.
     */
    default void kmemCacheFreeBulk(T[] objs, int n) {
        for (int i = 0; i < n; i++) {
            kmemCacheFree(objs[i]);
        }
    }
}
