package dev.uringlab.jmh;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.workloads.linkednops.ChainCqes;
import dev.uringlab.workloads.linkednops.LinkedNops;
import dev.uringlab.workloads.nops.Nops32;
import java.util.function.IntSupplier;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Calibration workloads for the kernel prices (DESIGN.md, "Measuring"; reports'
 * {@code PriceFit}): NOPs on the native ring, each workload moving one kind of step at a time
 * against the others: the batch size (system calls per NOP: {@code nop-b1} to {@code nop-b32}),
 * links ({@code link2}, {@code link10}, {@code link100}: up to a link member and a task-work pass per NOP), the skip
 * flag (the same without their CQEs), io-wq punts ({@code async1}: a punt, a task-work pass and
 * two context switches per NOP; {@code async-link2}, {@code async-link10}: one punt per two, per ten). One operation is one
 * NOP. Run it twice: once for the times, once with {@code -prof dev.uringlab.jmh.KernelCountsProfiler}
 * for the kernel's counts of each kind of step per NOP (counting costs time, so the counting run
 * is not timed). {@code uring-lab compare} does not run it unless {@code --include} names it.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   java -jar jmh/target/benchmarks.jar CalibrationBenchmark -f 1 -wi 3 -i 5 -rf json -rff timing.json
 *   java -jar jmh/target/benchmarks.jar CalibrationBenchmark -f 1 -wi 1 -i 2 -rf json -rff counts.json \
 *        -prof dev.uringlab.jmh.KernelCountsProfiler
 *   java -cp reports/target/classes:... dev.uringlab.reports.prices.PriceFit timing.json counts.json
 * </pre>
 */
public class CalibrationBenchmark extends RingBenchmark {
    /** NOPs per invocation: whole loops of every workload (batches of 1 to 32, chains of 1, 2, 10 and 100). */
    static final int NOPS_PER_INVOCATION = 800;

    /** The native ring and one calibration workload on it. */
    @State(Scope.Thread)
    public static class CalibrationState extends BenchmarkRingState {
        /** The real kernel only: the prices are its. */
        @Param({"native"})
        public String ring;

        /** The workload: which kind of step it moves. */
        @Param({"nop-b1", "nop-b4", "nop-b8", "nop-b16", "nop-b32", "link2", "link10", "link10-skip", "link100", "link100-skip",
            "async1", "async-link2", "async-link10", "async-link10-skip"})
        public String calib;

        IntSupplier op;

        @Override
        protected RingConfig.Builder setup() {
            return calib.startsWith("nop-b") ? Nops32.setup(batch()) : LinkedNops.setup(linkSize());
        }

        @Override
        protected void opened(Ring ring) {
            if (calib.startsWith("nop-b")) {
                op = new Nops32(ring, batch())::submitAndReap;
            } else {
                op = new LinkedNops(ring, linkSize(), calib.endsWith("-skip") ? ChainCqes.LAST_BY_SKIP_FLAG : ChainCqes.EVERY_NOP,
                        calib.startsWith("async"))::submitAndReap;
            }
        }

        private int batch() {
            return Integer.parseInt(calib.substring("nop-b".length()));
        }

        private int linkSize() {
            return calib.contains("100") ? 100 : calib.contains("10") ? 10 : calib.contains("2") ? 2 : 1;
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
    }

    /** {@value #NOPS_PER_INVOCATION} NOPs of the workload. */
    @Benchmark
    @OperationsPerInvocation(NOPS_PER_INVOCATION)
    public int calibration(CalibrationState state, CalibrationCounters counters) {
        int done = 0;
        while (done < NOPS_PER_INVOCATION) {
            done += state.op.getAsInt();
        }
        return done;
    }
}
