package dev.uringlab.jmh;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Axis;
import dev.uringlab.workloads.polledreads.PolledReads;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * polled reads: how many 512-byte random O_DIRECT reads per second a ring pushes through a
 * block device, and what the bio allocator costs per read (seed 004).
 *
 * <h2>The kernel workload it mirrors</h2>
 * fio's {@code t/io_uring -b512 -d128 -s32 -c32 -p1 -F1 -B1} on an NVMe device with poll
 * queues: depth 128, up to 32 reads submitted per io_uring_enter, 32 waited for, completions
 * reaped by polling inside io_uring_enter ({@link PolledReads}); {@code polled=false} is
 * {@code -p0}, the same reads completed by interrupt. One operation is one read submitted
 * ({@code @OperationsPerInvocation(32)}, one pass in the steady state), t/io_uring's IOPS.
 * Seed 004's author measured about 10% more polled IOPS with the bio cache (3.5M+ IOPS per
 * core).
 *
 * <h2>What is compared</h2>
 * <ul>
 *   <li>{@code ring=emulated, profile=linux-5.14, bioAlloc=baseline}: the context, the author's
 *       kernel before the series (5.14's bio_set: every bio from the slab and back, and 5.14's
 *       other mechanisms); {@code bioAlloc=percpu-cache}: the same kernel plus the series as
 *       merged for 5.15. {@code profile=baseline} runs the same arms on the emulator's default
 *       mechanisms;
 *       {@code bioAlloc=percpu-cache-irq}: 6.2's IRQ-safe cache, which also recycles the bios
 *       of interrupt-driven reads. Each polled and by interrupt: percpu-cache should change
 *       nothing for {@code polled=false}.</li>
 *   <li>{@code ring=native, polled=false}: the real kernel reading an O_DIRECT file through
 *       the same loop (this machine has no pollable block device, so no {@code polled=true}
 *       point: {@link ParamRules} skips it).</li>
 * </ul>
 *
 * <h2>Secondary metrics</h2>
 * Per read (secondary / primary): {@code bioSubmit} (1), {@code bioSlabAlloc} and
 * {@code bioSlabFree} (1 on baseline, about 0 with a cache that serves the point),
 * {@code bioCacheHit}/{@code bioCacheMiss}, {@code iopollLoop} (io_do_iopoll passes),
 * {@code bioIrqComplete} (1 by interrupt, 0 polled), {@code enter} (1/32). {@code -prof gc}
 * gives the bytes allocated per read ({@code gc.alloc.rate.norm}): the bio the slab makes is
 * the part the cache saves.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   ./uring-lab compare --include PolledReads               # the race, then the HTML report
 *   java -jar jmh/target/benchmarks.jar PolledReadsBenchmark -p ring=emulated -p profile=linux-5.14 -prof gc
 *   java -jar jmh/target/benchmarks.jar PolledReadsBenchmark -p ring=native -p polled=false -p bioAlloc=baseline
 * </pre>
 * (mode, iterations, forks and the forks' JVM flags come from {@link RingBenchmark}).
 */
public class PolledReadsBenchmark extends RingBenchmark {

    /** The ring, its device and the polled-reads loop. */
    @State(Scope.Thread)
    public static class PolledReadsState extends BenchmarkRingState {
        /** The engine: the emulated kernel, or the real one. */
        @Param({"emulated", "native"})
        public String ring;

        /** Every axis at baseline, or seed 004's context (linux-5.14: the author's kernel before the series). */
        @Param({"baseline", "linux-5.14"})
        public String profile;

        /** Seed 004's axis: bio allocation. */
        @Param(Axis.BASELINE) // and every alias raced on this workload: ParamRules.aliases
        public String bioAlloc;

        /** {@code -p1} (IORING_SETUP_IOPOLL on a device with a poll queue) or {@code -p0} (interrupts). */
        @Param({"true", "false"})
        public boolean polled;

        PolledReads reads;

        @Override
        protected RingConfig.Builder setup() {
            return PolledReads.setup(polled);
        }

        @Override
        protected void opened(Ring ring) {
            reads = new PolledReads(ring, polled);
        }

        @Override
        protected void closing() {
            reads.close();
        }
    }

    /** The counters that explain polled reads, per iteration (divide by the primary score for per-read figures). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class PolledReadsCounters extends RingCounters {
        public long enter;
        public long bioSubmit;
        public long bioSlabAlloc;
        public long bioSlabFree;
        public long bioCacheHit;
        public long bioCacheMiss;
        public long iopollLoop;
        public long bioIrqComplete;
    }

    /** One pass of t/io_uring's loop: 32 reads prepared, submitted, and 32 reaped. */
    @Benchmark
    @OperationsPerInvocation(PolledReads.SUBMIT_BATCH)
    public int polledReads(PolledReadsState state, PolledReadsCounters counters) {
        return state.reads.submitAndReap();
    }
}
