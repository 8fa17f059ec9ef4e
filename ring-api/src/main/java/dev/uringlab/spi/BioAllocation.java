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
        /** The submitter reaping its own polled completions (io_do_iopoll -> bio_poll). */
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
}
