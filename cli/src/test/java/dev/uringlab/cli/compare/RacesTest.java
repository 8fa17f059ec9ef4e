package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RacesTest {
    private static final PlanPoint BASE = PlanPoint.parse("run\tdev.uringlab.jmh.R.r\tcompletion=baseline cqeArray=16 ring=emulated");
    private static final PlanPoint BATCHED = PlanPoint.parse("run\tdev.uringlab.jmh.R.r\tcompletion=batched-cqe cqeArray=16 ring=emulated");
    private static final PlanPoint NATIVE = PlanPoint.parse("run\tdev.uringlab.jmh.R.r\tcompletion=baseline cqeArray=16 ring=native");
    private static final PlanPoint AT8 = PlanPoint.parse("run\tdev.uringlab.jmh.R.r\tcompletion=batched-cqe cqeArray=8 ring=emulated");

    private static Races.Race race(Races races, PlanPoint challenger) {
        return races.races().stream().filter(r -> r.point().equals(challenger)).findFirst().orElseThrow();
    }

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
        assertThat(races.next(Map.of()).points()).containsExactly(BASE, BATCHED, nopsBase, nopsAll, NATIVE, nopsNative);
    }

    @Test
    void shouldInterleaveTheArmsRoundByRoundUpToTheMinimumOfForks() {
        Races races = new Races(List.of(BASE, BATCHED, NATIVE), 2, 5, 0.05);
        List<PlanPoint> first = races.next(Map.of()).points();
        assertThat(first).containsExactly(BASE, BATCHED, NATIVE);
        runAll(races, first);
        assertThat(races.forksToMinimum()).isEqualTo(3);
        List<PlanPoint> second = races.next(Map.of()).points();
        assertThat(second).containsExactly(BASE, BATCHED, NATIVE);
        runAll(races, second);
        assertThat(races.forksToMinimum()).isZero();
    }

    @Test
    void shouldSpendForksOnTheWidestRaceUntilEachMeetsTheTargetOrItsMaximum() {
        Races races = new Races(List.of(BASE, BATCHED, NATIVE), 1, 2, 0.05);
        runAll(races, races.next(Map.of()).points());
        Map<Races.Race, Double> precision = new HashMap<>(Map.of(race(races, BATCHED), 0.08, race(races, NATIVE), 0.20));
        List<PlanPoint> widest = races.next(precision).points();
        assertThat(widest).containsExactly(BASE, NATIVE);
        runAll(races, widest);
        precision.put(race(races, NATIVE), 0.10);
        // NATIVE is still the widest but at its maximum of forks: BATCHED's turn, with the shared BASE again
        assertThat(races.next(precision).points()).containsExactly(BASE, BATCHED);
        runAll(races, List.of(BASE, BATCHED));
        assertThat(races.forks(BASE)).isEqualTo(3);
        assertThat(races.next(precision).points()).isEmpty();
    }

    @Test
    void shouldStopARaceThatMeetsTheTarget() {
        Races races = new Races(List.of(BASE, BATCHED), 1, 10, 0.05);
        runAll(races, races.next(Map.of()).points());
        assertThat(races.next(Map.of(race(races, BATCHED), 0.049)).points()).isEmpty();
        assertThat(races.next(Map.of(race(races, BATCHED), Double.NaN)).points()).containsExactly(BASE, BATCHED);
    }

    @Test
    void shouldServeTheAuthorsFiguresFirstRoundsThenPrecisionBeforeAnyOtherPoint() {
        PlanPoint ctxBase = PlanPoint.parse("run\tdev.uringlab.jmh.R.r\tcompletion=baseline cqeArray=16 profile=linux-6.1 ring=emulated");
        PlanPoint ctxBatched = PlanPoint.parse("run\tdev.uringlab.jmh.R.r\tcompletion=batched-cqe cqeArray=16 profile=linux-6.1 ring=emulated");
        Races.Race figure = new Races.Race(ctxBatched, Optional.of(ctxBase));
        Races races = new Races(List.of(BASE, BATCHED, ctxBase, ctxBatched), List.of(figure), 2, 3, 0.05);
        assertThat(races.claimed(figure)).isTrue();
        // the figure's arms alternate, each to the minimum, before any other point runs
        for (int round = 0; round < 2; round++) {
            Races.Batch batch = races.next(Map.of());
            assertThat(batch.points()).containsExactly(ctxBase, ctxBatched);
            assertThat(batch.together()).isFalse();
            runAll(races, batch.points());
        }
        // then its precision, while it is wider than the target
        Races.Batch more = races.next(Map.of(figure, 0.09));
        assertThat(more.points()).containsExactly(ctxBase, ctxBatched);
        assertThat(more.together()).isTrue();
        runAll(races, more.points());
        // at its maximum: the other tier's round, in which the profile's baseline races the reference too
        assertThat(races.next(Map.of(figure, 0.09)).points()).containsExactly(BASE, BATCHED);
        assertThat(races.role(ctxBase)).isEqualTo("reference");
        assertThat(races.role(ctxBatched)).isEqualTo("challenger");
    }

    @Test
    void shouldRaceEachClaimedFigureOnTheArmsTheReportReads() {
        PlanPoint ctxBase = PlanPoint.parse("run\tdev.uringlab.jmh.RegbBenchmark.regb\tcompletion=baseline cqeArray=16 pollRearm=baseline profile=linux-6.1 ring=emulated");
        PlanPoint ctx16 = PlanPoint.parse("run\tdev.uringlab.jmh.RegbBenchmark.regb\tcompletion=batched-cqe cqeArray=16 pollRearm=baseline profile=linux-6.1 ring=emulated");
        PlanPoint ctx8 = PlanPoint.parse("run\tdev.uringlab.jmh.RegbBenchmark.regb\tcompletion=batched-cqe cqeArray=8 pollRearm=baseline profile=linux-6.1 ring=emulated");
        PlanPoint mainline16 = PlanPoint.parse("run\tdev.uringlab.jmh.RegbBenchmark.regb\tcompletion=batched-cqe cqeArray=16 pollRearm=baseline profile=baseline ring=emulated");
        PlanPoint mainlineBase = PlanPoint.parse("run\tdev.uringlab.jmh.RegbBenchmark.regb\tcompletion=baseline cqeArray=16 pollRearm=baseline profile=baseline ring=emulated");
        List<Races.Race> claimed = Races.claimed(List.of(mainlineBase, mainline16, ctxBase, ctx8, ctx16),
                dev.uringlab.reports.input.Claims.builtIn());
        // seed 000's figures in its linux-6.1 context (the 32-entry array is not planned here), never the mainline pair
        assertThat(claimed).containsExactlyInAnyOrder(new Races.Race(ctx16, Optional.of(ctxBase)), new Races.Race(ctx8, Optional.of(ctxBase)));
    }

    @Test
    void shouldGiveEveryFigureOfTheBuiltInClaimsARaceInTheFullPlan() throws Exception {
        // the points BenchmarkPlan listed to run on 2026-12-01 (java -cp benchmarks.jar dev.uringlab.jmh.BenchmarkPlan),
        // with nops32's context as it has been since 2026-12-02: seed 001's base, for-5.16-2021-10-04, for linux-5.15
        List<PlanPoint> plan;
        try (var in = RacesTest.class.getResourceAsStream("plan-2026-12-01.txt")) {
            plan = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().map(PlanPoint::parse).toList();
        }
        var claims = dev.uringlab.reports.input.Claims.builtIn();
        List<Races.Race> claimed = Races.claimed(plan, claims);
        long figures = claims.claims().stream().mapToLong(c -> c.figures().stream().map(f -> f.match()).distinct().count()).sum();
        assertThat(claimed).hasSize((int) figures).doesNotHaveDuplicates();
        assertThat(claimed).allSatisfy(r -> {
            assertThat(r.reference()).isPresent();
            assertThat(r.point().params().get("profile")).isEqualTo(r.reference().get().params().get("profile")).isNotEqualTo("baseline");
        });
        Races races = new Races(plan, claimed, 2, 3, 0.05);
        List<PlanPoint> round = races.next(Map.of()).points();
        assertThat(round).hasSize((int) claimed.stream().flatMap(r -> r.arms().stream()).distinct().count());
        assertThat(round.stream().map(PlanPoint::benchmark).distinct()).hasSize(5);
    }

    @Test
    void shouldSampleTheMachineWithTheSentinelFirstThenEveryFewForksWhileWorkRemains() {
        PlanPoint sentinel = PlanPoint.parse("run\t" + dev.uringlab.reports.analysis.MachineNoise.BENCHMARK + "\t");
        List<PlanPoint> points = new java.util.ArrayList<>(List.of(sentinel));
        for (int size = 1; size <= 6; size++) {
            points.add(PlanPoint.parse("run\tdev.uringlab.jmh.L.l\tlinkCqe=baseline linkSize=" + size + " ring=emulated"));
            points.add(PlanPoint.parse("run\tdev.uringlab.jmh.L.l\tlinkCqe=boxed-cqe linkSize=" + size + " ring=emulated"));
        }
        Races races = new Races(points, 1, 1, 0.05);
        assertThat(races.races()).noneMatch(r -> r.arms().contains(sentinel));
        List<List<PlanPoint>> batches = new java.util.ArrayList<>();
        for (Races.Batch b = races.next(Map.of()); !b.isEmpty(); b = races.next(Map.of())) {
            batches.add(b.points());
            runAll(races, b.points());
        }
        // the sentinel first, then a cut round of SENTINEL_EVERY forks, the sentinel, the round's rest; none after the work
        assertThat(batches).extracting(List::size).containsExactly(1, Races.SENTINEL_EVERY, 1, 12 - Races.SENTINEL_EVERY);
        assertThat(batches.get(0)).containsExactly(sentinel);
        assertThat(batches.get(2)).containsExactly(sentinel);
        assertThat(races.forks(sentinel)).isEqualTo(2);
        assertThat(races.forksToMinimum()).isZero();
    }

    @Test
    void shouldHoldTheAaRaceToItsFloorWhereTheFiguresMeetTheTarget() {
        PlanPoint nops = PlanPoint.parse("run\t" + PairedRaces.FLOOR_BENCHMARK + "\treqAlloc=baseline ring=emulated");
        PlanPoint cache = PlanPoint.parse("run\t" + PairedRaces.FLOOR_BENCHMARK + "\treqAlloc=req-cache ring=emulated");
        Races races = Races.paired(List.of(BASE, BATCHED, nops, cache), List.of(new Races.Race(BATCHED, Optional.of(BASE))), 1, 4, 0.02);
        runAll(races, races.next(Map.of()).points());
        Races.Race aa = races.races().getFirst();
        assertThat(PairedRaces.arms(aa.point())).containsOnly(nops);
        Map<Races.Race, Double> precision = new HashMap<>();
        races.races().forEach(r -> precision.put(r, 0.015));
        // 1.5% meets the figures' 2% but not the A/A's 1% floor: only the A/A race forks on
        assertThat(races.next(precision).points()).containsExactly(aa.point());
        precision.put(aa, 0.009);
        assertThat(races.next(precision).points()).doesNotContain(aa.point()).isNotEmpty();
    }

    @Test
    void shouldGiveTheAaRaceTwiceTheFiguresMaximumOfForks() {
        PlanPoint nops = PlanPoint.parse("run\t" + PairedRaces.FLOOR_BENCHMARK + "\treqAlloc=baseline ring=emulated");
        PlanPoint cache = PlanPoint.parse("run\t" + PairedRaces.FLOOR_BENCHMARK + "\treqAlloc=req-cache ring=emulated");
        Races races = Races.paired(List.of(nops, cache), List.of(new Races.Race(cache, Optional.of(nops))), 1, 3, 0.02);
        Races.Race aa = races.races().getFirst();
        Map<Races.Race, Double> precision = new HashMap<>();
        races.races().forEach(r -> precision.put(r, 0.5)); // every race far from its target
        int aaForks = 0;
        int figureForks = 0;
        for (Races.Batch b = races.next(precision); !b.isEmpty(); b = races.next(precision)) {
            for (PlanPoint p : b.points()) {
                races.ran(p);
                aaForks += p.equals(aa.point()) ? 1 : 0;
                figureForks += p.equals(aa.point()) ? 0 : 1;
            }
        }
        assertThat(figureForks).isEqualTo(3);
        assertThat(aaForks).isEqualTo(6);
    }

    @Test
    void shouldRaceTheAaFirstThenEveryFigurePairedAndFitTheirRoundsInQuicksBudget() throws Exception {
        List<PlanPoint> plan;
        try (var in = RacesTest.class.getResourceAsStream("plan-2026-12-01.txt")) {
            plan = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines().map(PlanPoint::parse).toList();
        }
        List<Races.Race> claimed = Races.claimed(plan, dev.uringlab.reports.input.Claims.builtIn());
        RunLength quick = RunLength.QUICK;
        Races races = Races.paired(plan, claimed, quick.minForks(), quick.maxForks(), 0.02);
        List<PlanPoint> round = races.next(Map.of()).points();
        // one paired point per figure, after the A/A race of seed 001's baseline arm (the NOPs: the method's floor)
        assertThat(round).hasSize(claimed.size() + 1).allMatch(PairedRaces::isPaired);
        assertThat(PairedRaces.isAa(round.getFirst())).isTrue();
        PlanPoint nops = claimed.stream().map(r -> r.reference().orElseThrow())
                .filter(p -> p.benchmark().equals(PairedRaces.FLOOR_BENCHMARK)).findFirst().orElseThrow();
        assertThat(claimed.getFirst().reference()).isNotEqualTo(Optional.of(nops));
        assertThat(PairedRaces.arms(round.getFirst())).containsOnly(nops);
        assertThat(round.subList(1, round.size())).extracting(PairedRaces::arms)
                .containsExactlyInAnyOrderElementsOf(claimed.stream().map(r -> List.of(r.reference().orElseThrow(), r.point())).toList());
        assertThat(races.role(round.get(0))).isEqualTo("A/A");
        assertThat(races.role(round.get(1))).isEqualTo("paired");
        // a fork's JMH arguments select the harness with both arms spelled as the console spells them
        assertThat(JmhChild.jmhArgs(round.get(1), 0, quick, List.of())).contains("-p", "a=" + claimed.getFirst().reference().orElseThrow(),
                "b=" + claimed.getFirst().point()).containsSubsequence("-p", "copies=2");
        // the A/A race takes its length's own copies (eight in the default run)
        assertThat(JmhChild.jmhArgs(round.getFirst(), 0, RunLength.DEFAULT, List.of())).containsSubsequence("-p", "copies=8");
        // fork k of a point runs on CPU slot k, so a race's arms fork by fork take the same CPU in the same round
        assertThat(JmhChild.jmhArgs(round.getFirst(), 3, RunLength.DEFAULT, List.of())).containsSubsequence("-jvmArgsPrepend", "-Duringlab.cpu=3");
        // their rounds fit the budget with two minutes left for the build
        java.time.Duration perFork = quick.iterationTimePerFork().plus(Progress.GUESSED_FORK_OVERHEAD);
        java.time.Duration rounds = perFork.multipliedBy((long) quick.minForks() * round.size());
        assertThat(rounds.plus(java.time.Duration.ofMinutes(2)).plus(Progress.RESERVE)).isLessThanOrEqualTo(quick.budget());
    }
}
