package dev.uringlab.workloads.nops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.Opcodes;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.api.Sqe;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.RingProvider;
import dev.uringlab.testkit.Require;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Nops32} on both engines: every pass submits and reaps exactly 32 NOPs with one
 * io_uring_enter, and on the emulated baseline the counters show t/io_uring's shape (one
 * enter, one locked flush and one ev_posted per 32 NOPs; the 32 requests of the first pass come
 * from the slab in four bulk allocations and are recycled from then on).
 * The loop, like t/io_uring, reads no CQE; what makes its NOPs succeed is that every SQE slot
 * holds a whole NOP, checked here.
 */
class Nops32Test {
    private static final int PASSES = 100;

    @Test
    void shouldSubmitAndReap32NopsPerEnterOnTheEmulatedBaseline() throws RingUnavailableException {
        try (Ring ring = Rings.open("emulated", Nops32.setup().build())) {
            Nops32 nops = new Nops32(ring);
            for (int i = 0; i < PASSES; i++) {
                assertThat(nops.submitAndReap()).isEqualTo(Nops32.DEPTH);
                assertThat(nops.inflight()).isZero();
            }
            long nopCount = (long) PASSES * Nops32.DEPTH;
            assertThat(ring.counters().get(Counter.ENTER)).isEqualTo(PASSES);
            assertThat(ring.counters().get(Counter.SQE_SUBMITTED)).isEqualTo(nopCount);
            assertThat(ring.counters().get(Counter.CQE_FILLED)).isEqualTo(nopCount);
            assertThat(ring.counters().get(Counter.COMPLETION_LOCK)).isEqualTo(PASSES);
            assertThat(ring.counters().get(Counter.EV_POSTED)).isEqualTo(PASSES);
            assertThat(ring.counters().get(Counter.REQ_SLAB_ALLOC)).isEqualTo(Nops32.DEPTH);
            assertThat(ring.counters().get(Counter.REQ_BULK_ALLOC)).isEqualTo(Nops32.DEPTH / 8);
            assertThat(ring.cq().ready()).isZero();
        }
    }

    @ParameterizedTest(name = "depth {0}, req-alloc={1}")
    @CsvSource({"1, baseline", "8, baseline", "32, baseline", "128, baseline",
                "1, free-stack", "8, free-stack", "32, free-stack", "128, free-stack",
                "1, req-cache", "8, req-cache", "32, req-cache", "128, req-cache"})
    void shouldSubmitOneClampedBatchPerEnterAndTouchTheSlabOnlyInTheFirstPass(int depth, String reqAlloc)
            throws RingUnavailableException {
        try (Ring ring = Rings.open("emulated", Nops32.setup(depth).strategy("req-alloc", reqAlloc).build())) {
            Nops32 nops = new Nops32(ring, depth);
            int batch = Math.min(depth, Nops32.SUBMIT_BATCH);
            assertThat(nops.submitBatch()).isEqualTo(batch);
            for (int i = 0; i < PASSES; i++) {
                assertThat(nops.submitAndReap()).isEqualTo(batch);
                assertThat(nops.inflight()).isZero();
            }
            assertThat(ring.counters().get(Counter.ENTER)).isEqualTo(PASSES);
            assertThat(ring.counters().get(Counter.CQE_FILLED)).isEqualTo((long) PASSES * batch);
            // NOPs complete inline, so no more than one batch is ever live: bulk refills of 8 for the first pass only
            int bulks = (batch + 7) / 8;
            assertThat(ring.counters().get(Counter.REQ_BULK_ALLOC)).isEqualTo(bulks);
            assertThat(ring.counters().get(Counter.REQ_SLAB_ALLOC)).isEqualTo(bulks * 8L);
            assertThat(ring.counters().get(Counter.REQ_CACHE_REFILL)).isEqualTo(bulks);
        }
    }

    @Test
    void shouldSubmitAndReap32NopsPerEnterOnTheRealKernel() throws RingUnavailableException {
        RingProvider nativeRing = Rings.provider("native");
        Require.nativeIoUring(nativeRing.unavailableReason());
        try (Ring ring = nativeRing.open(Nops32.setup().build())) {
            Nops32 nops = new Nops32(ring);
            for (int i = 0; i < PASSES; i++) {
                assertThat(nops.submitAndReap()).isEqualTo(Nops32.DEPTH);
            }
            assertThat(ring.counters().get(Counter.ENTER)).isEqualTo(PASSES);
            assertThat(ring.cq().ready()).isZero();
        }
    }

    @Test
    void shouldLeaveEverySqeSlotAFullNopThoughLaterPassesWriteOnlyTheOpcode() throws RingUnavailableException {
        try (Ring ring = Rings.open("emulated", Nops32.setup().build())) {
            Nops32 nops = new Nops32(ring);
            for (int i = 0; i < 3; i++) {
                nops.submitAndReap();
            }
            for (int slot = 0; slot < ring.sq().entries(); slot++) {
                Sqe sqe = ring.getSqe(); // the slot as the last pass left it
                assertThat(sqe.opcode()).isEqualTo(Opcodes.IORING_OP_NOP);
                assertThat(sqe.flags()).isZero();
                assertThat(sqe.fd()).isEqualTo(-1);
                assertThat(sqe.len()).isZero();
                assertThat(sqe.opFlags()).isZero();
                assertThat(sqe.userData()).isZero();
            }
        }
    }

    @Test
    void shouldRefuseARingSmallerThanItsDepth() throws RingUnavailableException {
        try (Ring ring = Rings.open("emulated", RingConfig.builder(16).build())) {
            assertThatThrownBy(() -> new Nops32(ring)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("at least 32 entries");
        }
    }
}
