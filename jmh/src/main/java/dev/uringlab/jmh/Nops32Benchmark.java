package dev.uringlab.jmh;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.workloads.nops.Nops32;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * nops32: how many NOPs per second a ring pushes through submission and completion, the
 * fixed cost io_uring pays per request with no file or device behind it.
 *
 * <h2>The kernel workload it mirrors</h2>
 * fio's {@code t/io_uring -N1 -s32 -d32 -c32}: queue depth 32; each loop prepares 32 NOP SQEs,
 * calls {@code io_uring_enter(32, 32, IORING_ENTER_GETEVENTS)} and reaps every CQE (see
 * {@link Nops32}). t/io_uring's IOPS is SQEs submitted per second; here one operation is one
 * NOP ({@code @OperationsPerInvocation(32)}), so the score is NOPs/s, directly comparable with
 * fio's figure. Seed 001 ("squeeze more performance") was measured this way: 34 -> 42 MIOPS on
 * one setup, 31 -> 32 on another, 3-5% expected on a stable one. On this machine's kernel
 * t/io_uring does about 11.6 M NOP/s.
 *
 * <h2>What is compared</h2>
 * <ul>
 *   <li>{@code ring=emulated, profile=baseline}: the emulated kernel with every pre-patch mechanism;</li>
 *   <li>{@code ring=emulated, reqAlloc=<alias>}: seed 001's request cache head-to-head (more
 *       aliases join {@code reqAlloc} as strategies land);</li>
 *   <li>{@code ring=emulated, profile=all-patches}: every patch at once;</li>
 *   <li>{@code ring=native, profile=baseline}: the real kernel through the same Ring API and
 *       the same loop; the ratio emulated/native says what the emulator costs.</li>
 * </ul>
 * The other points of the cross product ({@code native} with a profile, {@code all-patches}
 * with an explicit alias) are not experiments: they fail at setup with the reason
 * ({@link ParamRules}), and {@code uring-lab compare} does not run them. Where io_uring is
 * disabled, {@code ring=native} fails at setup with the kernel's reason.
 *
 * <h2>Secondary metrics</h2>
 * Per NOP (secondary score / primary score): {@code enter} (1/32), {@code sqeSubmitted} (1),
 * {@code reqAlloc}/{@code reqFree} (1), {@code reqSlabAlloc}/{@code reqSlabFree} (what
 * seed 001 saves), {@code completionLock}, {@code cqCommit} and {@code evPosted} (1/32: one
 * flush per batch), {@code cqeFilled} (1). The native ring counts only what user space sees.
 * {@code -prof gc} gives the bytes allocated per NOP ({@code gc.alloc.rate.norm}): 72 on the
 * emulated baseline, the one request ({@code io_kiocb}) it takes from the slab per NOP, which
 * seed 001's request cache recycles instead; about 0 on the native ring.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   ./uring-lab compare --include Nops32                 # the whole race, then the HTML report
 *   java -jar jmh/target/benchmarks.jar Nops32Benchmark -p ring=emulated -prof gc
 *   java -jar jmh/target/benchmarks.jar Nops32Benchmark -p ring=native -p profile=baseline
 * </pre>
 * (build the jar with {@code ./mvnw -B -q -pl jmh -am package -DskipTests}; mode, iterations,
 * forks and the forks' JVM flags come from {@link RingBenchmark}).
 */
public class Nops32Benchmark extends RingBenchmark {

    /** The ring and the nops32 loop on it. */
    @State(Scope.Thread)
    public static class Nops32State extends RingState {
        /** The engine: the emulated kernel, or the real one. */
        @Param({"emulated", "native"})
        public String ring;

        /** Every axis at baseline, or every axis at its newest patch. */
        @Param({"baseline", "all-patches"})
        public String profile;

        /** Seed 001's axis: request allocation. */
        @Param({"baseline"})
        public String reqAlloc;

        Nops32 nops;

        @Override
        protected RingConfig.Builder setup() {
            return Nops32.setup();
        }

        @Override
        protected void opened(Ring ring) {
            nops = new Nops32(ring);
        }
    }

    /** The counters that explain nops32, per iteration (divide by the primary score for per-NOP figures). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Nops32Counters extends RingCounters {
        public long enter;
        public long sqeSubmitted;
        public long reqAlloc;
        public long reqFree;
        public long reqSlabAlloc;
        public long reqSlabFree;
        public long completionLock;
        public long cqeFilled;
        public long cqCommit;
        public long evPosted;
    }

    /** One pass of t/io_uring's loop: 32 NOPs prepared, submitted, waited for and reaped. */
    @Benchmark
    @OperationsPerInvocation(Nops32.DEPTH)
    public int nops32(Nops32State state, Nops32Counters counters) {
        return state.nops.submitAndReap();
    }
}
