package dev.uringlab.reports.input;

import java.nio.file.Path;
import java.util.List;

/**
 * One JMH JSON file with its environment: one run of the benchmarks on one machine.
 *
 * @param file    the JMH JSON file
 * @param label   how the report names this run (see {@link RunReader#readAll})
 * @param env     its {@code env.json}, or {@link RunEnvironment#NONE}
 * @param results its results, in file order
 */
public record Run(Path file, String label, RunEnvironment env, List<JmhResult> results) {
    public Run {
        results = List.copyOf(results);
    }

    Run withLabel(String newLabel) {
        return new Run(file, newLabel, env, results);
    }
}
