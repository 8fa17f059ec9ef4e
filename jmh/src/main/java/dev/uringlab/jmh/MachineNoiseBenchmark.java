package dev.uringlab.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The machine's own noise, for the report to hold the races' fork-to-fork spread against: a
 * fixed, call-free kernel whose compiled code has one shape in every fork (one loop, nothing to
 * inline, no allocation, no type profile), so that the spread of its fork means is the
 * machine's (other tenants of a shared host, frequency changes), not the JIT's. {@code uring-lab
 * compare} runs it as a sentinel among the races (one fork first, then one after every eight
 * others), with the same fork settings, under the same load; a race whose forks spread much wider
 * than this has a JIT or emulator cause, one that spreads about as wide has none the emulator
 * could fix.
 *
 * <p>The kernel: 64-bit LCG steps, each adding its value into a 4 KiB table at an index it
 * chooses (a dependent multiply and a random L1 access per step, about the grain of the
 * emulator's per-request work). One operation is one step.
 *
 * <pre>
 *   java -jar jmh/target/benchmarks.jar MachineNoiseBenchmark -f 6
 * </pre>
 */
public class MachineNoiseBenchmark extends RingBenchmark {
    /** LCG steps per invocation. */
    static final int STEPS = 1024;

    /** The table the steps add into, and the generator's state. */
    @State(Scope.Thread)
    public static class Table {
        final long[] slots = new long[512];
        long x;

        @Setup
        public void seed() {
            x = 0x9E3779B97F4A7C15L;
        }
    }

    /** {@value #STEPS} LCG steps (Knuth's MMIX constants), each adding its value into the slot its top bits choose. */
    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long lcgTable(Table t) {
        long x = t.x;
        long[] slots = t.slots;
        for (int i = 0; i < STEPS; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            slots[(int) (x >>> 55)] += x;
        }
        t.x = x;
        return x;
    }
}
