package dev.uringlab.jmh;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.workloads.calibration.Calibration;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Calibration workloads for the kernel prices (DESIGN.md, "Measuring"; reports'
 * {@code PriceFit}): workloads' {@link Calibration#ALL} on the native ring, each moving one kind
 * of step against the others: the batch size (system calls per NOP: {@code nop-b1} to
 * {@code nop-b32}), links ({@code link2}, {@code link10}, {@code link100}), the skip flag (the same
 * without their CQEs), io-wq punts ({@code async1}, {@code async-link2}, {@code async-link10}),
 * multishot polls on one pipe with and without a registered eventfd ({@code polls8-evfd} to
 * {@code polls128}), the echo server over TCP socket pairs ({@code echo1}, {@code echo8}), and NOPs
 * with the 6.13/6.17 flags, which move one kind or a small mix per NOP ({@code nop-file-b8},
 * {@code nop-file-b32}: fget/fput; {@code nop-fixed-file-b8}, {@code nop-fixed-file-b32}: a call;
 * {@code nop-tw-b1} to {@code nop-tw-b32}: the task-work round trip per batch, a list operation per
 * NOP). One operation is one NOP, CQE or echo transaction. Run it twice: once for the times, once with
 * {@code -prof dev.uringlab.jmh.KernelCountsProfiler} for the kernel's counts per operation
 * (counting costs time, so the counting run is not timed). {@code uring-lab compare} does not run
 * it unless {@code --include} names it.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   java -jar jmh/target/benchmarks.jar CalibrationBenchmark -f 3 -wi 3 -i 10 -rf json -rff timing.json
 *   java -jar jmh/target/benchmarks.jar CalibrationBenchmark -f 3 -wi 3 -i 10 -rf json -rff counts.json \
 *        -prof dev.uringlab.jmh.KernelCountsProfiler
 *   ./uring-lab prices timing.json counts.json -o prices.json
 * </pre>
 */
public class CalibrationBenchmark extends RingBenchmark {
    /**
     * Operations per invocation: whole rounds of every workload (batches of 1 to 32, chains of 1 to
     * 100, 8 to 128 polls, echo rounds of 1 or 8 transactions).
     */
    static final int OPS_PER_INVOCATION = 6400;

    /** The native ring and one calibration workload on it. */
    @State(Scope.Thread)
    public static class CalibrationState extends BenchmarkRingState {
        /** The real kernel only: the prices are its. */
        @Param({"native"})
        public String ring;

        /** The workload ({@link Calibration#named}): which kind of step it moves. */
        @Param({"nop-b1", "nop-b4", "nop-b8", "nop-b16", "nop-b32", "link2", "link10", "link10-skip", "link100", "link100-skip",
            "async1", "async-link2", "async-link10", "async-link10-skip", "polls8-evfd", "polls32-evfd", "polls128-evfd",
            "polls8", "polls32", "polls128", "echo1", "echo8", "nop-file-b8", "nop-file-b32", "nop-fixed-file-b8",
            "nop-fixed-file-b32", "nop-tw-b1", "nop-tw-b8", "nop-tw-b32"})
        public String calib;

        Calibration.Round op;

        @Override
        protected RingConfig.Builder setup() {
            return Calibration.named(calib).setup().get();
        }

        @Override
        protected void opened(Ring ring) {
            op = Calibration.named(calib).open().apply(ring);
        }

        @Override
        protected void closing() {
            op.close().run();
        }
    }

    /** The steps each kind of which a price is fitted for, counted by the kernel in a counting fork. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class CalibrationCounters extends RingCounters {
        public long enter;
        public long sqeSubmitted;
        public long cqeFilled;
        public long reqLinked;
        public long taskWorkPass;
        public long ioWqEnqueue;
        public long schedSwitch;
        public long schedWaking;
        public long cqringWait;
        /** The echo's passes through TCP ({@code sock}), sends and receives: sock:sock_send_length, sock:sock_recv_length. */
        public long sockSend;
        public long sockRecv;
    }

    /** {@value #OPS_PER_INVOCATION} operations of the workload. */
    @Benchmark
    @OperationsPerInvocation(OPS_PER_INVOCATION)
    public int calibration(CalibrationState state, CalibrationCounters counters) {
        int done = 0;
        while (done < OPS_PER_INVOCATION) {
            done += state.op.run();
        }
        return done;
    }
}
