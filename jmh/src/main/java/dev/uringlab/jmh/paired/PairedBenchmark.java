package dev.uringlab.jmh.paired;

import dev.uringlab.jmh.RingBenchmark;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Set;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * A paired race: two arms in one fork, each in its own class loader ({@link Arms}), taking
 * turns in slices of {@code slice} milliseconds, each slice timed on its own.
 *
 * <h2>Why</h2>
 * This machine's speed swings for seconds at a time (memory-bound work by up to 2x), more than
 * most seeds' effects, and its two vCPUs swing apart; fork-by-fork races cannot average that
 * away in minutes. A slowdown that lasts seconds falls alike on two arms that take turns every
 * few tens of milliseconds in one thread, so the ratio of neighbouring slices cancels it
 * (duet benchmarking, Bulej et al. 2020; randomized multiple interleaved trials, Abedi and
 * Brecht 2017). {@link PhaseProbe} measured the phases and chose {@value #SLICE_MILLIS} ms.
 *
 * <h2>How</h2>
 * One invocation is one block of four slices in a balanced random order, ABBA or BAAB (a fair
 * coin per block), so that neither arm is favoured by going first and a linear drift within a
 * block cancels. Slices {@code 2k} and {@code 2k+1} are the neighbouring pairs whose ratio is
 * the unit of analysis. Every measured slice (arm, start, length, operations, and the benchmark
 * thread's CPU time in it, which says how much of the slice other work took) is kept and, at
 * the fork's end, written to the file named by the system property {@value #SLICES_PROPERTY}
 * ({@link SliceLog}); JMH's own score is blocks per second and means nothing more. An arm runs
 * its benchmark method until its slice's deadline (at least one invocation), so a slice is as
 * long as asked whatever the arm's speed.
 *
 * <h2>Whose time</h2>
 * Each slice also records the benchmark thread's CPU time in it and how many threads of its own
 * the slice's arm has (live threads whose context class loader is the arm's: a slice runs with
 * the arm's loader as the thread's context loader, so a thread the arm starts, as io-wq's workers
 * or a client thread, carries it; counted as each measurement iteration begins). An arm with
 * none does all its work on the benchmark thread, so the time that thread is off a CPU (another
 * process's turn, a GC pause, a compilation it waits for) is no part of the arm's work; the
 * report then rates its slices per CPU-second. An arm with threads of its own, or on the native
 * ring (whose kernel works on threads of its own), is rated per wall-second.
 *
 * <h2>Copies</h2>
 * Two loaders with the same code do not run at the same speed in one fork: the JIT compiles each
 * copy on its own and lays it out where the code cache has room, and an A/A race's copies came
 * out up to 12% apart for a whole fork, every iteration alike (echo server, 1000 connections;
 * setting the arms' data up anew each iteration did not move it, so it is the code, not the
 * heap). Pairing cannot cancel a difference that lasts the fork; only more independent
 * compilations average it. So each arm is loaded {@code copies} times, each copy in a loader of
 * its own, and block {@code k} races copy {@code k mod copies} of each arm: a fork then averages
 * {@code copies} draws of the code's luck instead of one, for the price of one JVM start. The
 * warmup iterations warm every copy (they take turns as in measurement).
 *
 * <p>{@code a} and {@code b} name the arms ({@link ArmSpec}): {@code a} is the reference,
 * {@code b} the challenger. The same spec in both is an A/A race, two loaders with the same
 * code, which measures the method's own floor. {@code b=none} runs {@code a} alone in the same
 * slices, the "fork of its own" against which isolation is shown. The default is the A/A race of
 * the calibration kernel.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   java -jar jmh/target/benchmarks.jar PairedBenchmark -f 1 -wi 3 -i 5 \
 *        -p a='Nops32Benchmark.nops32 depth=32 profile=for-5.16-2021-10-04 reqAlloc=baseline ring=emulated' \
 *        -p b='Nops32Benchmark.nops32 depth=32 profile=for-5.16-2021-10-04 reqAlloc=req-cache ring=emulated' \
 *        -jvmArgsPrepend -Duringlab.slices=/tmp/s.csv
 * </pre>
 */
@State(Scope.Thread)
public class PairedBenchmark extends RingBenchmark {
    /** The slice length this machine's phases call for ({@link PhaseProbe}), in milliseconds. */
    public static final int SLICE_MILLIS = 20;
    /** The system property naming the fork's slice file. */
    public static final String SLICES_PROPERTY = "uringlab.slices";
    /** The value of {@code b} that runs {@code a} alone. */
    public static final String NONE = "none";
    private static final String DEFAULT_SLICE = "" + SLICE_MILLIS;
    /** Copies of each arm's code per fork (see "Copies"). */
    public static final int COPIES = 4;
    private static final String DEFAULT_COPIES = "" + COPIES;

    /** The reference arm ({@link ArmSpec}). */
    @Param({"MachineNoiseBenchmark.lcgTable"})
    public String a;

    /** The challenger arm, or {@value #NONE}. */
    @Param({"MachineNoiseBenchmark.lcgTable"})
    public String b;

    /** Milliseconds per slice. */
    @Param({DEFAULT_SLICE})
    public int slice;

    /** Loaders per arm, each compiling its own copy of the arm's code; blocks take the copies in turn. */
    @Param({DEFAULT_COPIES})
    public int copies;

    /** Copy {@code k}'s two arms: {@code arms[k][0]} is a's, {@code arms[k][1]} b's (the same arm alone). */
    private Arms.Opened[][] arms;
    private int block;
    private long sliceNanos;
    private final SplittableRandom coin = new SplittableRandom();
    private final SliceLog log = new SliceLog();
    private final ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    private int iteration;
    private boolean measuring;
    /** {@code threads[k][arm]}: copy k's arm's own threads as this iteration began, -1 on the native ring (see "Whose time"). */
    private int[][] threads;
    /** Whether arm a ({@code [0]}) and arm b ({@code [1]}) run on the native ring, whose kernel has threads of its own. */
    private boolean[] nativeRing;

    @Setup(Level.Trial)
    public void openArms() throws ReflectiveOperationException {
        if (copies < 1) {
            throw new IllegalArgumentException("copies=" + copies + ": at least one copy of each arm");
        }
        arms = new Arms.Opened[copies][];
        for (int k = 0; k < copies; k++) {
            Arms.Opened first = Arms.open("arm a copy " + k, ArmSpec.parse(a));
            arms[k] = b.equals(NONE) ? new Arms.Opened[] {first, first}
                    : new Arms.Opened[] {first, Arms.open("arm b copy " + k, ArmSpec.parse(b))};
        }
        sliceNanos = slice * 1_000_000L;
        threads = new int[copies][2];
        nativeRing = new boolean[] {onNativeRing(a), onNativeRing(b.equals(NONE) ? a : b)};
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams params) {
        measuring = params.getType() == IterationType.MEASUREMENT;
        if (measuring) {
            iteration++;
            countThreads();
        }
    }

    /** Each arm copy's own threads: live threads, other than this one, whose context class loader is the copy's. */
    void countThreads() {
        Thread self = Thread.currentThread();
        Set<Thread> live = Thread.getAllStackTraces().keySet();
        for (int k = 0; k < copies; k++) {
            for (int arm = 0; arm < 2; arm++) {
                int n = 0;
                for (Thread t : live) {
                    n += t != self && t.getContextClassLoader() == arms[k][arm].loader() ? 1 : 0;
                }
                threads[k][arm] = nativeRing[arm] ? -1 : n;
            }
        }
    }

    private static boolean onNativeRing(String spec) {
        return ArmSpec.parse(spec).params().getOrDefault("ring", "").equals("native");
    }

    /** Copy {@code copy} of arm {@code arm}'s own threads as last counted ({@link #countThreads}), -1 on the native ring. */
    int threads(int copy, int arm) {
        return threads[copy][arm];
    }

    /** The loader of copy {@code copy} of arm {@code arm} (0: a, 1: b), once the arms are open. */
    ClassLoader loader(int copy, int arm) {
        return arms[copy][arm].loader();
    }

    /** One block: ABBA or BAAB. */
    @Benchmark
    public long block() {
        int copy = block++ % copies;
        int first = coin.nextBoolean() ? 0 : 1;
        return slice(copy, first) + slice(copy, 1 - first) + slice(copy, 1 - first) + slice(copy, first);
    }

    private long slice(int copy, int arm) {
        Arms.Opened[] pair = arms[copy];
        Thread thread = Thread.currentThread();
        ClassLoader own = thread.getContextClassLoader();
        thread.setContextClassLoader(pair[arm].loader()); // a thread the arm starts is known as its own
        long c0 = cpu.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        long ops = pair[arm].slices().applyAsLong(t0 + sliceNanos);
        long t1 = System.nanoTime();
        thread.setContextClassLoader(own);
        if (measuring) {
            long c1 = cpu.getCurrentThreadCpuTime();
            log.add(iteration, pair[1] == pair[0] ? 0 : arm, t0, t1 - t0, ops, c1 - c0, threads[copy][arm]); // alone, every slice is a's
        }
        return ops;
    }

    @TearDown(Level.Trial)
    public void closeArms() throws Exception {
        String file = System.getProperty(SLICES_PROPERTY);
        if (file != null) {
            try {
                log.write(Path.of(file));
            } catch (IOException e) {
                throw new IllegalStateException("cannot write the slices to " + file, e);
            }
        }
        for (Arms.Opened[] pair : arms) {
            pair[0].states().close();
            if (pair[1] != pair[0]) {
                pair[1].states().close();
            }
        }
    }
}
