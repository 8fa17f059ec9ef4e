package dev.uringlab.spi;

import dev.uringlab.api.SetupFlags;
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

    /** The ring's IORING_SETUP_* flags ({@link SetupFlags}), as io_uring_setup was given them. */
    int setupFlags();

    /** {@link #taskComplete(int)} of this ring's {@link #setupFlags()}. */
    default boolean taskComplete() {
        return taskComplete(setupFlags());
    }

    /** {@link #locklessCq(int)} of this ring's {@link #setupFlags()}. */
    default boolean locklessCq() {
        return locklessCq(setupFlags());
    }

    /**
     * {@code ctx->task_complete} (6.2 on) as io_uring_create sets it (io_uring/io_uring.c:3815-3818
     * at v6.18.2): IORING_SETUP_DEFER_TASKRUN without IOPOLL or SQPOLL. Only the ring's own task
     * posts its CQEs, so __io_cq_unlock_post neither unlocks nor wakes cq_wait (:596-602).
     */
    static boolean taskComplete(int setupFlags) {
        return (setupFlags & SetupFlags.IORING_SETUP_DEFER_TASKRUN) != 0
                && (setupFlags & (SetupFlags.IORING_SETUP_IOPOLL | SetupFlags.IORING_SETUP_SQPOLL)) == 0;
    }

    /**
     * {@code ctx->lockless_cq} ("io_uring: merge iopoll and normal completion paths", Pavel
     * Begunkov, v2 of 2023-08-24; io_uring/io_uring.c:3820-3821 at v6.18.2): task_complete or
     * IORING_SETUP_IOPOLL. Its CQ is written under {@code ctx->uring_lock} alone: __io_cq_lock
     * takes no completion lock (:581-585), nor does io_req_post_cqe (:956-962).
     */
    static boolean locklessCq(int setupFlags) {
        return taskComplete(setupFlags) || (setupFlags & SetupFlags.IORING_SETUP_IOPOLL) != 0;
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
