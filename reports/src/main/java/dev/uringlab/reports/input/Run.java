package dev.uringlab.reports.input;

import java.nio.file.Path;
import java.util.List;

/**
 * One JMH JSON file with its environment: one run of the benchmarks on one machine.
 *
 * @param file    the JMH JSON file
 * @param label   how the report names this run (see {@link RunReader#readAll})
 * @param env     its {@code env.json}, or {@link RunEnvironment#NONE}
 * @param results its results, in file order; a paired race's arms each appear as a result of
 *                their own benchmark, read from the race's slices ({@link PairedRace#armMetric})
 * @param races   its paired races, from the slices file beside the JMH file (none in a
 *                fork-by-fork run)
 */
public record Run(Path file, String label, RunEnvironment env, List<JmhResult> results, List<PairedRace> races) {
    public Run {
        results = List.copyOf(results);
        races = List.copyOf(races);
    }

    Run withLabel(String newLabel) {
        return new Run(file, newLabel, env, results, races);
    }

    /** The race of {@code benchmark} with reference {@code a} and challenger {@code b}, if this run raced them paired. */
    public java.util.Optional<PairedRace> race(String benchmark, java.util.Map<String, String> a, java.util.Map<String, String> b) {
        return races.stream().filter(r -> r.benchmark().equals(benchmark) && r.a().equals(a) && r.b().equals(b)).findFirst();
    }
}
