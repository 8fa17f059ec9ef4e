package dev.uringlab.strategy.baseline;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;

/**
 * Bio allocation as in Linux 5.14, before "Enable bio recycling for polled IO" (seed 004):
 * bio_alloc_bioset takes every bio from the bio_set's slab (mempool_alloc of bs->bio_pool)
 * and bio_free gives it back, polled IO or not. The patch keeps a per-CPU list of freed bios
 * for polled IO instead. Thread-safe as the slab is: bios may be put on an IRQ thread.
 */
public final class SlabBioAllocation implements BioAllocation {
    private final KmemCache<Bio> bioSlab;
    private final Trace trace;

    SlabBioAllocation(KmemCache<Bio> bioSlab, Trace trace) {
        this.bioSlab = bioSlab;
        this.trace = trace;
    }

    /**
     * bio_alloc_bioset (block/bio.c, 5.14): mempool_alloc of bs->bio_pool (mempool_alloc_slab,
     * kmem_cache_alloc), whatever the kiocb says and wherever the caller runs.
     */
    @Override
    @OutOfLine("bio_alloc_bioset")
    public Bio bioAlloc(int cpu, int nrVecs, boolean allocCache) {
        trace.step(StepKind.CALL, "bio_alloc_bioset");
        Bio bio = bioSlab.kmemCacheAlloc(cpu);
        trace.emit(TracePoint.BIO_ALLOC, cpu, 0); // the outcome, after the slab call, as the per-CPU cache traces a miss
        return bio;
    }

    /** bio_free (inline in bio_put): mempool_free of bs->bio_pool (mempool_free_slab, kmem_cache_free), in any context. */
    @Override
    public void bioPut(Bio bio, int cpu, PutContext context) {
        trace.emit(TracePoint.BIO_PUT, cpu, 0);
        bioSlab.kmemCacheFree(bio, cpu);
    }

    /** Registers alias {@code baseline} on axis {@code bio-alloc}. */
    public static final class Provider extends AbstractStrategyProvider<BioAllocation> {
        public Provider() {
            super(Axis.BIO_ALLOC, Axis.BASELINE, "5.14",
                    "every bio from the bio_set's slab and back to it",
                    ctx -> new SlabBioAllocation(ctx.bioSlab(), ctx.trace()));
        }
    }
}
