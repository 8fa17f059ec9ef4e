package dev.uringlab.jmh;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.workloads.regb.RegbPollMulti;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

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
 *   <li>{@code ring=emulated, completion=baseline}: 6.1, one lock section, commit and
 *       ev_posted (eventfd signal) per aux CQE;</li>
 *   <li>{@code ring=emulated, completion=batched-cqe, cqeArray=8|16|32}: 6.2, aux CQEs
 *       deferred into the array and posted with one lock, commit and ev_posted per flush;</li>
 *   <li>{@code ring=native, completion=baseline}: the real kernel, same loop;</li>
 *   <li>{@code pollRearm=baseline|active-flag}: seed 002's axis on the same loop, where its
 *       saving is largest: per CQE, baseline takes the poll off the pipe's waitqueue and puts it
 *       back ({@code waitqueueAdd}, {@code waitqueueRemove} 1 each, two more
 *       {@code waitqueueLock}s), the active flag neither.</li>
 * </ul>
 * {@code cqeArray} is batched-cqe's {@code cqe-array} option: with baseline (and so on the
 * native ring) only its default 16 is run; the other points fail at setup with the reason and
 * {@code uring-lab compare} skips them ({@link ParamRules}).
 *
 * <h2>Secondary metrics</h2>
 * Per CQE (secondary score / primary score): {@code completionLock} (baseline 1; batched-cqe
 * 1/16 with the default array: one per full-array flush plus the batch flush),
 * {@code evPosted} and {@code eventfdSignal} (baseline 1; batched-cqe 1/128: one per round),
 * {@code cqCommit} (the same), {@code cqeFilled} (1), {@code auxCqeDeferred} (batched-cqe 1,
 * baseline 0). The native ring counts only what user space sees.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   ./uring-lab compare --include Regb                    # the whole race, then the HTML report
 *   java -jar jmh/target/benchmarks.jar RegbBenchmark -p ring=emulated -p completion=batched-cqe -prof gc
 *   java -jar jmh/target/benchmarks.jar RegbBenchmark -p ring=native -p completion=baseline -p cqeArray=16
 * </pre>
 * (build the jar with {@code ./mvnw -B -q -pl jmh -am package -DskipTests}).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow"})
public class RegbBenchmark {

    /** The ring and the reg.b loop on it. */
    @State(Scope.Thread)
    public static class RegbState extends RingState {
        /** The engine: the emulated kernel, or the real one. */
        @Param({"emulated", "native"})
        public String ring;

        /** Seed 000's axis: completion posting. */
        @Param({"baseline", "batched-cqe"})
        public String completion;

        /**
         * Seed 002's axis, raced here too: 128 multishot polls on one pipe isolate the
         * list_del_init + add_wait_queue per CQE (one waitqueue-head lock round trip each) that
         * the active flag removes, the cost the author's profile showed.
         */
        @Param({"baseline", "active-flag"})
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
        public long waitqueueAdd;
        public long waitqueueRemove;
        public long waitqueueLock;
    }

    /** One reg.b round: 128 multishot CQEs posted, waited for and consumed. */
    @Benchmark
    @OperationsPerInvocation(RegbPollMulti.NSQE)
    public int regb(RegbState state, RegbCounters counters) {
        return state.regb.round();
    }
}
