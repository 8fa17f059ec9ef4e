package dev.uringlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.workloads.linkednops.ChainCqes;
import dev.uringlab.workloads.linkednops.LinkedNops;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * 5.6's io-wq ({@code iowq-complete=put-work}, what the linux-5.6 profile runs) on seed 003's
 * FORCE_ASYNC chains: io-wq holds a reference of its own on each request, whose put is the last,
 * so each request is freed to the slab on the worker and the chain's next member goes back
 * through the work list (v5.6 fs/io_uring.c:5935-5947, 1466-1475; v5.6.4 fs/io-wq.c:467-511).
 * From 5.7 on ({@code worker-post}, the linux-5.14 profile) the worker keeps the chain
 * (io_wq_free_work) and hands each request back to the owner: one enqueue per chain. Each chain
 * is checked by the workload itself (every NOP's CQE, in order, or only the last with the RFC);
 * the counters say which way the requests went. Deterministic (one inline worker) and threaded
 * (real worker threads, as in the benchmarks).
 */
class IoWqWorkRefsTest {
    private static final int CHAINS = 50;
    private static final int LINK = 10;

    @ParameterizedTest(name = "{0} link-cqe={1} deterministic={2}")
    @CsvSource({
        "linux-5.6, baseline, true",
        "linux-5.6, baseline, false",
        "linux-5.6, boxed-cqe, true",
        "linux-5.6, boxed-cqe, false"})
    void everyMemberGoesBackThroughTheWorkListAndIsFreedOnTheWorker(String profile, String linkCqe, boolean deterministic)
            throws Exception {
        Counters c = runChains(RingConfig.builder(LINK).deterministic(deterministic).profile(profile)
                .strategy(Axis.LINK_CQE.key(), linkCqe), linkCqe);
        assertThat(c.get(Counter.IO_WQ_ENQUEUE)).as("the head, then each member from its predecessor's last put")
                .isEqualTo((long) CHAINS * LINK);
        assertThat(c.get(Counter.REQ_LOCKED_FREE)).as("nothing handed back to the owner").isZero();
        assertThat(c.get(Counter.REQ_SLAB_FREE)).as("every request back to the slab, on the worker or unused at the end")
                .isEqualTo(c.get(Counter.REQ_SLAB_ALLOC));
        assertThat(c.get(Counter.COMPLETION_LOCK)).as("io_cqring_add_event per posted CQE")
                .isEqualTo((long) CHAINS * ("baseline".equals(linkCqe) ? LINK : 1));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"true", "false"})
    void fromFiveSevenTheWorkerKeepsTheChain(boolean deterministic) throws Exception {
        Counters c = runChains(RingConfig.builder(LINK).deterministic(deterministic).profile("linux-5.14"), Axis.BASELINE);
        assertThat(c.get(Counter.IO_WQ_ENQUEUE)).as("the head only").isEqualTo(CHAINS);
        assertThat(c.get(Counter.REQ_LOCKED_FREE)).as("every request handed back").isEqualTo((long) CHAINS * LINK);
    }

    /** put-work with an allocation that frees only on the owner (5.15's cache): the requests come back as 5.7+'s do. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"true", "false"})
    void anAllocationThatFreesOnlyOnTheOwnerGetsEachRequestBack(boolean deterministic) throws Exception {
        Counters c = runChains(RingConfig.builder(LINK).deterministic(deterministic)
                .strategy(Axis.IOWQ_COMPLETE.key(), "put-work"), Axis.BASELINE);
        assertThat(c.get(Counter.IO_WQ_ENQUEUE)).isEqualTo((long) CHAINS * LINK);
        assertThat(c.get(Counter.REQ_LOCKED_FREE)).isEqualTo((long) CHAINS * LINK);
    }

    /** The ring's counters once it is closed, its workers joined (a worker's last put follows its CQE). */
    private static Counters runChains(RingConfig.Builder config, String linkCqe) throws Exception {
        Counters counters;
        try (Ring ring = Rings.open("emulated", config.build())) {
            counters = ring.counters();
            LinkedNops nops = new LinkedNops(ring, LINK, ChainCqes.forLinkCqe(linkCqe), true);
            for (int i = 0; i < CHAINS; i++) {
                assertThat(nops.submitAndReap()).isEqualTo(LINK);
            }
        }
        return counters;
    }
}
