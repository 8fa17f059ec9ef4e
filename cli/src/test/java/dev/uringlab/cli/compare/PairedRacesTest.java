package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.uringlab.reports.analysis.Intervals;
import dev.uringlab.reports.input.Clock;
import dev.uringlab.reports.input.PairedRace;
import dev.uringlab.reports.input.Run;
import dev.uringlab.reports.input.RunReader;
import dev.uringlab.reports.input.Slice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PairedRacesTest {
    private static final PlanPoint NOPS = PlanPoint.ofSpelling("Nops32Benchmark.nops32 depth=32 reqAlloc=baseline ring=emulated");
    private static final PlanPoint CACHE = PlanPoint.ofSpelling("Nops32Benchmark.nops32 depth=32 reqAlloc=req-cache ring=emulated");

    @Test
    void shouldSpellEachArmAsTheConsoleDoesAndReadItBack() {
        PlanPoint race = PairedRaces.point(NOPS, CACHE);
        assertThat(race.benchmark()).isEqualTo(PairedRace.HARNESS);
        assertThat(race.params()).containsExactly(Map.entry("a", "Nops32Benchmark.nops32 depth=32 reqAlloc=baseline ring=emulated"),
                Map.entry("b", "Nops32Benchmark.nops32 depth=32 reqAlloc=req-cache ring=emulated"));
        assertThat(PairedRaces.arms(race)).containsExactly(NOPS, CACHE);
        assertThat(PairedRaces.isAa(race)).isFalse();
        assertThat(PairedRaces.isAa(PairedRaces.point(NOPS, NOPS))).isTrue();
        assertThat(PairedRaces.label(race)).isEqualTo("Nops32Benchmark.nops32 depth=32 ring=emulated: reqAlloc=baseline | req-cache");
        assertThat(PairedRaces.label(PairedRaces.point(NOPS, NOPS))).isEqualTo(NOPS.toString());
        assertThat(PairedRaces.label(PairedRaces.solo(NOPS))).isEqualTo(NOPS + " alone");
        assertThat(PairedRaces.jvmArgs(Path.of("/r/slices-fork.csv"))).containsExactly("-jvmArgsPrepend", "-Duringlab.slices=/r/slices-fork.csv");
    }

    /** A fork's slices as the harness writes them now, with each arm's CPU time: the race is rated per CPU-second of the arm's threads. */
    @Test
    void shouldCarryTheArmsCpuTimeByItsColumnsName(@TempDir Path dir) throws Exception {
        PlanPoint aa = PairedRaces.point(NOPS, NOPS);
        PairedRaces paired = new PairedRaces();
        Path csv = dir.resolve("slices-fork.csv");
        Files.writeString(csv, """
                iteration,arm,start_ns,ns,ops,cpu_ns,arm_cpu_ns,threads
                1,a,0,20000000,640000,5000000,20000000,2
                1,b,20000000,20000000,641280,5000000,20040000,2
                """);
        Path part = dir.resolve("jmh-fork.json");
        Files.writeString(part, harnessResult(aa));
        assertThat(paired.append(aa, csv, part)).isEqualTo(2);
        paired.write(dir);
        Files.writeString(dir.resolve("jmh.json"), "[" + harnessResult(aa).strip().substring(1));
        PairedRace r = RunReader.read(dir.resolve("jmh.json")).races().getFirst();
        assertThat(r.forks().getFirst()).extracting(Slice::cpuNanos, Slice::armCpuNanos, Slice::threads)
                .containsExactly(tuple(5_000_000L, 20_000_000L, 2), tuple(5_000_000L, 20_040_000L, 2));
        assertThat(r.clock()).isEqualTo(Clock.ARM_CPU);
        assertThat(Intervals.DEFAULT.paired(r).value()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void shouldCarryEachForksSlicesIntoTheFileTheReportReadsBesideJmhsJson(@TempDir Path dir) throws Exception {
        PlanPoint aa = PairedRaces.point(NOPS, NOPS);
        PairedRaces paired = new PairedRaces();
        for (int fork = 0; fork < 2; fork++) {
            Path csv = dir.resolve("slices-fork.csv");
            Files.writeString(csv, """
                    iteration,arm,start_ns,ns,ops,cpu_ns,threads
                    1,a,0,20000000,640000,20000000,1
                    1,b,20000000,20000000,641280,19000000,1
                    1,b,40000000,20000000,640000,20000000,1
                    1,a,60000000,20000000,641280,10000000,1
                    """);
            Path part = dir.resolve("jmh-fork.json");
            Files.writeString(part, harnessResult(aa));
            assertThat(paired.append(aa, csv, part)).isEqualTo(4);
        }
        paired.write(dir);
        Files.writeString(dir.resolve("jmh.json"), "[" + harnessResult(aa).strip().substring(1));
        Run run = RunReader.read(dir.resolve("jmh.json"));
        assertThat(run.races()).singleElement().satisfies(r -> {
            assertThat(r.aa()).isTrue();
            assertThat(r.sliceMillis()).isEqualTo(20);
            assertThat(r.forks()).hasSize(2).allSatisfy(f -> assertThat(f).hasSize(4));
            assertThat(r.pairs()).isEqualTo(4);
            assertThat(r.onCpu()).isEqualTo(1.0); // shares 0.5, 0.95, 1, 1 in each fork: the median is 1
            assertThat(r.forks().getFirst()).allSatisfy(s -> assertThat(s.threads()).isEqualTo(1));
            assertThat(r.forks().getFirst()).allSatisfy(s -> assertThat(s.armCpuNanos()).isEqualTo(-1));
            assertThat(r.clock()).as("an arm with a thread of its own whose CPU time the file lacks: wall-clock rates")
                    .isEqualTo(Clock.WALL);
            // pairs (a, b) and (b, a): 1.002 and 1/1.002, so the geometric mean is exactly 1
            assertThat(Intervals.DEFAULT.paired(r).value()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        });
        // the harness's own result gives way to the arm's, read from the slices
        assertThat(run.results()).singleElement().satisfies(r -> {
            assertThat(r.benchmark()).isEqualTo("dev.uringlab.jmh.Nops32Benchmark.nops32");
            assertThat(r.params()).isEqualTo(NOPS.params());
            assertThat(r.primary().forks()).hasSize(2);
            assertThat(r.primary().score()).isCloseTo(3.2032e7, org.assertj.core.data.Offset.offset(1.0));
        });
    }

    private static String harnessResult(PlanPoint race) {
        return """
                [{"benchmark": "%s", "mode": "thrpt", "forks": 1, "params": {"a": "%s", "b": "%s", "slice": "20"},
                  "primaryMetric": {"score": 12.0, "scoreError": "NaN", "scoreUnit": "ops/s", "rawData": [[12.0]]}}]
                """.formatted(PairedRace.HARNESS, race.params().get("a"), race.params().get("b"));
    }

    @Test
    void shouldAddNothingForAForkThatWroteNoSlices(@TempDir Path dir) throws Exception {
        assertThat(new PairedRaces().append(PairedRaces.point(NOPS, CACHE), dir.resolve("none.csv"), dir.resolve("none.json"))).isZero();
    }
}
