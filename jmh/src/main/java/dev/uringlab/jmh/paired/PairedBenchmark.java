package dev.uringlab.jmh.paired;

import dev.uringlab.jmh.RingBenchmark;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
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
 * the unit of analysis. Every measured slice (arm, start, length, operations, the CPU time in it
 * of the benchmark thread and of all the arm's threads, see "Whose time") is kept and, at
 * the fork's end, written to the file named by the system property {@value #SLICES_PROPERTY}
 * ({@link SliceLog}); JMH's own score is blocks per second and means nothing more. An arm runs
 * its benchmark method until its slice's deadline (at least one invocation), so a slice is as
 * long as asked whatever the arm's speed.
 *
 * <h2>Whose time</h2>
 * Each slice also records how many threads of its own the slice's arm has and the CPU time, in the
 * slice, of the benchmark thread alone and of the arm: the benchmark thread plus those threads
 * ({@link ArmThreads}: live threads whose context class loader is the arm copy's; a slice runs
 * with the copy's loader as the thread's context loader, so a thread the arm starts, as io-wq's
 * workers or a client thread, carries it). They are counted as each measurement iteration begins,
 * and again at a slice's edge whenever a thread has started in the JVM since (io-wq makes workers
 * on demand, so an arm may start one mid-iteration; one started within a slice has all its CPU
 * time there). The report rates a race's slices on one clock:
 * <ul>
 *   <li>{@code cpu}, per CPU-second of the benchmark thread, when no slice's arm has threads of its
 *       own: the arm does all its work on that thread, so the time it is off a CPU (another
 *       process's turn, a GC pause, a compilation it waits for) is no part of the arm's work;</li>
 *   <li>{@code arm-cpu}, per CPU-second of the benchmark thread and the arm's own threads together,
 *       when some arm has threads and every arm runs on the emulated ring: the work of all the
 *       arm's threads per operation, and not the time a woken thread waits to be scheduled (on this
 *       shared machine mostly other tenants' turns), which falls on two arms' different threads
 *       differently. An author who timed wall-clock seconds on an idle machine counted that wait;
 *       this clock does not. A thread that spins while it waits counts its spin;</li>
 *   <li>{@code wall}, per wall-second, when an arm runs on the native ring, whose kernel works on
 *       threads the JVM does not see.</li>
 * </ul>
 * Reading the threads' CPU times costs one JVM call per slice edge ({@link ArmThreads}, "Cost"),
 * made outside the slice's timed span.
 *
 * <p>Every arm's ring runs on one CPU, the benchmark thread's: each arm's
 * {@link dev.uringlab.jmh.BenchmarkRingState} pins the thread before its ring opens
 * ({@link dev.uringlab.jmh.OneCpu}: to the fork's CPU slot when {@code compare} gives one, else where
 * it runs; every arm's ring in a fork takes the same CPU), and the threads a ring starts inherit the
 * pin, so both arms and all their threads share that CPU's phases, which the pairing cancels.
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
    /** Each copy's own threads and their CPU time in a slice (see "Whose time"). */
    private ArmThreads own;

    @Setup(Level.Trial)
    public void openArms() throws ReflectiveOperationException {
        if (copies < 1) {
            throw new IllegalArgumentException("copies=" + copies + ": at least one copy of each arm");
        }
        Arms.Opened[][] opened = new Arms.Opened[copies][];
        for (int k = 0; k < copies; k++) {
            Arms.Opened first = Arms.open("arm a copy " + k, ArmSpec.parse(a));
            opened[k] = b.equals(NONE) ? new Arms.Opened[] {first, first}
                    : new Arms.Opened[] {first, Arms.open("arm b copy " + k, ArmSpec.parse(b))};
        }
        race(opened, new boolean[] {onNativeRing(a), onNativeRing(b.equals(NONE) ? a : b)});
    }

    /**
     * Races these opened arms, {@code opened[copy]} being a copy's pair (a, b), and
     * {@code nativeRing[arm]} whether arm a ({@code [0]}) or b runs on the native ring: what
     * {@link #openArms} does once it has opened the params' arms, and a test with arms of its own.
     */
    void race(Arms.Opened[][] opened, boolean[] nativeRing) {
        arms = opened;
        sliceNanos = slice * 1_000_000L;
        ClassLoader[][] loaders = new ClassLoader[opened.length][2];
        for (int k = 0; k < opened.length; k++) {
            loaders[k] = new ClassLoader[] {opened[k][0].loader(), opened[k][1].loader()};
        }
        own = new ArmThreads(loaders, nativeRing);
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams params) {
        measuring = params.getType() == IterationType.MEASUREMENT;
        if (measuring) {
            iteration++;
            countThreads();
        }
    }

    /** Counts each arm copy's own threads: live threads, other than this one, whose context class loader is the copy's. */
    void countThreads() {
        own.count();
    }

    private static boolean onNativeRing(String spec) {
        return ArmSpec.parse(spec).params().getOrDefault("ring", "").equals("native");
    }

    /** Copy {@code copy} of arm {@code arm}'s own threads as last counted ({@link #countThreads}), -1 on the native ring. */
    int threads(int copy, int arm) {
        return own.threads(copy, arm);
    }

    /** The measured slices so far. */
    SliceLog log() {
        return log;
    }

    /** The loader of copy {@code copy} of arm {@code arm} (0: a, 1: b), once the arms are open. */
    ClassLoader loader(int copy, int arm) {
        return arms[copy][arm].loader();
    }

    /** One block: ABBA or BAAB. */
    @Benchmark
    public long block() {
        int copy = block++ % arms.length;
        int first = coin.nextBoolean() ? 0 : 1;
        return slice(copy, first) + slice(copy, 1 - first) + slice(copy, 1 - first) + slice(copy, first);
    }

    private long slice(int copy, int arm) {
        Arms.Opened[] pair = arms[copy];
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(pair[arm].loader()); // a thread the arm starts is known as its own
        if (measuring) {
            own.begin(copy, arm); // before the benchmark thread's own reading, which stays next to the slice
        }
        long c0 = cpu.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        long ops = pair[arm].slices().applyAsLong(t0 + sliceNanos);
        long t1 = System.nanoTime();
        thread.setContextClassLoader(previous);
        if (measuring) {
            long c1 = cpu.getCurrentThreadCpuTime();
            long others = own.end();
            log.add(iteration, pair[1] == pair[0] ? 0 : arm, t0, t1 - t0, ops, c1 - c0, others < 0 ? -1 : c1 - c0 + others,
                    own.threads(copy, arm)); // alone, every slice is a's
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
