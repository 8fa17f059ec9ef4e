package dev.uringlab.jmh;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Axis;
import dev.uringlab.workloads.linkednops.ChainCqes;
import dev.uringlab.workloads.linkednops.LinkedNops;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Linked NOPs: what posting one CQE per link chain instead of one per request saves (seed 003,
 * "[RFC] single cqe per link"), on the emulated kernel and on the real one.
 *
 * <h2>The kernel workload it mirrors</h2>
 * The RFC's "submit-and-reap of a nops-link": a chain of N NOPs linked with IOSQE_IO_LINK is
 * submitted with one io_uring_enter that waits for the chain's CQEs, which are reaped, and so
 * on (see {@link LinkedNops}). The author's figures, in ns per NOP, old -> new: links of 100,
 * 206 -> 144 (1.43x); links of 10, 234 -> 181 (1.29x); links of 10 with FORCE_ASYNC
 * (IOSQE_ASYNC on every SQE), 667 -> 569 (1.17x). Here one operation is one NOP
 * ({@code @OperationsPerInvocation(1000)}: 100 chains of 10 or 10 chains of 100), so the
 * score is NOPs/s and ns/NOP = 1e9 / score.
 *
 * <h2>What is compared</h2>
 * <ul>
 *   <li>{@code linkCqe}: {@code baseline} (every NOP posts), {@code boxed-cqe} (the RFC's ring
 *       rule) and {@code cqe-skip-success} (the flag merged for 5.17, set on every SQE but the
 *       last by the workload);</li>
 *   <li>{@code completion}: {@code per-cqe-lock}, the 5.6 posting path the RFC was measured on
 *       (a lock section, tail commit and wakeup per CQE: the RFC's context), and
 *       {@code baseline}, today's batched posting (one per batch: today's context, where a
 *       suppressed CQE saves less);</li>
 *   <li>{@code ring=native} with {@code linkCqe} baseline and cqe-skip-success: the real
 *       kernel's own ratio with and without the flag, in the same run.</li>
 *   <li>{@code linkSize} 10 and 100, {@code async} only with links of 10, as in the RFC.</li>
 * </ul>
 * Points that are not experiments fail at setup with the reason and {@code uring-lab compare}
 * skips them ({@link ParamRules}): the native ring with an emulated strategy
 * ({@code boxed-cqe}, {@code per-cqe-lock}), {@code async=true} with links of 100, and
 * {@code cqe-skip-success} on {@code per-cqe-lock} (no kernel had both): 21 points, so the RFC's
 * mechanism is raced in both contexts and the merged flag in today's, on both engines.
 *
 * <h2>Secondary metrics</h2>
 * Per NOP (secondary score / primary score): {@code enter} (1/N: one per chain), {@code cqeFilled} (1 on baseline, 1/N when only
 * the last posts), {@code completionLock}, {@code cqCommit} and {@code evPosted} (1 per CQE on
 * per-cqe-lock, 1 per batch on baseline), {@code taskWorkRun} and {@code ioWqEnqueue} (the
 * async case: each NOP goes through an io-wq worker and back through task work). The native
 * ring counts only what user space sees.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   ./uring-lab compare --include LinkedNops             # the whole race, then the HTML report
 *   java -jar jmh/target/benchmarks.jar LinkedNopsBenchmark -p ring=emulated -p linkSize=100 -p async=false
 *   java -jar jmh/target/benchmarks.jar LinkedNopsBenchmark -p ring=native -p completion=baseline \
 *        -p linkCqe=baseline,cqe-skip-success
 * </pre>
 * (build the jar with {@code ./mvnw -B -q -pl jmh -am package -DskipTests}).
 */
public class LinkedNopsBenchmark extends RingBenchmark {
    /** NOPs per benchmark invocation: a whole number of chains of either size. */
    public static final int NOPS_PER_INVOCATION = 1000;

    /** The ring and the linked-NOPs loop on it. */
    @State(Scope.Thread)
    public static class LinkedNopsState extends BenchmarkRingState {
        /** NOPs per chain. */
        @Param({"10", "100"})
        public int linkSize;

        /** IOSQE_ASYNC on every SQE (the RFC's FORCE_ASYNC case). */
        @Param({"false", "true"})
        public boolean async;

        /** Seed 003's axis: which requests of a link post. */
        @Param(Axis.BASELINE) // and every alias raced on this workload: ParamRules.aliases
        public String linkCqe;

        /**
         * The context: {@code linux-5.6}, the RFC's kernel (per-CQE posting, inline link advance,
         * io-wq workers that post and keep the chain, 5.6's ev_posted;
         * {@link dev.uringlab.spi.KernelProfile}), or {@code baseline} (today's mechanisms, with
         * {@code completion} chosen alone).
         */
        @Param({"baseline", "linux-5.6"})
        public String profile;

        /** The posting path: today's batched one, or the 5.6 one of the RFC's time. */
        @Param(Axis.BASELINE) // and every alias raced on this workload: ParamRules.aliases
        public String completion;

        /** The engine: the emulated kernel, or the real one. */
        @Param({"emulated", "native"})
        public String ring;

        LinkedNops nops;
        int chains;

        @Override
        protected RingConfig.Builder setup() {
            return LinkedNops.setup(linkSize);
        }

        @Override
        protected void opened(Ring ring) {
            if (NOPS_PER_INVOCATION % linkSize != 0) {
                throw new IllegalArgumentException("linkSize=" + linkSize + " does not divide " + NOPS_PER_INVOCATION);
            }
            nops = new LinkedNops(ring, linkSize, ChainCqes.forLinkCqe(linkCqe), async);
            chains = NOPS_PER_INVOCATION / linkSize;
        }
    }

    /** The counters that explain linked NOPs, per iteration (divide by the primary score for per-NOP figures). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class LinkedNopsCounters extends RingCounters {
        public long enter;
        public long cqeFilled;
        public long completionLock;
        public long cqCommit;
        public long evPosted;
        public long taskWorkRun;
        public long ioWqEnqueue;
        // Counted by the kernel too (tracepoints): a counting fork's native point carries the kernel's.
        public long sqeSubmitted;
        public long reqLinked;
        public long cqringWait;
        public long taskWorkPass;
    }

    /** {@value #NOPS_PER_INVOCATION} NOPs: chains submitted, waited for and reaped one by one. */
    @Benchmark
    @OperationsPerInvocation(NOPS_PER_INVOCATION)
    public int linkedNops(LinkedNopsState state, LinkedNopsCounters counters) {
        int nops = 0;
        for (int i = 0; i < state.chains; i++) {
            nops += state.nops.submitAndReap();
        }
        return nops;
    }
}
