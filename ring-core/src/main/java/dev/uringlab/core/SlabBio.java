package dev.uringlab.core;

import dev.uringlab.spi.Bio;

/**
 * {@code struct bio} as the bio slab hands it out: room for BIO_INLINE_VECS bio_vecs and
 * the BIO_PERCPU_CACHE flag. Minimal until the emulated block layer (seed 004) uses it.
 */
final class SlabBio implements Bio {
    /** BIO_INLINE_VECS: the vecs a slab bio carries inline. */
    static final int BIO_INLINE_VECS = 4;

    private boolean percpuCache;

    @Override
    public int maxVecs() {
        return BIO_INLINE_VECS;
    }

    @Override
    public boolean percpuCache() {
        return percpuCache;
    }

    @Override
    public void percpuCache(boolean cached) {
        this.percpuCache = cached;
    }
}
