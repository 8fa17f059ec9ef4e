package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.StrategyProvider;

/**
 * Bio allocation as in Linux 5.14, before "Enable bio recycling for polled IO" (seed 004):
 * bio_alloc_bioset takes every bio from the bio_set's slab (mempool_alloc of bs->bio_pool)
 * and bio_free gives it back, polled IO or not. The patch keeps a per-CPU list of freed bios
 * for polled IO instead. Thread-safe as the slab is: bios may be put on an IRQ thread.
 */
public final class SlabBioAllocation implements BioAllocation {
    private final KmemCache<Bio> bioSlab;

    SlabBioAllocation(KmemCache<Bio> bioSlab) {
        this.bioSlab = bioSlab;
    }

    /** bio_alloc_bioset: from the slab, whatever the kiocb says. */
    @Override
    public Bio bioAlloc(int nrVecs, boolean allocCache) {
        return bioSlab.kmemCacheAlloc();
    }

    /** bio_free: back to the slab. */
    @Override
    public void bioPut(Bio bio) {
        bioSlab.kmemCacheFree(bio);
    }

    /** Registers alias {@code baseline} on axis {@code bio-alloc}. */
    public static final class Provider implements StrategyProvider<BioAllocation> {
        @Override public Axis<BioAllocation> axis() { return Axis.BIO_ALLOC; }
        @Override public String alias() { return Axis.BASELINE; }
        @Override public String kernel() { return "5.14"; }
        @Override public String summary() { return "every bio from the bio_set's slab and back to it"; }
        @Override public BioAllocation create(StrategyContext ctx) { return new SlabBioAllocation(ctx.bioSlab()); }
    }
}
