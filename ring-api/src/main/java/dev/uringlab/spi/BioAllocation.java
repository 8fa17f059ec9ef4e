package dev.uringlab.spi;

/**
 * Axis {@code bio-alloc}: where the block layer's bios come from (seed 004). One instance per
 * bio_set. Bios are allocated on the submitting CPU and put on the completing one: the
 * submitter itself for polled IO (it reaps in io_do_iopoll), the device's IRQ thread for
 * interrupt-driven queues. Both calls say on which emulated CPU they run ({@link Cpus}) and a
 * put says in which context, so a per-CPU cache can keep its rules (5.15: only polled
 * completions may return a bio to the cache; later kernels take IRQ frees on a separate list).
 * Implementations state their thread rules.
 */
public interface BioAllocation {

    /** The context a bio is put in: the kernel's in_task() / in_hardirq() and the iopoll reaper. */
    enum PutContext {
        /** Task context, outside any completion (an error path, a submit that failed). */
        TASK,
        /** Hard-IRQ context: the device's completion interrupt. */
        IRQ,
        /**
         * Task context on a polled bio (REQ_POLLED): the submitter reaping its own polled
         * completions (io_do_iopoll -> bio_poll), or failing one at submit.
         */
        POLLED
    }

    /**
     * bio_alloc_bioset (bio_alloc_kiocb in 5.15): a bio with room for {@code nrVecs} vecs.
     *
     * @param cpu        the emulated CPU the caller runs on ({@link Cpus#current()})
     * @param allocCache the kiocb carries IOCB_ALLOC_CACHE (polled IO on a queue that can poll)
     */
    Bio bioAlloc(int cpu, int nrVecs, boolean allocCache);

    /**
     * bio_put reaching bio_free: the bio is done.
     *
     * @param cpu     the emulated CPU the caller runs on
     * @param context where the put runs
     */
    void bioPut(Bio bio, int cpu, PutContext context);

    /**
     * How many bios the per-CPU cache of {@code cpu} holds now ({@code cache->nr}, plus
     * {@code nr_irq} where there is an IRQ list); 0 for an allocator without a cache. For tests
     * and the trace; any thread, racy by nature.
     */
    default int cached(int cpu) {
        return 0;
    }

    /**
     * The most bios one CPU's cache can hold right after any call: ALLOC_CACHE_MAX +
     * ALLOC_CACHE_SLACK in 5.15 (pruned on the put that passes it), ALLOC_CACHE_MAX + 1 in 6.2+
     * (a put is refused once more than ALLOC_CACHE_MAX are held); 0 without a cache.
     */
    default int cacheLimit() {
        return 0;
    }

    /**
     * bio_cpu_dead, the CPUHP_BIO_DEAD callback: {@code cpu} went offline, its cache goes back
     * to the slab ({@code bio_alloc_cache_prune(cache, -1U)}). Called when nothing runs on it.
     */
    default void bioCpuDead(int cpu) {
    }

    /**
     * Whether IO that is not polled may use the cache too: 6.2's "io_uring/rw: enable bio
     * caches for IRQ rw" sets IOCB_ALLOC_CACHE on every io_uring read and write. Before it
     * (5.15 - 6.1) only IOPOLL rings ask for the cache. The engine asks once per ring.
     */
    default boolean cachesIrqCompletions() {
        return false;
    }
}
