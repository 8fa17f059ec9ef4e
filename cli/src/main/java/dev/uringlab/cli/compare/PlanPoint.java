package dev.uringlab.cli.compare;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One point of the run plan: a benchmark and one value per {@code @Param}, and why it is
 * skipped when it is. Parsed from the lines of {@code dev.uringlab.jmh.BenchmarkPlan}
 * ({@code run|skip TAB benchmark TAB k=v k=v [TAB reason]}).
 */
record PlanPoint(String benchmark, Map<String, String> params, Optional<String> skipReason) {
    private static final String PACKAGE = "dev.uringlab.jmh.";

    PlanPoint {
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** The point {@link #toString()} spells, to be run. */
    static PlanPoint ofSpelling(String spelling) {
        String[] words = spelling.strip().split(" ");
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            params.put(words[i].substring(0, eq), words[i].substring(eq + 1));
        }
        return new PlanPoint(words[0].startsWith(PACKAGE) ? words[0] : PACKAGE + words[0], params, Optional.empty());
    }

    /** Parses one line of BenchmarkPlan's output. */
    static PlanPoint parse(String line) {
        String[] cols = line.split("\t", -1);
        if (cols.length < 3 || !(cols[0].equals("run") || cols[0].equals("skip")) || (cols[0].equals("skip") != (cols.length == 4))) {
            throw new IllegalArgumentException("not a BenchmarkPlan line: " + line);
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (String kv : cols[2].isEmpty() ? new String[0] : cols[2].split(" ")) {
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("not a k=v param in BenchmarkPlan line: " + line);
            }
            params.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return new PlanPoint(cols[1], params, cols.length == 4 ? Optional.of(cols[3]) : Optional.empty());
    }

    /** The benchmark without the harness package: {@code Nops32Benchmark.nops32}. */
    String shortName() {
        return benchmark.startsWith(PACKAGE) ? benchmark.substring(PACKAGE.length()) : benchmark;
    }

    /**
     * {@code Nops32Benchmark.nops32 profile=baseline ring=native}: the point's spelling on the
     * console, and as an arm of the paired harness ({@code ArmSpec} in the jmh module reads it).
     */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(shortName());
        params.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        return sb.toString();
    }

    /** JMH's arguments that select exactly this point: the benchmark's own regex and one {@code -p} per param. */
    List<String> jmhSelection() {
        List<String> args = new java.util.ArrayList<>();
        args.add("^" + Pattern.quote(benchmark) + "$");
        params.forEach((k, v) -> {
            args.add("-p");
            args.add(k + "=" + v);
        });
        return args;
    }
}
