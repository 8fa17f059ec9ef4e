package dev.uringlab.reports.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
            fork.add(new Slice(1, PairedRace.A, 2 * pair * SLICE, SLICE, 1000, SLICE, threads));
            fork.add(new Slice(1, PairedRace.B, (2 * pair + 1) * SLICE, SLICE, opsB, cpuB, threads));
        }
        return new PairedRace("x.Y.z", Map.of("k", "a"), Map.of("k", "b"), 20, List.of(fork));
    }

    private static double meanLogRatio(PairedRace race) {
        return Arrays.stream(race.logRatios()[0]).average().orElseThrow();
    }

    @Test
    void shouldRateAnArmThatWorksOnTheBenchmarkThreadAlonePerCpuSecond() {
        PairedRace alone = race(0);
        assertThat(alone.cpuClock()).isTrue();
        assertThat(meanLogRatio(alone)).as("the stalls are no part of b's work").isCloseTo(0, within(1e-12));
    }

    @Test
    void shouldRateAnArmWithThreadsOfItsOwnPerWallSecond() {
        PairedRace threaded = race(2);
        assertThat(threaded.cpuClock()).isFalse();
        assertThat(meanLogRatio(threaded)).as("b may have been waiting for its own threads").isCloseTo(Math.log(0.5) / 3, within(1e-12));
        assertThat(race(-1).cpuClock()).as("unknown (an old slices file, or the native ring)").isFalse();
    }

    /** An arm's own rate is per wall-second whatever the race's clock: what JMH reports for a native or fork-by-fork point beside it. */
    @Test
    void shouldRateArmMetricsPerWallSecondAsJmhDoes() {
        for (int threads : new int[] {0, 2}) {
            assertThat(race(threads).armMetric(PairedRace.B).forks().getFirst().getFirst()).isCloseTo(50_000.0 * 25 / 30, within(1e-6));
        }
    }
}
