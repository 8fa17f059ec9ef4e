package dev.uringlab.reports.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which clock a paired race's slices are rated on, and what that leaves out. */
class PairedRaceTest {
    private static final long SLICE = 20_000_000L;

    /**
     * Both arms do 1000 ops per 20 ms on a CPU; in every third pair arm b's thread is kept off a
     * CPU for 10 of its 20 ms (a GC pause, another process): its wall-clock rate halves there.
     */
    private static PairedRace race(int threads) {
        List<Slice> fork = new ArrayList<>();
        for (int pair = 0; pair < 30; pair++) {
            long cpuB = pair % 3 == 0 ? SLICE / 2 : SLICE;
            long opsB = cpuB / 20_000;
            fork.add(new Slice(1, PairedRace.A, 2 * pair * SLICE, SLICE, 1000, SLICE, threads < 0 ? -1 : SLICE, threads));
            fork.add(new Slice(1, PairedRace.B, (2 * pair + 1) * SLICE, SLICE, opsB, cpuB, threads < 0 ? -1 : cpuB, threads));
        }
        return new PairedRace("x.Y.z", Map.of("k", "a"), Map.of("k", "b"), 20, List.of(fork));
    }

    /**
     * Two arms that hand every operation to a worker of their own and park until it is done, as
     * FORCE_ASYNC does: each operation costs 20 us of CPU, of a's submitter 5 and of its worker 15,
     * of b's submitter 2.5 and of its worker 17.5 (per CPU-second of the submitter alone, b would
     * look twice as fast). In every third pair arm b's worker waited 10 of its 20 ms to be scheduled after each wakeup
     * (another tenant on its CPU): b did half as many operations, with half the CPU time of both
     * its threads. {@code armCpu} false writes the slices as a file from before the arm's CPU time
     * was kept does (-1); {@code threadsA} -1 puts arm a on the native ring.
     */
    private static PairedRace workerRace(boolean armCpu, int threadsA) {
        List<Slice> fork = new ArrayList<>();
        for (int pair = 0; pair < 30; pair++) {
            long opsB = pair % 3 == 0 ? 500 : 1000;
            fork.add(new Slice(1, PairedRace.A, 2 * pair * SLICE, SLICE, 1000, 1000 * 5_000L,
                    armCpu && threadsA >= 0 ? 1000 * 20_000L : -1, threadsA));
            fork.add(new Slice(1, PairedRace.B, (2 * pair + 1) * SLICE, SLICE, opsB, opsB * 2_500L, armCpu ? opsB * 20_000L : -1, 1));
        }
        return new PairedRace("x.Y.z", Map.of("k", "a"), Map.of("k", "b"), 20, List.of(fork));
    }

    private static double meanLogRatio(PairedRace race) {
        return Arrays.stream(race.logRatios()[0]).average().orElseThrow();
    }

    @Test
    void shouldRateAnArmThatWorksOnTheBenchmarkThreadAlonePerCpuSecond() {
        PairedRace alone = race(0);
        assertThat(alone.clock()).isEqualTo(Clock.CPU);
        assertThat(meanLogRatio(alone)).as("the stalls are no part of b's work").isCloseTo(0, within(1e-12));
    }

    @Test
    void shouldRateEmulatedArmsWithThreadsOfTheirOwnPerCpuSecondOfAllTheirThreads() {
        PairedRace threaded = workerRace(true, 1);
        assertThat(threaded.clock()).isEqualTo(Clock.ARM_CPU);
        assertThat(meanLogRatio(threaded)).as("the worker's wait to be scheduled is no part of b's work").isCloseTo(0, within(1e-12));
        assertThat(race(2).clock()).as("the same rule when only the benchmark thread worked").isEqualTo(Clock.ARM_CPU);
        assertThat(meanLogRatio(race(2))).isCloseTo(0, within(1e-12));
    }

    @Test
    void shouldRateArmsWithThreadsPerWallSecondWhenTheirCpuTimeWasNotKept() {
        PairedRace old = workerRace(false, 1);
        assertThat(old.clock()).isEqualTo(Clock.WALL);
        assertThat(meanLogRatio(old)).as("b's halved pairs count").isCloseTo(Math.log(0.5) / 3, within(1e-12));
    }

    @Test
    void shouldRateARaceWithAnArmOnTheNativeRingPerWallSecond() {
        PairedRace half = workerRace(true, -1);
        assertThat(half.clock()).as("a's kernel threads are not the JVM's to read").isEqualTo(Clock.WALL);
        assertThat(meanLogRatio(half)).isCloseTo(Math.log(0.5) / 3, within(1e-12));
        assertThat(race(-1).clock()).as("unknown threads: an old slices file, or the native ring").isEqualTo(Clock.WALL);
    }

    /** slices.json as compare writes it now (eight numbers a slice), and as it did before the arm's CPU time (seven) or its threads (six) were kept. */
    @Test
    void shouldReadEachSlicesFileOnTheClockItsSlicesAllow(@TempDir Path dir) throws Exception {
        String race = """
                [{"benchmark": "dev.uringlab.jmh.LinkedNopsBenchmark.linkedNops", "a": {"k": "a"}, "b": {"k": "b"}, "sliceMillis": 20,
                  "forks": [[%s, %s]]}]""";
        Map<String, Clock> files = Map.of(
                "[1, 0, 0, 20000000, 900, 5000000, 21000000, 2]", Clock.ARM_CPU,
                "[1, 0, 0, 20000000, 900, 5000000, 2]", Clock.WALL,
                "[1, 0, 0, 20000000, 900, 5000000]", Clock.WALL);
        for (var file : files.entrySet()) {
            String a = file.getKey();
            String b = a.replace("[1, 0, 0,", "[1, 1, 20000000,");
            Path json = Files.writeString(dir.resolve("slices.json"), race.formatted(a, b));
            PairedRace read = SliceFile.read(json).getFirst();
            assertThat(read.clock()).as(a).isEqualTo(file.getValue());
            Slice first = read.forks().getFirst().getFirst();
            assertThat(first.cpuNanos()).isEqualTo(5_000_000);
            assertThat(first.armCpuNanos()).isEqualTo(a.contains("21000000") ? 21_000_000 : -1);
            assertThat(first.threads()).isEqualTo(a.endsWith("5000000]") ? -1 : 2);
        }
    }

    /** An arm's own rate is per wall-second whatever the race's clock: what JMH reports for a native or fork-by-fork point beside it. */
    @Test
    void shouldRateArmMetricsPerWallSecondAsJmhDoes() {
        for (int threads : new int[] {0, 2}) {
            assertThat(race(threads).armMetric(PairedRace.B).forks().getFirst().getFirst()).isCloseTo(50_000.0 * 25 / 30, within(1e-6));
        }
    }
}
