package dev.uringlab.spi;

/**
 * Axis {@code bio-alloc}: where the block layer's bios come from (seed 004). One instance per
 * bio_set; bios are allocated on the submitting CPU and put on the completing one (an IRQ
 * thread for interrupt-driven queues), so implementations state their thread rules.
 */
public interface BioAllocation {

    /**
     * bio_alloc_bioset (bio_alloc_kiocb in 5.15): a bio with room for {@code nrVecs} vecs.
     *
     * @param allocCache the kiocb carries IOCB_ALLOC_CACHE (polled IO on a queue that can poll)
     */
    Bio bioAlloc(int nrVecs, boolean allocCache);

    /** bio_put reaching bio_free: the bio is done. */
    void bioPut(Bio bio);
}
