package dev.uringlab.workloads.polledreads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Counter;
import java.lang.management.ManagementFactory;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seed 004's race in its author's kernel (linux-5.14), per read in the steady state: what each
 * arm counts, and that neither allocates on the JVM heap (SLUB's freelist hands the baseline its
 * bio back; the series' per-CPU list does the same without the slab).
 */
class PolledReadsCountersTest {
    private static final int WARMUP = 64;
    private static final int PASSES = 1000;

    @ParameterizedTest(name = "bio-alloc={0}")
    @CsvSource({"baseline, 1, 0", "percpu-cache, 0, 1"})
    void shouldCountPerReadWhatEachArmDoes(String bioAlloc, long slabPerRead, long cacheHitsPerRead) throws Exception {
        try (Ring ring = Rings.open("emulated", PolledReads.setup(true).profile("linux-5.14")
                .strategy("bio-alloc", bioAlloc).deterministic(true).build())) {
            PolledReads reads = new PolledReads(ring, true);
            for (int i = 0; i < WARMUP; i++) {
                reads.submitAndReap();
            }
            Map<Counter, Long> before = new EnumMap<>(ring.counters().snapshot());
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long tid = Thread.currentThread().threadId();
            long bytes = mx.getThreadAllocatedBytes(tid);
            long reads0 = 0;
            for (int i = 0; i < PASSES; i++) {
                reads0 += reads.submitAndReap();
            }
            long allocated = mx.getThreadAllocatedBytes(tid) - bytes;
            Map<Counter, Long> after = ring.counters().snapshot();
            long n = reads0;
            assertThat(n).isEqualTo((long) PASSES * PolledReads.SUBMIT_BATCH);
            assertThat(delta(before, after, Counter.BIO_SUBMIT)).isEqualTo(n);
            assertThat(delta(before, after, Counter.BIO_SLAB_ALLOC)).isEqualTo(slabPerRead * n);
            assertThat(delta(before, after, Counter.BIO_SLAB_FREE)).isEqualTo(slabPerRead * n);
            assertThat(delta(before, after, Counter.BIO_CACHE_HIT)).isEqualTo(cacheHitsPerRead * n);
            assertThat(delta(before, after, Counter.BIO_CACHE_MISS)).isZero();
            assertThat(delta(before, after, Counter.REQ_SLAB_ALLOC)).as("requests come from the submit state's cache").isZero();
            assertThat(delta(before, after, Counter.ENTER)).isEqualTo(PASSES);
            assertThat(delta(before, after, Counter.IOPOLL_LOOP)).as("one io_do_iopoll reaps the pass").isEqualTo(PASSES);
            assertThat(delta(before, after, Counter.COMPLETION_LOCK)).as("5.14's IOPOLL reaping takes no completion lock").isZero();
            assertThat(delta(before, after, Counter.CQ_COMMIT)).isEqualTo(PASSES);
            assertThat(allocated).as("bytes the JVM allocated for %d reads", n).isLessThan(n); // under a byte a read: nothing per read
            reads.close();
        }
    }

    private static long delta(Map<Counter, Long> before, Map<Counter, Long> after, Counter c) {
        return after.get(c) - before.get(c);
    }
}
