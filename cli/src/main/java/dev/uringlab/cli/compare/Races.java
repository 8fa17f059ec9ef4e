package dev.uringlab.cli.compare;

import dev.uringlab.reports.analysis.ClaimMatcher;
import dev.uringlab.reports.analysis.MachineNoise;
import dev.uringlab.reports.analysis.Params;
import dev.uringlab.reports.analysis.Thresholds;
import dev.uringlab.reports.input.Claims;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which point runs its next fork: {@code uring-lab compare}'s schedule of interleaved races.
 *
 * <p>A <em>race</em> is a point against its reference, or a point alone. There are two tiers:
 * <ol>
 *   <li><b>The authors' figures</b>: each figure of the built-in claims races its patched arm
 *       against its baseline arm in the author's kernel context, the same pair the report reads
 *       ({@link ClaimMatcher#arms}).</li>
 *   <li><b>Everything else</b>: a point against its reference (the same benchmark and workload
 *       params, every strategy param at {@code baseline} and the ring {@code emulated}; see the
 *       reports' {@link Params}); a reference point with no challenger races alone.</li>
 * </ol>
 * The first tier is served before the second, each in two phases, so that a budget that ends
 * early has spent itself on what the report sets beside an author's figure:
 * <ol>
 *   <li>Rounds: until every point of the tier has {@code minForks} forks, each round gives one
 *       fork to each point of the tier that has the fewest, in race order (a race's reference
 *       before its challenger, so the arms alternate and drift on a shared machine falls on
 *       both; the benchmarks' races in turn, the native ring's last).</li>
 *   <li>Precision: the race whose ratio interval is widest relative to the target (half-width
 *       over ratio) and whose challenger has fewer than {@code maxForks} (the A/A race twice
 *       that) gets one fork of each arm (a reference shared by several races may pass
 *       {@code maxForks}); until every race of the tier meets the target or is at its maximum.</li>
 * </ol>
 * The calibration kernel that measures the machine's own noise ({@link MachineNoise}) races in
 * neither tier: it is a <em>sentinel</em>, one fork first and one after every
 * {@value #SENTINEL_EVERY} other forks for as long as the run has work, so that its fork means
 * sample the machine over the whole run, beside every race.
 */
final class Races {
    /** One race: a challenger and its reference, or a point alone. */
    record Race(PlanPoint point, Optional<PlanPoint> reference) {
        List<PlanPoint> arms() {
            return reference.map(r -> List.of(r, point)).orElse(List.of(point));
        }
    }

    /**
     * The next forks to run, in order.
     *
     * @param together whether the points are one race's arms, which run together or not at all
     *                 (else a round, which a budget may cut short)
     */
    record Batch(List<PlanPoint> points, boolean together) {
        static final Batch NONE = new Batch(List.of(), false);

        boolean isEmpty() {
            return points.isEmpty();
        }
    }

    /** Other forks between two forks of the sentinel. */
    static final int SENTINEL_EVERY = 8;

    private final List<List<Race>> tiers;
    private final Optional<PlanPoint> sentinel;
    private int sinceSentinel;
    private final Map<PlanPoint, Integer> forks = new LinkedHashMap<>();
    private final int minForks;
    private final int maxForks;
    private final double target;

    /**
     * @param claimed the races of the authors' figures ({@link #claimed}), run first
     */
    Races(List<PlanPoint> points, List<Race> claimed, int minForks, int maxForks, double target) {
        this(tiers(points, claimed), sentinelOf(points), minForks, maxForks, target);
    }

    private Races(List<List<Race>> tiers, Optional<PlanPoint> sentinel, int minForks, int maxForks, double target) {
        this.tiers = tiers;
        this.sentinel = sentinel;
        this.minForks = minForks;
        this.maxForks = Math.max(minForks, maxForks);
        this.target = target;
        tiers.stream().flatMap(List::stream).flatMap(r -> r.arms().stream()).forEach(p -> forks.put(p, 0));
        sentinel.ifPresent(p -> forks.put(p, 0));
    }

    /**
     * The same races run paired ({@link PairedRaces}): each race with a reference becomes one point
     * of the paired harness, its reference arm {@code a} and its challenger {@code b}; the A/A race
     * runs first of all, of the baseline arm of the first author's figure on
     * {@link PairedRaces#FLOOR_BENCHMARK} (else of the first figure's, in the plan's order), held to
     * {@link Thresholds#AA_FLOOR} where the figures are held to the target; a point with no
     * reference has nothing to pair with and is left out. The calibration kernel stays a
     * fork-by-fork sentinel.
     */
    static Races paired(List<PlanPoint> points, List<Race> claimed, int minForks, int maxForks, double target) {
        List<List<Race>> pairedTiers = new ArrayList<>();
        for (List<Race> tier : tiers(points, claimed)) {
            pairedTiers.add(tier.stream().filter(r -> r.reference().isPresent())
                    .map(r -> new Race(PairedRaces.point(r.reference().get(), r.point()), Optional.empty())).toList());
        }
        List<Race> first = new ArrayList<>(pairedTiers.getFirst());
        List<PlanPoint> references = Stream.concat(claimed.stream(), tiers(points, claimed).stream().flatMap(List::stream))
                .flatMap(r -> r.reference().stream()).toList();
        references.stream().filter(p -> p.benchmark().equals(PairedRaces.FLOOR_BENCHMARK)).findFirst()
                .or(() -> references.stream().findFirst())
                .ifPresent(aa -> first.addFirst(new Race(PairedRaces.point(aa, aa), Optional.empty())));
        pairedTiers.set(0, first);
        return new Races(pairedTiers, sentinelOf(points), minForks, maxForks, target);
    }

    private static Optional<PlanPoint> sentinelOf(List<PlanPoint> points) {
        return points.stream().filter(p -> p.benchmark().equals(MachineNoise.BENCHMARK)).findFirst();
    }

    /** The two tiers of fork-by-fork races among {@code points} (see the class comment). */
    private static List<List<Race>> tiers(List<PlanPoint> points, List<Race> claimed) {
        Optional<PlanPoint> sentinel = sentinelOf(points);
        List<Race> others = new ArrayList<>();
        for (PlanPoint p : points) {
            if (!Params.isReference(p.params())) {
                others.add(new Race(p, referenceOf(points, p)));
            }
        }
        for (PlanPoint p : points) {
            if (sentinel.equals(Optional.of(p))) {
                continue;
            }
            if (Params.isReference(p.params()) && others.stream().noneMatch(r -> r.reference().equals(Optional.of(p)))) {
                others.add(new Race(p, Optional.empty()));
            }
        }
        others.removeAll(claimed);
        return List.of(interleaveBenchmarks(claimed), interleaveBenchmarks(others));
    }

    /** Without claims: one tier of challengers against references. */
    Races(List<PlanPoint> points, int minForks, int maxForks, double target) {
        this(points, List.of(), minForks, maxForks, target);
    }

    /** The first tier among {@code points}: each figure's pair of the built-in claims, once. */
    static List<Race> claimed(List<PlanPoint> points, Claims claims) {
        Map<String, List<PlanPoint>> byBenchmark = points.stream()
                .collect(Collectors.groupingBy(PlanPoint::benchmark, LinkedHashMap::new, Collectors.toList()));
        LinkedHashSet<Race> races = new LinkedHashSet<>();
        byBenchmark.forEach((benchmark, planned) -> {
            List<Map<String, String>> params = planned.stream().map(PlanPoint::params).toList();
            for (ClaimMatcher.Arms arms : ClaimMatcher.arms(claims, benchmark, params)) {
                races.add(new Race(planned.get(params.indexOf(arms.patched())), Optional.of(planned.get(params.indexOf(arms.baseline())))));
            }
        });
        return List.copyOf(races);
    }

    /**
     * Orders races one benchmark after another in turn (the first race of each, then the
     * second...), the native ring's last within each benchmark, so that a budget that ends
     * during the rounds has measured some of every benchmark, the emulator's patches first.
     */
    private static List<Race> interleaveBenchmarks(List<Race> races) {
        Map<String, List<Race>> byBenchmark = new LinkedHashMap<>();
        races.stream().sorted(Comparator.comparing((Race r) -> NATIVE.equals(r.point().params().get(Params.RING))))
                .forEach(r -> byBenchmark.computeIfAbsent(r.point().benchmark(), k -> new ArrayList<>()).add(r));
        List<Race> out = new ArrayList<>();
        while (byBenchmark.values().stream().anyMatch(l -> !l.isEmpty())) {
            for (List<Race> l : byBenchmark.values()) {
                if (!l.isEmpty()) {
                    out.add(l.removeFirst());
                }
            }
        }
        return out;
    }

    private static final String NATIVE = "native";

    private static Optional<PlanPoint> referenceOf(List<PlanPoint> points, PlanPoint p) {
        return points.stream().filter(r -> r.benchmark().equals(p.benchmark()) && Params.isReference(r.params())
                && Params.workload(r.params()).equals(Params.workload(p.params()))).findFirst();
    }

    /** Every race, the authors' figures first. */
    List<Race> races() {
        return tiers.stream().flatMap(List::stream).toList();
    }

    /** Whether {@code race} is an author's figure. */
    boolean claimed(Race race) {
        return tiers.getFirst().contains(race);
    }

    /** {@code reference} when {@code p} is a reference arm of some race, {@code machine noise} for the sentinel, else {@code challenger}. */
    String role(PlanPoint p) {
        if (sentinel.equals(Optional.of(p))) {
            return "machine noise";
        }
        if (PairedRaces.isPaired(p)) {
            return PairedRaces.isAa(p) ? "A/A" : "paired";
        }
        return races().stream().anyMatch(r -> r.reference().equals(Optional.of(p))) ? "reference" : "challenger";
    }

    /** Every point the races and the sentinel run, in order. */
    List<PlanPoint> points() {
        return List.copyOf(forks.keySet());
    }

    /** Forks run so far of {@code p}. */
    int forks(PlanPoint p) {
        return forks.get(p);
    }

    /** Records one more fork of {@code p}, run (successfully or not). */
    void ran(PlanPoint p) {
        forks.merge(p, 1, Integer::sum);
        sinceSentinel = sentinel.equals(Optional.of(p)) ? 0 : sinceSentinel + 1;
    }

    /** How many forks the rounds still need before every point (the sentinel aside) has {@code minForks}. */
    int forksToMinimum() {
        return forks.entrySet().stream().filter(e -> !sentinel.equals(Optional.of(e.getKey())))
                .mapToInt(e -> Math.max(0, minForks - e.getValue())).sum();
    }

    /**
     * The next forks to run; empty when every race is done.
     *
     * @param precision each race's current precision: the half-width over the value of its
     *                  ratio's interval (of its score's when it races alone); absent or NaN
     *                  when unknown
     */
    Batch next(Map<Race, Double> precision) {
        Batch work = work(precision);
        boolean sentinelDue = sentinel.isPresent() && (forks.get(sentinel.get()) == 0 || sinceSentinel >= SENTINEL_EVERY);
        return work.isEmpty() || !sentinelDue ? work : new Batch(List.of(sentinel.get()), false);
    }

    /** The next forks of the races. */
    private Batch work(Map<Race, Double> precision) {
        for (List<Race> tier : tiers) {
            List<PlanPoint> round = round(tier);
            if (!round.isEmpty()) {
                // a round is cut where the sentinel is due; the rest of it stays the fewest-forked
                return new Batch(round.subList(0, Math.min(round.size(), sentinel.isPresent() ? SENTINEL_EVERY : round.size())), false);
            }
            Optional<Race> widest = tier.stream()
                    .filter(r -> forks.get(r.point()) < maxForks(r))
                    .filter(r -> excess(r, precision) > 1)
                    .max(Comparator.comparingDouble(r -> excess(r, precision)));
            if (widest.isPresent()) {
                return new Batch(widest.get().arms(), true);
            }
        }
        return Batch.NONE;
    }

    /** One fork for each point of the tier that has the fewest, while that is below the minimum. */
    private List<PlanPoint> round(List<Race> tier) {
        List<PlanPoint> arms = tier.stream().flatMap(r -> r.arms().stream()).distinct().toList();
        int fewest = arms.stream().mapToInt(forks::get).min().orElse(minForks);
        return fewest >= minForks ? List.of() : arms.stream().filter(p -> forks.get(p) == fewest).toList();
    }

    /**
     * The most forks a race gets: {@code maxForks}, twice that for the A/A race. Its floor is held
     * to 1% where the figures stop at the target, and each fork of it draws its copies' luck anew
     * (a copy of the NOPs' code runs 2-4% off the others for a whole fork, one in 16 up to 30%), so
     * on 2026-12-03 its interval was still +-1.1% after 10 forks.
     */
    private int maxForks(Race r) {
        return PairedRaces.isAa(r.point()) ? 2 * maxForks : maxForks;
    }

    /**
     * A race's precision over its target: above 1 while the race needs forks (unknown counts as far
     * off). An A/A race's precision is how far its interval reaches from 1.00 (ForkLoop gives
     * {@code FloorCheck.reach}), and its target its floor ({@link Thresholds#AA_FLOOR}) when that is the tighter.
     */
    private double excess(Race r, Map<Race, Double> precision) {
        Double p = precision.get(r);
        double own = PairedRaces.isAa(r.point()) ? Math.min(target, Thresholds.AA_FLOOR) : target;
        return p == null || p.isNaN() ? Double.MAX_VALUE : p / own;
    }
}
