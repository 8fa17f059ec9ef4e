package dev.uringlab.core;

import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.core.RingFixture.nop;
import static dev.uringlab.core.RingFixture.reap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The baseline's mechanisms, counted: what the patches are measured against. */
class BaselineCountersTest {

    @Test
    void shouldTakeTheCompletionLockOncePerFlushedBatchOfRequestCompletions() {
        try (Ring ring = RingFixture.open(64)) {
            for (int i = 0; i < 40; i++) {
                nop(ring, i);
            }
            assertThat(ring.submitAndWait(40)).isEqualTo(40);
            Counters c = ring.counters();
            // compl_reqs holds IO_COMPL_BATCH = 32: one flush when it fills, one at the end of submission
            assertThat(c.get(Counter.COMPLETION_LOCK)).isEqualTo(2);
            assertThat(c.get(Counter.CQ_COMMIT)).isEqualTo(2);
            assertThat(c.get(Counter.EV_POSTED)).isEqualTo(2);
            assertThat(c.get(Counter.CQE_FILLED)).isEqualTo(40);
            assertThat(reap(ring)).hasSize(40);
        }
    }

    @Test
    void shouldTakeTheCompletionLockOncePerAuxCqe() {
        try (Ring ring = RingFixture.open(8); Arena arena = Arena.ofConfined()) {
            int[] p = ring.sys().pipe();
            int efd = ring.sys().eventfd();
            ring.registerEventfd(efd);
            ring.getSqe().prepPollMultishot(p[0], POLLIN).userData(1);
            ring.submit();
            Counters c = ring.counters();
            assertThat(c.get(Counter.COMPLETION_LOCK)).isZero();
            MemorySegment one = arena.allocate(1);
            for (int i = 0; i < 5; i++) {
                ring.sys().write(p[1], one, 1);
            }
            assertThat(reap(ring)).hasSize(5);
            // per aux CQE: io_post_aux_cqe's section, and io_eventfd_flush_signal's (an eventfd is registered)
            assertThat(c.get(Counter.COMPLETION_LOCK)).isEqualTo(5 + 5);
            assertThat(c.get(Counter.CQ_COMMIT)).isEqualTo(5);
            assertThat(c.get(Counter.EV_POSTED)).isEqualTo(5);
            assertThat(c.get(Counter.EVENTFD_SIGNAL)).isEqualTo(5);
            assertThat(c.get(Counter.AUX_CQE_DEFERRED)).isZero();
        }
    }

    @Test
    void shouldRecycleRequestsThroughTheSubmitStateCacheAndGiveThemBackToTheSlabAtExit() {
        Counters c;
        try (Ring ring = RingFixture.open(16)) {
            for (int round = 0; round < 3; round++) {
                for (int i = 0; i < 10; i++) {
                    nop(ring, i);
                }
                ring.submit();
                reap(ring);
            }
            c = ring.counters();
            assertThat(c.get(Counter.REQ_ALLOC)).isEqualTo(30);
            assertThat(c.get(Counter.REQ_FREE)).isEqualTo(30);
            // 5.15's io_alloc_req: two bulk refills of IO_REQ_ALLOC_BATCH = 8 in the first round, then the array
            assertThat(c.get(Counter.REQ_CACHE_REFILL)).isEqualTo(2);
            assertThat(c.get(Counter.REQ_BULK_ALLOC)).isEqualTo(2);
            assertThat(c.get(Counter.REQ_SLAB_ALLOC)).isEqualTo(16);
            assertThat(c.get(Counter.REQ_SLAB_FREE)).isZero();
        }
        // io_req_caches_free at ring exit
        assertThat(c.get(Counter.REQ_SLAB_FREE)).isEqualTo(16);
    }
}
