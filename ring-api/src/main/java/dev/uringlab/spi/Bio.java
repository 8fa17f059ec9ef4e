package dev.uringlab.spi;

/** What a bio allocation strategy sees of a {@code struct bio}. */
public interface Bio {

    /** {@code bio->bi_max_vecs}: how many bio_vecs it can hold. */
    int maxVecs();

    /** Whether it came from a per-CPU cache (BIO_PERCPU_CACHE) and must go back there. */
    boolean percpuCache();

    /** Sets or clears BIO_PERCPU_CACHE. */
    void percpuCache(boolean cached);
}
