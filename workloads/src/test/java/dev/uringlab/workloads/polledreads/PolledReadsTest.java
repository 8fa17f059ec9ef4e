package dev.uringlab.workloads.polledreads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Counter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** t/io_uring's loop on the emulated NVMe device: every read a full block, 32 per pass, polled or by interrupt. */
class PolledReadsTest {

    @ParameterizedTest(name = "polled={0} bio-alloc={1} deterministic={2}")
    @CsvSource({"true,baseline,true", "false,baseline,true", "true,percpu-cache,false", "false,percpu-cache-irq,false"})
    void shouldReadFullBlocksThirtyTwoAPass(boolean polled, String bioAlloc, boolean deterministic) throws Exception {
        try (Ring ring = Rings.open("emulated", PolledReads.setup(polled).strategy("bio-alloc", bioAlloc)
                .deterministic(deterministic).build())) {
            PolledReads reads = new PolledReads(ring, polled);
            long submitted = 0;
            for (int i = 0; i < 200; i++) {
                submitted += reads.submitAndReap();
            }
            assertThat(submitted).isGreaterThanOrEqualTo(199L * PolledReads.SUBMIT_BATCH);
            assertThat(reads.errors()).isZero();
            assertThat(reads.inflight()).isBetween(0, PolledReads.DEPTH);
            reads.close();
            if (deterministic) {
                assertThat(ring.counters().get(Counter.BIO_ALLOC)).as("every bio put")
                        .isEqualTo(ring.counters().get(Counter.BIO_PUT));
            }
            if (polled) {
                assertThat(ring.counters().get(Counter.BIO_IRQ_COMPLETE)).isZero();
            } else {
                assertThat(ring.counters().get(Counter.IOPOLL_LOOP)).isZero();
            }
        }
    }
}
