/**
 * The emulated memory allocator, mm/slub.c: {@code SlabCache} is {@code struct kmem_cache}
 * (kmem_cache_alloc, kmem_cache_alloc_bulk, kmem_cache_free and the refill of a CPU's freelist),
 * {@code CpuSlab} is {@code struct kmem_cache_cpu}, {@code KmemCacheNode} the node with the pages'
 * partial lists and the page-level slow paths, its pages {@code SlabPage}, and what it hands out a
 * {@code SlabObject}; {@code Mempool} is mm/mempool.c over a slab. Every slab of the engine (the
 * request slab, the bio slab) is one of these.
 *
 * <p>May not: import io_uring ({@code dev.uringlab.core}) or the block layer; both import it.
 */
package dev.uringlab.core.mm;
