package dev.uringlab.spi;

/**
 * A slab cache ({@code struct kmem_cache}): the engine's allocator for one kind of object
 * (requests: {@code req_cachep}; bios: the bio_set's slab). The engine's is SLUB's: objects
 * made a slab page at a time and recycled through a per-CPU freelist, the one freed last
 * handed out first, with no allocation on the fast path; both calls counted. Whatever a
 * strategy caches instead is what the patch saves. An object's contents are whatever its last
 * user left (the kernel's callers initialise what they use).
 */
public interface KmemCache<T> {

    /** kmem_cache_alloc on the calling thread's emulated CPU ({@link Cpus#current()}). */
    T kmemCacheAlloc();

    /** kmem_cache_alloc on emulated CPU {@code cpu}, which the caller runs on (it knows it already). */
    default T kmemCacheAlloc(int cpu) {
        return kmemCacheAlloc();
    }

    /**
     * kmem_cache_alloc_bulk: fill {@code into[0..n)} with objects, on the calling thread's CPU.
     *
     * @return how many were allocated (all of them here: the JVM heap does not run dry)
     */
    int kmemCacheAllocBulk(T[] into, int n);

    /** kmem_cache_free: give an object back to the slab, on the calling thread's emulated CPU. */
    void kmemCacheFree(T obj);

    /** kmem_cache_free on emulated CPU {@code cpu}, which the caller runs on. */
    default void kmemCacheFree(T obj, int cpu) {
        kmemCacheFree(obj);
    }

    /**
     * kmem_cache_free_bulk: give {@code objs[0..n)} back to the slab in one call, on the calling
     * thread's emulated CPU. By default one {@link #kmemCacheFree} each (what a test's slab needs).
     */
    default void kmemCacheFreeBulk(T[] objs, int n) {
        for (int i = 0; i < n; i++) {
            kmemCacheFree(objs[i]);
        }
    }
}
