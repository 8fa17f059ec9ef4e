package dev.uringlab.conformance;

import dev.uringlab.spi.Bio;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.ModelReq;
import dev.uringlab.spi.StrategyContext;
import java.util.Map;
import java.util.Optional;

/** What the engine gives a strategy at creation, with counting slabs for requests and bios. */
final class FakeStrategyContext implements StrategyContext {
    /** BIO_INLINE_VECS: the vecs a slab bio carries. */
    static final int BIO_INLINE_VECS = 4;

    private final Counters counters = new Counters();
    private final CountingSlab<IoKiocb> reqSlab =
            new CountingSlab<>(() -> new ModelReq(0, 0), counters, Counter.REQ_SLAB_ALLOC, Counter.REQ_SLAB_FREE);
    private final CountingSlab<Bio> bioSlab =
            new CountingSlab<>(FakeBio::new, counters, Counter.BIO_SLAB_ALLOC, Counter.BIO_SLAB_FREE);
    private final int cqEntries;
    private final Map<String, String> options;
    private final int setupFlags;

    FakeStrategyContext(int cqEntries, Map<String, String> options) {
        this(cqEntries, options, 0);
    }

    /** With the ring's IORING_SETUP_* flags, e.g. DEFER_TASKRUN for a lockless CQ. */
    FakeStrategyContext(int cqEntries, Map<String, String> options, int setupFlags) {
        this.cqEntries = cqEntries;
        this.options = Map.copyOf(options);
        this.setupFlags = setupFlags;
    }

    FakeStrategyContext() {
        this(8, Map.of());
    }

    @Override public Counters counters() { return counters; }
    @Override public Optional<String> option(String key) { return Optional.ofNullable(options.get(key)); }
    @Override public KmemCache<IoKiocb> reqCachep() { return reqSlab; }
    @Override public KmemCache<Bio> bioSlab() { return bioSlab; }
    @Override public int cqEntries() { return cqEntries; }
    @Override public int setupFlags() { return setupFlags; }

    CountingSlab<IoKiocb> reqSlab() { return reqSlab; }

    CountingSlab<Bio> bioSlabCounting() { return bioSlab; }

    /** A slab bio: BIO_INLINE_VECS vecs and the BIO_PERCPU_CACHE flag. */
    static final class FakeBio implements Bio {
        private boolean percpuCache;

        @Override public int maxVecs() { return BIO_INLINE_VECS; }
        @Override public boolean percpuCache() { return percpuCache; }
        @Override public void percpuCache(boolean cached) { percpuCache = cached; }
    }
}
