package dev.uringlab.spi;

import dev.uringlab.spi.trace.Trace;
import java.util.Optional;

/** What the engine gives a strategy when it makes one for a ring. */
public interface StrategyContext {

    /** The ring's counters. */
    Counters counters();

    /** A strategy option from {@link dev.uringlab.api.RingConfig#options()}, e.g. {@code cqe-array}. */
    Optional<String> option(String key);

    /** The request slab, {@code req_cachep}. */
    KmemCache<IoKiocb> reqCachep();

    /**
     * The ring's bio_set's {@code bio_pool}: a mempool over the bio slab, whose alloc and free are
     * mempool_alloc -> mempool_alloc_slab -> kmem_cache_alloc and mempool_free ->
     * mempool_free_slab -> kmem_cache_free (what bio_alloc_bioset and bio_free call).
     */
    KmemCache<Bio> bioSlab();

    /** The CQ ring's size. */
    int cqEntries();

    /** The ring's IORING_SETUP_* flags (io_uring_setup's {@code flags}); 0 by default. */
    default int setupFlags() {
        return 0;
    }

    /** The ring's trace, for the steps a strategy takes itself ({@link Trace#OFF} when not tracing). */
    default Trace trace() {
        return Trace.OFF;
    }

    /** An integer option, or {@code def}; a value that is not a positive integer is an IllegalArgumentException naming the key. */
    default int intOption(String key, int def) {
        return option(key).map(v -> {
            try {
                int n = Integer.parseInt(v);
                if (n > 0) {
                    return n;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            throw new IllegalArgumentException("strategy option " + key + "=" + v + ": expected a positive integer");
        }).orElse(def);
    }
}
