package dev.uringlab.jmh.paired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.SynchronousQueue;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.options.TimeValue;

class PairedBenchmarkTest {
    private static final String BASELINE = "Nops32Benchmark.nops32 depth=32 profile=linux-5.15 reqAlloc=baseline ring=emulated";
    private static final String THREADED_ECHO =
            "EchoServerBenchmark.echoServer clients=threaded connections=64 pollRearm=baseline profile=linux-5.15 ring=emulated";
    private static final String REQ_CACHE = "Nops32Benchmark.nops32 depth=32 profile=linux-5.15 reqAlloc=req-cache ring=emulated";

    private static PairedBenchmark race(String a, String b, int copies) {
        PairedBenchmark race = new PairedBenchmark();
        race.a = a;
        race.b = b;
        race.copies = copies;
        race.slice = 1;
        return race;
    }

    @Test
    void shouldLoadEveryCopyOfEveryArmInALoaderOfItsOwn() throws Exception {
        PairedBenchmark race = race(BASELINE, REQ_CACHE, 3);
        race.openArms();
        try {
            Set<ClassLoader> loaders = new HashSet<>();
            for (int copy = 0; copy < 3; copy++) {
                loaders.add(race.loader(copy, 0));
                loaders.add(race.loader(copy, 1));
            }
            assertThat(loaders).hasSize(6);
            for (int block = 0; block < 6; block++) { // two rounds over the copies, four slices each
                long ops = race.block();
                assertThat(ops).isPositive();
                assertThat(ops % 128).isZero(); // whole invocations of 128 NOPs in each of the four slices
            }
        } finally {
            race.closeArms();
        }
    }

    @Test
    void shouldRunAnArmAloneInItsCopiesWhenBIsNone() throws Exception {
        PairedBenchmark race = race(BASELINE, PairedBenchmark.NONE, 2);
        race.openArms();
        try {
            assertThat(race.loader(0, 1)).isSameAs(race.loader(0, 0));
            assertThat(race.loader(1, 0)).isNotSameAs(race.loader(0, 0));
        } finally {
            race.closeArms();
        }
    }

    /** An arm that starts a thread of its own is known by it (the slices of its race are then rated per wall-second). */
    @Test
    void shouldCountTheThreadsEachArmStarted() throws Exception {
        PairedBenchmark race = race(BASELINE, THREADED_ECHO, 2);
        race.openArms();
        try {
            race.block();
            race.block();
            race.countThreads();
            for (int copy = 0; copy < 2; copy++) {
                assertThat(race.threads(copy, 0)).as("NOPs run on the benchmark thread alone").isZero();
                assertThat(race.threads(copy, 1)).as("the echo server's client thread").isPositive();
            }
        } finally {
            race.closeArms();
        }
    }

    @Test
    void shouldRefuseFewerThanOneCopy() {
        assertThatThrownBy(() -> race(BASELINE, REQ_CACHE, 0).openArms()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("copies=0");
    }

    /** The CPU time each operation of a {@link WorkerArm} burns on the arm's own thread. */
    private static final long BURN_NANOS = 200_000;

    /**
     * An arm that works on a thread of its own, as io-wq's workers do: the thread starts on the
     * arm's first operation (io-wq makes workers on demand), and each operation burns
     * {@value #BURN_NANOS} ns of that thread's CPU while the benchmark thread waits for it, parked.
     */
    private static final class WorkerArm implements LongUnaryOperator, AutoCloseable {
        private final SynchronousQueue<Boolean> work = new SynchronousQueue<>();
        private final SynchronousQueue<Boolean> done = new SynchronousQueue<>();
        private Thread worker;

        @Override
        public long applyAsLong(long deadline) {
            if (worker == null) {
                worker = Thread.ofPlatform().daemon().name("worker-arm").start(this::serve);
            }
            long ops = 0;
            try {
                do {
                    work.put(true);
                    done.take();
                    ops++;
                } while (System.nanoTime() < deadline);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return ops;
        }

        private void serve() {
            ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
            try {
                while (work.take()) {
                    long until = cpu.getCurrentThreadCpuTime() + BURN_NANOS;
                    while (cpu.getCurrentThreadCpuTime() < until) {
                        Thread.onSpinWait();
                    }
                    done.put(true);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() throws InterruptedException {
            if (worker != null) {
                work.put(false);
                worker.join();
            }
        }
    }

    /** The slices {@code race} logged, each a map from the file's column names to their values. */
    private static List<Map<String, String>> slices(PairedBenchmark race, Path dir) throws Exception {
        Path csv = dir.resolve("slices.csv");
        race.log().write(csv);
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.getFirst().split(",");
        List<Map<String, String>> out = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            Map<String, String> slice = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                slice.put(header[i], f[i]);
            }
            out.add(slice);
        }
        return out;
    }

    /**
     * The arm-cpu clock: an arm whose own thread does the work is charged that thread's CPU time as
     * well as the benchmark thread's, even in the slice that started the thread; an arm that works
     * on the benchmark thread alone is charged that thread's.
     */
    @Test
    void shouldChargeAnArmTheCpuTimeOfItsOwnThreadsEvenOfOneStartedWithinTheSlice(@TempDir Path dir) throws Exception {
        WorkerArm worker = new WorkerArm();
        LongUnaryOperator spin = deadline -> {
            long ops = 0;
            do {
                ops++;
            } while (System.nanoTime() < deadline);
            return ops;
        };
        PairedBenchmark race = race("WorkerArm.run", "Spin.run", 1);
        race.slice = 5;
        race.race(new Arms.Opened[][] {{new Arms.Opened(worker, worker, new URLClassLoader("worker arm", new URL[0], null)),
                new Arms.Opened(spin, () -> { }, new URLClassLoader("spinning arm", new URL[0], null))}}, new boolean[] {false, false});
        try {
            race.startIteration(new IterationParams(IterationType.MEASUREMENT, 1, TimeValue.seconds(1), 1));
            assertThat(race.threads(0, 0)).as("no worker before the arm's first operation").isZero();
            race.block();
            race.block();
            List<Map<String, String>> slices = slices(race, dir);
            assertThat(slices).hasSize(8);
            for (Map<String, String> s : slices) {
                long cpu = Long.parseLong(s.get("cpu_ns"));
                long armCpu = Long.parseLong(s.get("arm_cpu_ns"));
                if (s.get("arm").equals("a")) {
                    assertThat(s.get("threads")).as("the worker, started in the arm's first slice").isEqualTo("1");
                    assertThat(armCpu).as("the benchmark thread's CPU time and the worker's, at least %d ns per operation: %s",
                            BURN_NANOS, s).isGreaterThanOrEqualTo(cpu + Long.parseLong(s.get("ops")) * BURN_NANOS);
                } else {
                    assertThat(s.get("threads")).isEqualTo("0");
                    assertThat(armCpu).as("no thread of its own: the benchmark thread's time").isEqualTo(cpu);
                }
            }
        } finally {
            race.closeArms();
        }
    }
}
