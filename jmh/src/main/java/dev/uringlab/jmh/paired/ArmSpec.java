package dev.uringlab.jmh.paired;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One arm of a paired race: a benchmark method of this jar and one value per {@code @Param}, as
 * {@link PairedBenchmark}'s {@code a} and {@code b} params spell it: the method without the
 * harness package, then {@code name=value} pairs separated by spaces,
 * {@code Nops32Benchmark.nops32 depth=32 profile=linux-5.15 reqAlloc=baseline ring=emulated}
 * (the spelling of a plan point on {@code uring-lab compare}'s console). No comma: JMH splits
 * a {@code -p} value at commas.
 *
 * @param benchmark the method's full name, {@code dev.uringlab.jmh.Nops32Benchmark.nops32}
 * @param params    its params, in the order given
 */
public record ArmSpec(String benchmark, Map<String, String> params) {
    /** The package of the benchmarks an arm may name without it. */
    static final String PACKAGE = "dev.uringlab.jmh.";

    public ArmSpec {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** Parses the spelling above; the package may be left out. */
    public static ArmSpec parse(String spec) {
        String[] words = spec.strip().split("\\s+");
        if (words[0].isEmpty() || words[0].contains("=") || !words[0].contains(".")) {
            throw new IllegalArgumentException("an arm is a benchmark method, then name=value params: not '" + spec + "'");
        }
        String benchmark = Character.isUpperCase(words[0].charAt(0)) ? PACKAGE + words[0] : words[0];
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("not a name=value param in arm '" + spec + "': " + words[i]);
            }
            params.put(words[i].substring(0, eq), words[i].substring(eq + 1));
        }
        return new ArmSpec(benchmark, params);
    }

    /** The benchmark's class name. */
    String className() {
        return benchmark.substring(0, benchmark.lastIndexOf('.'));
    }

    /** The benchmark's method name. */
    String methodName() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    /** The spelling {@link #parse} reads, without the package. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(benchmark.startsWith(PACKAGE) ? benchmark.substring(PACKAGE.length()) : benchmark);
        params.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
        return sb.toString();
    }
}
