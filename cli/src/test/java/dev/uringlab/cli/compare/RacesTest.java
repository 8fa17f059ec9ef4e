package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RacesTest {
    private static final PlanPoint BASE = PlanPoint.parse("run\tdev.uringlab.jmh.R.r\tcompletion=baseline cqeArray=16 ring=emulated");
    private static final PlanPoint BATCHED = PlanPoint.parse("run\tdev.uringlab.jmh.R.r\tcompletion=batched-cqe cqeArray=16 ring=emulated");
    private static final PlanPoint NATIVE = PlanPoint.parse("run\tdev.uringlab.jmh.R.r\tcompletion=baseline cqeArray=16 ring=native");
    private static final PlanPoint AT8 = PlanPoint.parse("run\tdev.uringlab.jmh.R.r\tcompletion=batched-cqe cqeArray=8 ring=emulated");

    private static void runAll(Races races, List<PlanPoint> points) {
        points.forEach(races::ran);
    }

    @Test
    void shouldPairEachChallengerWithItsReferenceAndLetALoneOneRaceAlone() {
        Races races = new Races(List.of(BASE, BATCHED, NATIVE, AT8), 2, 5, 0.05);
        assertThat(races.races()).extracting(r -> r.arms()).containsExactly(
                List.of(BASE, BATCHED), List.of(AT8), List.of(BASE, NATIVE));
    }

    @Test
    void shouldTakeTheBenchmarksInTurnAndTheNativeRingLast() {
        PlanPoint nopsBase = PlanPoint.parse("run\tdev.uringlab.jmh.N.n\tprofile=baseline ring=emulated");
        PlanPoint nopsNative = PlanPoint.parse("run\tdev.uringlab.jmh.N.n\tprofile=baseline ring=native");
        PlanPoint nopsAll = PlanPoint.parse("run\tdev.uringlab.jmh.N.n\tprofile=all-patches ring=emulated");
        Races races = new Races(List.of(BASE, NATIVE, BATCHED, nopsBase, nopsNative, nopsAll), 1, 5, 0.05);
        assertThat(races.races()).extracting(r -> r.point()).containsExactly(BATCHED, nopsAll, NATIVE, nopsNative);
        assertThat(races.next(Map.of())).containsExactly(BASE, BATCHED, nopsBase, nopsAll, NATIVE, nopsNative);
    }

    @Test
    void shouldInterleaveTheArmsRoundByRoundUpToTheMinimumOfForks() {
        Races races = new Races(List.of(BASE, BATCHED, NATIVE), 2, 5, 0.05);
        List<PlanPoint> first = races.next(Map.of());
        assertThat(first).containsExactly(BASE, BATCHED, NATIVE);
        runAll(races, first);
        assertThat(races.forksToMinimum()).isEqualTo(3);
        List<PlanPoint> second = races.next(Map.of());
        assertThat(second).containsExactly(BASE, BATCHED, NATIVE);
        runAll(races, second);
        assertThat(races.warmedUp()).isTrue();
    }

    @Test
    void shouldSpendForksOnTheWidestRaceUntilEachMeetsTheTargetOrItsMaximum() {
        Races races = new Races(List.of(BASE, BATCHED, NATIVE), 1, 2, 0.05);
        runAll(races, races.next(Map.of()));
        Map<PlanPoint, Double> precision = new HashMap<>(Map.of(BATCHED, 0.08, NATIVE, 0.20));
        List<PlanPoint> widest = races.next(precision);
        assertThat(widest).containsExactly(BASE, NATIVE);
        runAll(races, widest);
        precision.put(NATIVE, 0.10);
        // NATIVE is still the widest but at its maximum of forks: BATCHED's turn, with the shared BASE again
        assertThat(races.next(precision)).containsExactly(BASE, BATCHED);
        runAll(races, List.of(BASE, BATCHED));
        assertThat(races.forks(BASE)).isEqualTo(3);
        assertThat(races.next(precision)).isEmpty();
    }

    @Test
    void shouldStopARaceThatMeetsTheTarget() {
        Races races = new Races(List.of(BASE, BATCHED), 1, 10, 0.05);
        runAll(races, races.next(Map.of()));
        assertThat(races.next(Map.of(BATCHED, 0.049))).isEmpty();
        assertThat(races.next(Map.of(BATCHED, Double.NaN))).containsExactly(BASE, BATCHED);
    }
}
