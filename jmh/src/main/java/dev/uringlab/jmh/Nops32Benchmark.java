package dev.uringlab.jmh;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Axis;
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
 * fio's {@code t/io_uring -N1 -s32 -c32 -dD}, swept over the queue depth D = 1, 8, 32, 128
 * ({@code depth}); as t/io_uring's main() does, the submit and complete batches are clamped
 * to the depth (so -d1 submits and waits for 1, -d8 for 8, -d32 and -d128 for 32; at -d128
 * the batch fits under the depth, so the enter waits for nothing and the loop just reaps).
 * Each loop prepares a batch of NOP SQEs, calls {@code io_uring_enter} and reaps every CQE
 * (see {@link Nops32}). t/io_uring's IOPS is SQEs submitted per second; here one operation is
 * one NOP: an invocation runs as many loops as make {@value #NOPS_PER_INVOCATION} NOPs at every
 * depth ({@code @OperationsPerInvocation}), so the score is NOPs/s, directly comparable with
 * fio's figure. Seed 001 ("squeeze more performance") was measured at -d32 with patches 1-15
 * (as applied): 34 -> 42 MIOPS on one setup ("a share of it should be accounted as compiler/HW
 * magic"), 31 -> 31 on another (32 with 16/16, which was left aside), 3-5% expected on a stable
 * one. On this machine's kernel
 * t/io_uring does about 11.6 M NOP/s.
 *
 * <h2>What is compared</h2>
 * <ul>
 *   <li>{@code ring=emulated, profile=for-5.16-2021-10-04}, {@code reqAlloc=baseline} against
 *       {@code reqAlloc=req-cache}: seed 001's race, in its author's base (Jens Axboe's
 *       for-5.16/io_uring on the day the series was posted: the free-list stack of the
 *       2021-09-24 series, a ctx reference taken per submission and put per freed batch, the
 *       split ev_posted) against the same tree with patches 1-15 as applied (the cold refill,
 *       ctx references kept by cached requests, the merged ev_posted); its steps, both arms, are
 *       strategy-req-cache's {@code nops32-5.16.recipe};</li>
 *   <li>{@code ring=emulated, profile=baseline, reqAlloc=baseline}: the emulated kernel with
 *       every pre-patch mechanism (5.15's request allocation: the submit state's 32-slot array
 *       refilled from the free list or by bulk allocation);</li>
 *   <li>{@code ring=emulated, reqAlloc=req-cache}: the 5.16 request allocation against that
 *       reference, every other axis at baseline;</li>
 *   <li>{@code ring=emulated, profile=all-patches}: every patch at once;</li>
 *   <li>{@code ring=native, profile=baseline}: the real kernel through the same Ring API and
 *       the same loop; the ratio emulated/native says what the emulator costs.</li>
 * </ul>
 * The other points of the cross product ({@code native} with a profile or with
 * {@code req-cache}, {@code all-patches} with an explicit alias) are not experiments: they fail
 * at setup with the reason ({@link ParamRules}), and {@code uring-lab compare} does not run
 * them. Where io_uring is disabled, {@code ring=native} fails at setup with the kernel's reason.
 *
 * <h2>Secondary metrics</h2>
 * Per NOP (secondary score / primary score): {@code enter} (1/batch), {@code sqeSubmitted}
 * (1), {@code reqAlloc}/{@code reqFree} (1), {@code reqSlabAlloc}/{@code reqSlabFree},
 * {@code reqCacheRefill} and {@code reqBulkAlloc} (about 0 on both arms: NOPs complete
 * inline, so no more than one batch of requests is ever live and both caches refill only in
 * the first loop; the 5.15 array refills from its free list only when more than 32 requests
 * are live, which nops32 never reaches), {@code completionLock}, {@code cqCommit} and
 * {@code evPosted} (1/batch: one flush per enter), {@code ctxRef} (the request cache's gets
 * and puts of the ctx reference count, an RCU section each: 2/batch in seed 001's base, a tryget
 * per submission and a put per freed batch; 0 with the series, whose cached requests keep theirs), {@code waitqueueWake} (the wakeups
 * ev_posted made: 0, since nobody sleeps on the CQ when NOPs complete inline),
 * {@code cqeFilled} (1). The native ring counts only what user space sees, except in a counting
 * fork ({@code -prof dev.uringlab.jmh.KernelCountsProfiler}), where every counter with a
 * tracepoint ({@code enter}, {@code sqeSubmitted}, {@code cqeFilled}, {@code cqringWait},
 * {@code schedSwitch}...) is the kernel's own count. {@code -prof gc}
 * gives the bytes allocated per NOP ({@code gc.alloc.rate.norm}): about 0 on both emulated
 * arms (requests are recycled, never allocated per NOP) and on the native ring.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   ./uring-lab compare --include Nops32                 # the whole race, then the HTML report
 *   java -jar jmh/target/benchmarks.jar Nops32Benchmark -p ring=emulated -p profile=baseline -prof gc
 *   java -jar jmh/target/benchmarks.jar Nops32Benchmark -p ring=native -p profile=baseline -p reqAlloc=baseline
 * </pre>
 * (build the jar with {@code ./mvnw -B -q -pl jmh -am package -DskipTests}; mode, iterations,
 * forks and the forks' JVM flags come from {@link RingBenchmark}).
 */
public class Nops32Benchmark extends RingBenchmark {
    /** NOPs per invocation: a whole number of loops at every depth (128 loops of 1, 16 of 8, 4 of 32). */
    static final int NOPS_PER_INVOCATION = 128;

    /** The ring and the nops32 loop on it. */
    @State(Scope.Thread)
    public static class Nops32State extends BenchmarkRingState {
        /** The engine: the emulated kernel, or the real one. */
        @Param({"emulated", "native"})
        public String ring;

        /** Every axis at baseline, every axis at its newest patch, or seed 001's context (its author's base, for-5.16 on 2021-10-04). */
        @Param({"baseline", "all-patches", "for-5.16-2021-10-04"})
        public String profile;

        /**
         * Seed 001's axis: request allocation, the profile's ({@code baseline}: 5.15's array, or
         * the base's {@code free-stack} under its profile) or the series' ({@code req-cache},
         * which brings the series' {@code ev-posted=merged-waitqueue} along in the base's profile).
         */
        @Param(Axis.BASELINE) // and every alias raced on this workload: ParamRules.aliases
        public String reqAlloc;

        /** t/io_uring's {@code -d}; seed 001 measured at 32. */
        @Param({"1", "8", "32", "128"})
        public int depth;

        Nops32 nops;

        @Override
        protected RingConfig.Builder setup() {
            return Nops32.setup(depth);
        }

        @Override
        protected void opened(Ring ring) {
            nops = new Nops32(ring, depth);
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
        public long reqCacheRefill;
        public long reqBulkAlloc;
        public long completionLock;
        public long cqeFilled;
        public long cqCommit;
        public long evPosted;
        public long ctxRef;
        public long waitqueueWake;
        // Counted by the kernel too (tracepoints): a counting fork's native point carries the kernel's.
        public long cqringWait;
        public long schedSwitch;
    }

    /** Passes of t/io_uring's loop (batches prepared, submitted, waited for and reaped) until {@value #NOPS_PER_INVOCATION} NOPs went through. */
    @Benchmark
    @OperationsPerInvocation(NOPS_PER_INVOCATION)
    public int nops32(Nops32State state, Nops32Counters counters) {
        Nops32 nops = state.nops;
        int done = 0;
        while (done < NOPS_PER_INVOCATION) {
            done += nops.submitAndReap();
        }
        return done;
    }
}
