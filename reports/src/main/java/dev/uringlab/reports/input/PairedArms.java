package dev.uringlab.reports.input;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A paired run's results as the rest of the report reads results: the harness's own JMH results
 * ({@link PairedRace#HARNESS}, whose score is blocks per second) give way to one result per arm,
 * its benchmark and params, its iterations' rates from the slices ({@link PairedRace#armMetric}),
 * and the harness's JMH settings. An arm raced in several races (a reference shared by several
 * challengers, or both slots of an A/A race) is one result with the forks of all of them.
 */
final class PairedArms {
    private static final JmhSettings UNKNOWN_SETTINGS = new JmhSettings(RunEnvironment.UNKNOWN, "thrpt", 1, 0, "?", "?",
            RunEnvironment.UNKNOWN, RunEnvironment.UNKNOWN, RunEnvironment.UNKNOWN, List.of());

    private PairedArms() {
    }

    /** {@code results} without the harness's, with every arm of {@code races}. */
    static List<JmhResult> results(List<JmhResult> results, List<PairedRace> races) {
        List<JmhResult> harness = results.stream().filter(r -> r.benchmark().equals(PairedRace.HARNESS)).toList();
        if (harness.isEmpty() && races.isEmpty()) {
            return results;
        }
        List<JmhResult> out = new ArrayList<>(results);
        out.removeAll(harness);
        Map<List<Object>, List<List<Double>>> forks = new LinkedHashMap<>();
        for (PairedRace race : races) {
            for (int arm : race.aa() ? new int[] {PairedRace.A} : new int[] {PairedRace.A, PairedRace.B}) {
                forks.computeIfAbsent(List.of(race.benchmark(), race.params(arm)), k -> new ArrayList<>())
                        .addAll(race.armMetric(arm).forks());
            }
        }
        JmhSettings settings = harness.isEmpty() ? UNKNOWN_SETTINGS : harness.getFirst().settings();
        forks.forEach((key, f) -> {
            @SuppressWarnings("unchecked")
            Map<String, String> params = (Map<String, String>) key.get(1);
            out.add(new JmhResult((String) key.get(0), params, Metric.ofForks(f), Map.of(), settings));
        });
        return out;
    }
}
