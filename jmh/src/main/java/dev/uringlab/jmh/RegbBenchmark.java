package dev.uringlab.jmh;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Axis;
import dev.uringlab.workloads.regb.RegbPollMulti;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * reg.b "poll_multi eventfd": how many multishot CQEs per second a ring posts, the race of
 * seed 000 ("io_uring: batch multishot completions").
 *
 * <h2>The kernel workload it mirrors</h2>
 * liburing's {@code benchmark/reg.b -s 1 -t 2000 -r 10} from the series: 128 multishot
 * POLL_ADDs on a pipe, an eventfd registered; each round writes a byte, waits for the 128 CQEs,
 * re-arms ended polls, reads the byte and advances the CQ (see {@link RegbPollMulti}). Its
 * rps is CQEs per second; here one operation is one CQE ({@code @OperationsPerInvocation(128)}),
 * so the score is CQEs/s. The series measured 8.3 M/s (6.1) -> 19.3 M/s (6.2), 2.3x; its v1
 * swept the CQE array: 8 -> 18.8 M/s, 16 -> 19.3, 32 -> 20.1. This machine's kernel runs it at
 * about 8.3 M CQEs/s.
 *
 * <h2>What is compared</h2>
 * <ul>
 *   <li>{@code ring=emulated, completion=baseline}: 6.1, per aux CQE two completion-lock
 *       sections (io_post_aux_cqe's, and io_eventfd_flush_signal's check of the registered
 *       eventfd), one commit and one ev_posted (eventfd signal);</li>
 *   <li>{@code ring=emulated, completion=batched-cqe, cqeArray=8|16|32}: 6.2, aux CQEs
 *       deferred into the array and posted with one lock per full array, then one lock,
 *       commit and ev_posted for the batch's flush;</li>
 *   <li>{@code ring=native, completion=baseline}: the running kernel, same loop. It is neither
 *       6.1 nor 6.2: it is today's kernel (this machine's), which since 2024 ("io_uring: get rid
 *       of intermediate aux cqe caches", Pavel Begunkov) writes aux CQEs straight into the CQ
 *       without the completion lock on a DEFER_TASKRUN ring such as reg.b's, so it stands for
 *       neither side of the series and is no baseline for its ratio (the report says so
 *       beside it);</li>
 *   <li>{@code pollRearm=baseline|active-flag}: seed 002's axis on the same loop, where its
 *       saving is largest: per CQE, baseline takes the poll off the pipe's waitqueue and puts it
 *       back ({@code waitqueueAdd}, {@code waitqueueRemove} 1 each, more {@code waitqueueLock}s),
 *       the active flag neither.</li>
 * </ul>
 * {@code cqeArray} is batched-cqe's {@code cqe-array} option: with baseline (and so on the
 * native ring) only its default 16 is run; the other points fail at setup with the reason and
 * {@code uring-lab compare} skips them ({@link ParamRules}).
 *
 * <h2>Secondary metrics</h2>
 * Per CQE (secondary score / primary score), as ring-core's {@code BaselineCountersTest} and
 * workloads' {@code RegbPollMultiTest} pin them: {@code completionLock} (baseline 2:
 * io_post_aux_cqe's section and io_eventfd_flush_signal's; batched-cqe 9/128 with the default
 * array: 7 sections for the full arrays of a 128-CQE round, the batch flush's, and
 * io_eventfd_flush_signal's once per round; 17/128 with 8 entries, 5/128 with 32),
 * {@code evPosted} (baseline 1; batched-cqe 1/128: one per round), {@code eventfdSignal} (the
 * same, plus 1/128 in both: the first poll's task work finds the DEFER_TASKRUN ring's work list
 * empty and signals before any CQE), {@code enter} and {@code localWorkPass} (1/128 in both: the
 * round's wait enters once and runs the polls' task work there),
 * {@code cqCommit} (the same), {@code cqeFilled} (1), {@code auxCqeDeferred} (batched-cqe 1,
 * baseline 0), {@code waitqueueLock} (waitqueue-head lock acquisitions: under
 * {@code profile=baseline} 5.15's re-arm takes the pipe's head lock for add_wait_queue and the
 * engine's missed-wakeup check per CQE, beside the waker's __wake_up; under {@code linux-6.1}
 * poll_refs leaves only the waker's, 1/128 per CQE, plus the eventfd's), {@code waitqueueAdd}
 * and {@code waitqueueRemove} (1 each per CQE on 5.15's re-arm, 0 on poll-refs) and
 * {@code taskWorkRun} (1 per CQE: each poll's task work). The native ring counts only what
 * user space sees.
 *
 * <h2>The race in its context</h2>
 * The author's race is 6.1 against 6.2: {@code profile=linux-6.1} with {@code completion}
 * baseline against batched-cqe, every other axis the same 6.1 mechanism in both arms.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   ./uring-lab compare --include Regb                    # the whole race, then the HTML report
 *   java -jar jmh/target/benchmarks.jar RegbBenchmark -p ring=emulated -p profile=linux-6.1 -p cqeArray=16
 *   java -jar jmh/target/benchmarks.jar RegbBenchmark -p ring=native -p completion=baseline -p cqeArray=16
 * </pre>
 * (build the jar with {@code ./mvnw -B -q -pl jmh -am package -DskipTests}).
 */
public class RegbBenchmark extends RingBenchmark {

    /** The ring and the reg.b loop on it. */
    @State(Scope.Thread)
    public static class RegbState extends BenchmarkRingState {
        /** The engine: the emulated kernel, or the real one. */
        @Param({"emulated", "native"})
        public String ring;

        /**
         * The context: {@code linux-6.1}, seed 000's kernel (poll_refs ownership, the 5.16 request
         * cache, 6.1's ev_posted; {@link dev.uringlab.spi.KernelProfile}), or {@code baseline} (every
         * axis at its pre-patch alias: 5.15's poll re-arm under 6.1's posting, the old combined
         * picture).
         */
        @Param({"baseline", "linux-6.1"})
        public String profile;

        /** Seed 000's axis: completion posting. */
        @Param(Axis.BASELINE) // and every alias raced on this workload: ParamRules.aliases
        public String completion;

        /**
         * Seed 002's axis, raced here too: 128 multishot polls on one pipe isolate the
         * list_del_init + add_wait_queue per CQE (one waitqueue-head lock round trip each) that
         * the active flag removes, the cost the author's profile showed; and poll_refs, which
         * replaced it.
         */
        @Param(Axis.BASELINE) // and every alias raced on this workload: ParamRules.aliases
        public String pollRearm;

        /** batched-cqe's CQE array length (the series' v1 sweep); baseline runs at 16 only. */
        @Param({"8", "16", "32"})
        public String cqeArray;

        RegbPollMulti regb;

        @Override
        protected RingConfig.Builder setup() {
            return RegbPollMulti.setup();
        }

        @Override
        protected void opened(Ring ring) {
            regb = new RegbPollMulti(ring);
        }

        @Override
        protected void closing() {
            if (regb != null) {
                regb.close();
            }
        }
    }

    /** The counters that explain reg.b, per iteration (divide by the primary score for per-CQE figures). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class RegbCounters extends RingCounters {
        public long completionLock;
        public long evPosted;
        public long eventfdSignal;
        public long cqCommit;
        public long cqeFilled;
        public long auxCqeDeferred;
        public long waitqueueLock;
        public long waitqueueAdd;
        public long waitqueueRemove;
        public long taskWorkRun;
        // Counted by the kernel too (tracepoints): a counting fork's native point carries the kernel's.
        public long pollExecute;
        public long taskWorkPass;
        public long pollArm;
        public long schedWaking;
    }

    /** One reg.b round: 128 multishot CQEs posted, waited for and consumed. */
    @Benchmark
    @OperationsPerInvocation(RegbPollMulti.NSQE)
    public int regb(RegbState state, RegbCounters counters) {
        return state.regb.round();
    }
}
