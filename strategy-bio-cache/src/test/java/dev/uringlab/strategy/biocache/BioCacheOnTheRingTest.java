package dev.uringlab.strategy.biocache;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Opcodes;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Rings;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.spi.Counter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seed 004 on the emulated kernel (deterministic rings): 1024 reads of one block in batches of
 * 32, and where each bio comes from. Baseline takes every bio from the slab; percpu-cache only
 * the first batch's, and only for polled reads; percpu-cache-irq for interrupt-driven reads too
 * (its IRQ list is spliced once it holds 16).
 */
class BioCacheOnTheRingTest {
    private static final int BS = 512;
    private static final int BATCH = 32;
    private static final int IOS = 1024;

    @ParameterizedTest(name = "bio-alloc={0} polled={1}: at most {2} bios from the slab")
    @CsvSource({
        "baseline,true,1024", "baseline,false,1024",
        "percpu-cache,true,32", "percpu-cache,false,1024",
        "percpu-cache-irq,true,32", "percpu-cache-irq,false,32"})
    void shouldTakeBiosFromTheSlabOnlyWhereTheCacheServes(String alias, boolean polled, long maxSlab) throws Exception {
        RingConfig config = RingConfig.builder(BATCH).deterministic(true).strategy("bio-alloc", alias)
                .flags(polled ? SetupFlags.IORING_SETUP_IOPOLL : 0).build();
        try (Ring ring = Rings.open("emulated", config); Arena arena = Arena.ofConfined()) {
            int fd = ring.sys().openBlockDevice("nullb0", 1 << 20, polled ? 1 : 0, 0);
            MemorySegment buf = arena.allocate((long) BATCH * BS, 4096);
            long slabBefore = ring.counters().get(Counter.BIO_SLAB_ALLOC);
            int reaped = 0;
            for (int round = 0; round < IOS / BATCH; round++) {
                for (int i = 0; i < BATCH; i++) {
                    ring.getSqe().prepRw(Opcodes.IORING_OP_READ, fd, buf.address() + (long) i * BS, BS,
                            (long) ((round * 7 + i) % 2048) * BS).userData(i);
                }
                assertThat(ring.submitAndWait(BATCH)).isEqualTo(BATCH);
                int n = ring.forEachCqe((ud, res, flags) -> assertThat(res).isEqualTo(BS));
                ring.cqAdvance(n);
                reaped += n;
            }
            assertThat(reaped).isEqualTo(IOS);
            assertThat(ring.counters().get(Counter.BIO_SLAB_ALLOC) - slabBefore).isLessThanOrEqualTo(maxSlab);
            assertThat(ring.counters().get(Counter.BIO_ALLOC)).isEqualTo(ring.counters().get(Counter.BIO_PUT))
                    .isEqualTo(IOS);
            assertThat(ring.counters().get(polled ? Counter.IOPOLL_LOOP : Counter.BIO_IRQ_COMPLETE)).isPositive();
        }
    }

    @ParameterizedTest(name = "bio-alloc={0}")
    @CsvSource({"baseline", "percpu-cache", "percpu-cache-irq"})
    void shouldGiveTheBioOfAPolledReadRefusedByAQueueThatCannotPollBackToTheSlab(String alias) throws Exception {
        RingConfig config = RingConfig.builder(BATCH).deterministic(true).strategy("bio-alloc", alias)
                .flags(SetupFlags.IORING_SETUP_IOPOLL).build();
        try (Ring ring = Rings.open("emulated", config); Arena arena = Arena.ofConfined()) {
            int fd = ring.sys().openBlockDevice("nullb0", 1 << 20, 0, 0);
            MemorySegment buf = arena.allocate(BS, 4096);
            for (int i = 0; i < 64; i++) {
                ring.getSqe().prepRw(Opcodes.IORING_OP_READ, fd, buf.address(), BS, 0).userData(i);
                ring.submit();
                ring.enter(0, 1, IORING_ENTER_GETEVENTS);
                ring.cqAdvance(ring.forEachCqe((ud, res, flags) -> assertThat(res).isEqualTo(-Errno.EOPNOTSUPP)));
            }
            assertThat(ring.counters().get(Counter.BIO_PUT)).isEqualTo(64);
            // submit_bio_checks clears the bio's cache mark for a queue that cannot poll (the series' patch 4/6):
            // the refused bio goes back to the slab, so the cache never has one to give.
            assertThat(ring.counters().get(Counter.BIO_CACHE_HIT)).isZero();
            assertThat(ring.counters().get(Counter.BIO_SLAB_FREE)).isEqualTo(64);
        }
    }
}
