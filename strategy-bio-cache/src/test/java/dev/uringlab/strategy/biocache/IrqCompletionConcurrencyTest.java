package dev.uringlab.strategy.biocache;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Opcodes;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Rings;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.spi.Counter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Real threads: the device's IRQ thread completes bios (bio_endio, bio_put in IRQ context on the
 * submitting CPU, io_complete_rw) while the ring owner submits and waits, for every bio-alloc
 * strategy; and, as the control, an IOPOLL ring on a device with a poll queue, where the owner
 * completes everything itself (the IRQ thread idles). Seeded random batches of reads of blocks whose
 * first bytes name them; every read must come back once, with its block's data, and every bio
 * allocated must be put once (the bio_set's BUG_ON fails a double put or a live bio handed out
 * on whichever thread it happens: on the IRQ thread the lost completion fails the wait). The
 * seed is in every message ({@code -Duringlab.seed=N} replays it).
 */
class IrqCompletionConcurrencyTest {
    private static final long SEED = Long.getLong("uringlab.seed", System.nanoTime());
    private static final int BS = 512;
    private static final int BLOCKS = 256;
    private static final int DEPTH = 64;

    @ParameterizedTest(name = "bio-alloc={0} iopoll={1}")
    @CsvSource({"baseline,true", "baseline,false", "percpu-cache,true", "percpu-cache,false",
        "percpu-cache-irq,true", "percpu-cache-irq,false"})
    void shouldLoseNoBioAndPutNoneTwice(String alias, boolean iopoll) throws Exception {
        Random rnd = new Random(SEED);
        RingConfig config = RingConfig.builder(DEPTH).strategy("bio-alloc", alias)
                .flags(iopoll ? SetupFlags.IORING_SETUP_IOPOLL : 0).build();
        try (Ring ring = Rings.open("emulated", config); Arena arena = Arena.ofShared()) {
            int fd = ring.sys().openBlockDevice("nullb0", (long) BLOCKS * BS, iopoll ? 1 : 0, 0);
            MemorySegment image = arena.allocate((long) BLOCKS * BS, 4096);
            for (int b = 0; b < BLOCKS; b++) {
                image.set(ValueLayout.JAVA_INT, (long) b * BS, b);
            }
            assertThat(ring.sys().write(fd, image, BLOCKS * BS)).as("seed %d", SEED).isEqualTo(BLOCKS * BS);
            MemorySegment bufs = arena.allocate((long) DEPTH * BS, 4096);
            int[] block = new int[DEPTH];
            boolean[] busy = new boolean[DEPTH];
            int inflight = 0;
            long total = 0;
            long reapedTotal = 0;
            // A pipeline: new reads are submitted while earlier ones complete on the IRQ thread, so
            // the owner's bio allocations race the IRQ thread's puts on the same CPU's cache.
            for (int round = 0; round < 400 || inflight > 0; round++) {
                int n = round < 400 ? rnd.nextInt(DEPTH - inflight + 1) : 0;
                int queued = 0;
                for (int slot = 0; slot < DEPTH && queued < n; slot++) {
                    if (!busy[slot]) {
                        busy[slot] = true;
                        block[slot] = rnd.nextInt(BLOCKS);
                        ring.getSqe().prepRw(Opcodes.IORING_OP_READ, fd, bufs.address() + (long) slot * BS, BS,
                                (long) block[slot] * BS).userData(slot);
                        queued++;
                    }
                }
                if (queued > 0) {
                    assertThat(ring.submit()).as("seed %d round %d", SEED, round).isEqualTo(queued);
                }
                inflight += queued;
                total += queued;
                if (inflight == 0) {
                    continue;
                }
                int ret = iopoll ? ring.enter(0, 1, IORING_ENTER_GETEVENTS) : ring.waitCqes(1, 10_000_000_000L);
                assertThat(ret).as("seed %d round %d: wait for a CQE of %d in flight", SEED, round, inflight).isZero();
                int r = ring.forEachCqe((ud, res, flags) -> {
                    int slot = (int) ud;
                    assertThat(busy[slot]).as("seed %d: one CQE for the read in slot %d", SEED, slot).isTrue();
                    busy[slot] = false;
                    assertThat(res).as("seed %d: read in slot %d", SEED, slot).isEqualTo(BS);
                    assertThat(bufs.get(ValueLayout.JAVA_INT, (long) slot * BS)).as("seed %d: data in slot %d", SEED, slot)
                            .isEqualTo(block[slot]);
                });
                ring.cqAdvance(r);
                inflight -= r;
                reapedTotal += r;
            }
            assertThat(reapedTotal).as("seed %d: CQEs", SEED).isEqualTo(total);
            assertThat(ring.counters().get(Counter.BIO_SUBMIT)).as("seed %d", SEED).isEqualTo(total);
            assertThat(ring.counters().get(Counter.BIO_IRQ_COMPLETE)).as("seed %d", SEED).isEqualTo(iopoll ? 0 : total);
            // The IRQ thread puts each bio just after handing its request back: wait for the last puts.
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (ring.counters().get(Counter.BIO_PUT) < total && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(ring.counters().get(Counter.BIO_ALLOC)).as("seed %d: bios allocated", SEED).isEqualTo(total);
            assertThat(ring.counters().get(Counter.BIO_PUT)).as("seed %d: bios put", SEED).isEqualTo(total);
        }
    }
}
