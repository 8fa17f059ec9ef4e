package dev.uringlab.reports.input;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One element of a JMH JSON result array: one benchmark method run with one combination of
 * {@code @Param} values.
 *
 * @param benchmark the benchmark's full name, e.g. {@code dev.uringlab.jmh.RegbBenchmark.regb}
 * @param params    the {@code @Param} values, in JMH's order (empty when the benchmark has none)
 * @param primary   the primary metric, in {@code ops/s}
 * @param secondary the secondary metrics by name: ring counters ({@code @AuxCounters}, same
 *                  unit as the primary) and profiler output such as {@code gc.alloc.rate.norm}
 * @param settings  how JMH ran it
 */
public record JmhResult(String benchmark, Map<String, String> params, Metric primary,
                        Map<String, Metric> secondary, JmhSettings settings) {
    public JmhResult {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
    }

    /** The benchmark's class and method without the package, e.g. {@code RegbBenchmark.regb}. */
    public String shortName() {
        return shortName(benchmark);
    }

    /** A benchmark name's class and method without the package. */
    public static String shortName(String benchmark) {
        int method = benchmark.lastIndexOf('.');
        int type = method <= 0 ? -1 : benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(type + 1);
    }
}
