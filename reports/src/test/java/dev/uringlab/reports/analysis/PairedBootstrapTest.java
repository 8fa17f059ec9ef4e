package dev.uringlab.reports.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.uringlab.reports.input.PairedRace;
import dev.uringlab.reports.input.Slice;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PairedBootstrapTest {
    private static final int SLICE_NANOS = 20_000_000;

    /**
     * A race's slices as the harness runs them (blocks of four, ABBA or BAAB), arm b {@code ratio}
     * times as fast as arm a, every slice with 3% noise of its own, and the machine at
     * {@code slowdown} of its speed for {@code slowSeconds} in the middle of every fork.
     */
    private static PairedRace race(double ratio, int forks, double seconds, double slowdown, double slowSeconds, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<List<Slice>> all = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            List<Slice> slices = new ArrayList<>();
            int n = (int) (seconds * 1e9 / SLICE_NANOS) / 4 * 4;
            double slowFrom = (seconds - slowSeconds) / 2;
            for (int i = 0; i < n; i += 4) {
                boolean aFirst = rng.nextBoolean();
                for (int arm : aFirst ? new int[] {0, 1, 1, 0} : new int[] {1, 0, 0, 1}) {
                    long start = (long) slices.size() * SLICE_NANOS;
                    double t = start / 1e9;
                    double machine = t >= slowFrom && t < slowFrom + slowSeconds ? slowdown : 1;
                    double rate = 1e7 * (arm == 1 ? ratio : 1) * machine * Math.exp(0.03 * rng.nextGaussian());
                    slices.add(new Slice(1 + (int) t, arm, start, SLICE_NANOS, Math.round(rate * SLICE_NANOS / 1e9), SLICE_NANOS, SLICE_NANOS, 0));
                }
            }
            all.add(slices);
        }
        return new PairedRace("dev.uringlab.jmh.X.x", Map.of("k", "a"), Map.of("k", "b"), SLICE_NANOS / 1_000_000, all);
    }

    @Test
    void shouldRecoverTheRatioThroughASlowPhaseThatHalvesTheMachine() {
        PairedRace race = race(1.03, 3, 6, 0.5, 2.0, 7);
        Estimate e = PairedBootstrap.ratio(race, 0.95).orElseThrow();
        assertThat(e.lo()).isLessThan(1.03);
        assertThat(e.hi()).isGreaterThan(1.03);
        assertThat(e.precision()).isLessThan(0.005);
        // the arms' means alone, fork by fork, are thrown far off by the same phase
        Estimate forkByFork = ForkBootstrap.ratio(race.armMetric(PairedRace.B), race.armMetric(PairedRace.A), 0.95).orElseThrow();
        assertThat(forkByFork.precision()).isGreaterThan(5 * e.precision());
    }

    @Test
    void shouldCoverTheTrueRatioInAboutNineteenRacesOfTwenty() {
        int covered = 0;
        for (long seed = 0; seed < 40; seed++) {
            Estimate e = PairedBootstrap.ratio(race(0.97, 3, 2, 0.6, 0.5, seed), 0.95).orElseThrow();
            if (e.lo() <= 0.97 && 0.97 <= e.hi()) {
                covered++;
            }
        }
        assertThat(covered).isBetween(33, 40);
    }

    @Test
    void shouldGiveAnAaRaceOneWithinTheFloor() {
        Estimate e = PairedBootstrap.ratio(race(1.0, 3, 6, 0.5, 2.0, 11), 0.95).orElseThrow();
        assertThat(new FloorCheck("run", race(1.0, 3, 6, 0.5, 2.0, 11), e).met()).isTrue();
        assertThat(new FloorCheck("run", race(1.0, 3, 6, 0.5, 2.0, 11), new Estimate(1.0, 0.985, 1.006)).met()).isFalse();
    }

    @Test
    void shouldMeasureAnAaIntervalByHowFarItReachesFromOneNotByItsWidth() {
        // 12:22's NOPs A/A: narrow (+-0.9%) but off 1.00, so its reach is 7% and more forks are due
        Estimate offOne = new Estimate(0.94, 0.93, 0.95);
        assertThat(offOne.precision()).isCloseTo(0.0106, within(1e-4));
        assertThat(FloorCheck.reach(offOne)).isCloseTo(0.07, within(1e-9));
        assertThat(FloorCheck.reach(new Estimate(1.0, 0.992, 1.006))).isCloseTo(0.008, within(1e-9));
        assertThat(FloorCheck.reach(new Estimate(1.0, Double.NaN, Double.NaN))).isNaN();
    }

    @Test
    void shouldResampleInBlocksOfASecondOfSlices() {
        assertThat(PairedBootstrap.blockPairs(20)).isEqualTo(25);
        assertThat(PairedBootstrap.blockPairs(1000)).isEqualTo(1);
    }

    @Test
    void shouldWidenTheIntervalWhenFewForksDisagree() {
        // each fork's JIT settled apart: b is 5% faster in one fork, 5% slower in another; the interval must not be narrow
        double[][] logs = {constant(Math.log(1.05), 200), constant(Math.log(0.95), 200), constant(0, 200)};
        Estimate e = PairedBootstrap.ratio(logs, 25, 0.95);
        assertThat(e.hi() - e.lo()).isGreaterThan(0.05);
    }

    private static double[] constant(double v, int n) {
        double[] out = new double[n];
        java.util.Arrays.fill(out, v);
        return out;
    }
}
