package dev.uringlab.core;

import dev.uringlab.api.Features;
import dev.uringlab.api.IoUringParams;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.core.block.Bio;
import dev.uringlab.core.mm.Mempool;
import dev.uringlab.core.mm.SlabCache;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.CompletionPosting;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.EnterRef;
import dev.uringlab.spi.EvPosted;
import dev.uringlab.spi.GetCqe;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.IoWqCompletion;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.LinkAdvance;
import dev.uringlab.spi.LinkCqe;
import dev.uringlab.spi.NopFlagSet;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.RequestAllocation;
import dev.uringlab.spi.RingProvider;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.StrategyProvider;
import dev.uringlab.spi.TaskWork;
import dev.uringlab.spi.trace.Trace;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code emulated} ring engine, registered with {@link java.util.ServiceLoader}.
 * {@link #open} is io_uring_setup (io_uring_create): it checks and rounds the sizes as the
 * kernel does, resolves one strategy per SPI axis ({@link Strategies#resolve}), makes one
 * instance of each for the ring, lays out the rings and reports the features word.
 */
public final class EmulatedRingProvider implements RingProvider {
    /** The engine's name. */
    public static final String NAME = "emulated";

    /** The features every emulated ring reports; IORING_FEAT_CQE_SKIP comes from the link-cqe strategy. */
    static final int FEATURES = Features.IORING_FEAT_NODROP | Features.IORING_FEAT_SUBMIT_STABLE
            | Features.IORING_FEAT_FAST_POLL | Features.IORING_FEAT_POLL_32BITS;

    /** Setup flags whose mechanism is not emulated: refused rather than silently ignored. */
    private static final int NOT_EMULATED = SetupFlags.IORING_SETUP_SQPOLL;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Optional.empty();
    }

    @Override
    public Ring open(RingConfig config) {
        int flags = config.flags();
        if ((flags & NOT_EMULATED) != 0) {
            throw new IllegalArgumentException("IORING_SETUP_SQPOLL (0x" + Integer.toHexString(flags & NOT_EMULATED)
                    + ") is not emulated: the emulated kernel has no SQ polling thread; submit with io_uring_enter");
        }
        boolean clamp = (flags & SetupFlags.IORING_SETUP_CLAMP) != 0;
        int entries = config.entries();
        if (entries <= 0 || (entries > SetupFlags.IORING_MAX_ENTRIES && !clamp)) {
            throw new IllegalArgumentException("io_uring_setup: entries " + entries + " out of range 1.."
                    + SetupFlags.IORING_MAX_ENTRIES + " (IORING_MAX_ENTRIES)");
        }
        int sqEntries = roundupPowOfTwo(Math.min(entries, SetupFlags.IORING_MAX_ENTRIES));
        int cqEntries;
        if ((flags & SetupFlags.IORING_SETUP_CQSIZE) != 0) {
            int cq = config.cqEntries();
            if (cq <= 0 || (cq > SetupFlags.IORING_MAX_CQ_ENTRIES && !clamp)) {
                throw new IllegalArgumentException("io_uring_setup: cq_entries " + cq + " out of range 1.."
                        + SetupFlags.IORING_MAX_CQ_ENTRIES + " (IORING_MAX_CQ_ENTRIES)");
            }
            cqEntries = roundupPowOfTwo(Math.min(cq, SetupFlags.IORING_MAX_CQ_ENTRIES));
            if (cqEntries < sqEntries) {
                throw new IllegalArgumentException("io_uring_setup: cq_entries " + cq + " (rounded to " + cqEntries
                        + ") is below the SQ size " + sqEntries);
            }
        } else {
            cqEntries = 2 * sqEntries;
        }
        Counters counters = new Counters();
        Trace trace = config.trace() == null ? Trace.OFF : Trace.to(config.trace());
        Context sctx = new Context(config, counters, trace, cqEntries);
        Map<Axis<?>, StrategyProvider<?>> chosen = Strategies.resolve(config);
        IoRingCtx.StrategySet set = new IoRingCtx.StrategySet(
                (CompletionPosting) chosen.get(Axis.COMPLETION).create(sctx),
                (RequestAllocation) chosen.get(Axis.REQ_ALLOC).create(sctx),
                (PollRearm) chosen.get(Axis.POLL_REARM).create(sctx),
                (LinkCqe) chosen.get(Axis.LINK_CQE).create(sctx),
                (BioAllocation) chosen.get(Axis.BIO_ALLOC).create(sctx),
                (LinkAdvance) chosen.get(Axis.LINK_ADVANCE).create(sctx),
                (IoWqCompletion) chosen.get(Axis.IOWQ_COMPLETE).create(sctx),
                (EvPosted) chosen.get(Axis.EV_POSTED).create(sctx),
                (EnterRef) chosen.get(Axis.ENTER_REF).create(sctx),
                (GetCqe) chosen.get(Axis.GET_CQE).create(sctx),
                (TaskWork) chosen.get(Axis.TASK_WORK).create(sctx),
                (NopFlagSet) chosen.get(Axis.NOP_FLAGS).create(sctx));
        int features = FEATURES | (set.linkCqe().features() & Features.IORING_FEAT_CQE_SKIP);
        IoRingCtx ctx = new IoRingCtx(sqEntries, cqEntries, flags, config.deterministic(), counters, trace, set);
        return new EmulatedRing(ctx, new IoUringParams(sqEntries, cqEntries, flags, features));
    }

    /** roundup_pow_of_two. */
    static int roundupPowOfTwo(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

    /** The size both of the engine's slabs have after SLAB_HWCACHE_ALIGN: 256 bytes, 32 objects per 8 KiB slab. */
    static final int SLAB_OBJECT_SIZE = 256;

    /** What a strategy is given: the ring's counters, trace, options, slabs and CQ size. */
    private static final class Context implements StrategyContext {
        private final RingConfig config;
        private final Counters counters;
        private final Trace trace;
        private final int cqEntries;
        private final KmemCache<IoKiocb> reqCachep;
        private final KmemCache<dev.uringlab.spi.Bio> bioSlab;

        Context(RingConfig config, Counters counters, Trace trace, int cqEntries) {
            this.config = config;
            this.counters = counters;
            this.trace = trace;
            this.cqEntries = cqEntries;
            // KMEM_CACHE(io_kiocb, SLAB_HWCACHE_ALIGN): struct io_kiocb is under 256 bytes in 5.14 - 6.x.
            this.reqCachep = new SlabCache<>("req_cachep", SLAB_OBJECT_SIZE, IoRequest::new, counters, trace,
                    Counter.REQ_SLAB_ALLOC, Counter.REQ_SLAB_FREE);
            // The bio_set's slab, "bio-<size>": front_pad (struct blkdev_dio's head), struct bio and
            // BIO_INLINE_VECS bio_vecs, about 232 bytes, cache-line aligned (block/bio.c bio_find_or_create_slab).
            // bs->bio_pool is a mempool over it; its reserve is drawn on only when the slab fails, which it does
            // not here: every mempool call reaches the slab.
            this.bioSlab = new Mempool<>(new SlabCache<>("bio_slab", SLAB_OBJECT_SIZE, Bio::new, counters, trace,
                    Counter.BIO_SLAB_ALLOC, Counter.BIO_SLAB_FREE), trace);
        }

        @Override public Counters counters() { return counters; }
        @Override public Trace trace() { return trace; }
        @Override public Optional<String> option(String key) { return Optional.ofNullable(config.options().get(key)); }
        @Override public KmemCache<IoKiocb> reqCachep() { return reqCachep; }
        @Override public KmemCache<dev.uringlab.spi.Bio> bioSlab() { return bioSlab; }
        @Override public int cqEntries() { return cqEntries; }
        @Override public int setupFlags() { return config.flags(); }
    }
}
