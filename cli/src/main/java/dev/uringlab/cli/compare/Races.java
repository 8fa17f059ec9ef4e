package dev.uringlab.cli.compare;

import dev.uringlab.reports.analysis.Params;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which point runs its next fork: {@code uring-lab compare}'s schedule of interleaved races.
 *
 * <p>A <em>race</em> is a point against its reference (the same benchmark and workload params,
 * every strategy param at {@code baseline} and the ring {@code emulated}; see the reports'
 * {@link Params}); a reference point with no challenger races alone. Forks run one at a time
 * and alternate between the arms (reference fork, patched fork, reference fork...), so that
 * drift on a shared machine falls on both arms of every ratio.
 *
 * <ol>
 *   <li>Rounds: until every point has {@code minForks} forks, each round gives one fork to each
 *       point that has the fewest, in race order (a race's reference before its challenger; the
 *       benchmarks' races in turn, the native ring's last).</li>
 *   <li>Then precision: the race whose ratio interval is widest relative to the target
 *       (half-width over ratio, from the report's own analysis) and whose challenger has fewer
 *       than {@code maxForks} gets one fork of each arm (a reference shared by several races
 *       may pass {@code maxForks}); until every race meets the target or is at its maximum, or
 *       the caller's time budget ends.</li>
 * </ol>
 */
final class Races {
    /** One race: a challenger and its reference, or a point alone. */
    record Race(PlanPoint point, Optional<PlanPoint> reference) {
        List<PlanPoint> arms() {
            return reference.map(r -> List.of(r, point)).orElse(List.of(point));
        }
    }

    private final List<PlanPoint> points;
    private final List<Race> races = new ArrayList<>();
    private final Map<PlanPoint, Integer> forks = new LinkedHashMap<>();
    private final int minForks;
    private final int maxForks;
    private final double target;

    Races(List<PlanPoint> points, int minForks, int maxForks, double target) {
        this.points = List.copyOf(points);
        this.minForks = minForks;
        this.maxForks = Math.max(minForks, maxForks);
        this.target = target;
        for (PlanPoint p : points) {
            forks.put(p, 0);
        }
        for (PlanPoint p : points) {
            if (!Params.isReference(p.params())) {
                races.add(new Race(p, referenceOf(p)));
            }
        }
        for (PlanPoint p : points) {
            if (Params.isReference(p.params()) && races.stream().noneMatch(r -> r.reference().equals(Optional.of(p)))) {
                races.add(new Race(p, Optional.empty()));
            }
        }
        interleaveBenchmarks();
    }

    /**
     * Orders the races one benchmark after another in turn (the first race of each, then the
     * second...), the native ring's last within each benchmark, so that a budget that ends
     * during the rounds has measured some of every benchmark, the emulator's patches first.
     */
    private void interleaveBenchmarks() {
        Map<String, List<Race>> byBenchmark = new LinkedHashMap<>();
        races.stream().sorted(Comparator.comparing((Race r) -> NATIVE.equals(r.point().params().get(Params.RING))))
                .forEach(r -> byBenchmark.computeIfAbsent(r.point().benchmark(), k -> new ArrayList<>()).add(r));
        races.clear();
        for (int i = 0; byBenchmark.values().stream().anyMatch(l -> !l.isEmpty()); i++) {
            for (List<Race> l : byBenchmark.values()) {
                if (!l.isEmpty()) {
                    races.add(l.removeFirst());
                }
            }
        }
    }

    private static final String NATIVE = "native";

    private Optional<PlanPoint> referenceOf(PlanPoint p) {
        return points.stream().filter(r -> r.benchmark().equals(p.benchmark()) && Params.isReference(r.params())
                && Params.workload(r.params()).equals(Params.workload(p.params()))).findFirst();
    }

    List<Race> races() {
        return List.copyOf(races);
    }

    /** Forks run so far of {@code p}. */
    int forks(PlanPoint p) {
        return forks.get(p);
    }

    /** Records one more fork of {@code p}, run (successfully or not). */
    void ran(PlanPoint p) {
        forks.merge(p, 1, Integer::sum);
    }

    /** Whether every point has its minimum of forks. */
    boolean warmedUp() {
        return forks.values().stream().allMatch(n -> n >= minForks);
    }

    /** How many forks the rounds still need before every point has {@code minForks}. */
    int forksToMinimum() {
        return forks.values().stream().mapToInt(n -> Math.max(0, minForks - n)).sum();
    }

    /**
     * The next points to run, one fork each, in order; empty when every race is done.
     *
     * @param precision each point's current precision: the half-width over the value of its
     *                  ratio's interval (of its score's when it races alone); absent or NaN
     *                  when unknown
     */
    List<PlanPoint> next(Map<PlanPoint, Double> precision) {
        if (!warmedUp()) {
            int fewest = forks.values().stream().mapToInt(Integer::intValue).min().orElse(0);
            List<PlanPoint> round = new ArrayList<>();
            for (Race race : races) {
                for (PlanPoint p : race.arms()) {
                    if (forks.get(p) == fewest && !round.contains(p)) {
                        round.add(p);
                    }
                }
            }
            return round;
        }
        return races.stream()
                .filter(r -> forks.get(r.point()) < maxForks)
                .filter(r -> excess(r, precision) > 1)
                .max(Comparator.comparingDouble(r -> excess(r, precision)))
                .map(Race::arms).orElse(List.of());
    }

    /** A race's precision over the target: above 1 while the race needs forks (unknown counts as far off). */
    private double excess(Race r, Map<PlanPoint, Double> precision) {
        Double p = precision.get(r.point());
        return p == null || p.isNaN() ? Double.MAX_VALUE : p / target;
    }
}
