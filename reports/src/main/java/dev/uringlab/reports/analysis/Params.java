package dev.uringlab.reports.analysis;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Names;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * How the report reads JMH {@code @Param}s, after the jmh module's conventions: params named
 * after an SPI axis key in camelCase (every {@link Axis} of the registry: {@code completion},
 * {@code reqAlloc}, {@code pollRearm}, {@code linkCqe}, {@code bioAlloc} and the era axes),
 * {@code profile} ({@code baseline}/{@code all-patches}/a kernel profile) and {@code ring}
 * ({@code emulated}/{@code native}) choose the <em>strategy</em>; every other param describes
 * the <em>workload</em> (link size, CQE array size...). What the reader sees is each param's
 * kebab spelling ({@link #cli}: {@code link-cqe}, {@code cqe-array}), as on the command line.
 *
 * <p>The <em>reference</em> strategy, the one at 1.00 in relative columns, is the pre-patch
 * emulator: every strategy param {@code baseline} and the ring {@code emulated}.
 */
public final class Params {
    /** The strategy params as JMH spells them, in the order labels name them: ring, profile, then every axis in seed order. */
    public static final List<String> STRATEGY_KEYS = Stream.concat(Stream.of("ring", "profile"),
            Axis.values().stream().map(a -> Names.camel(a.key()))).toList();
    /** The value of an axis param (and of {@code profile}) for the pre-patch mechanism. */
    public static final String BASELINE = "baseline";
    /** The param choosing the ring engine. */
    public static final String RING = "ring";
    /** The reference value of {@link #RING}. */
    public static final String EMULATED = "emulated";

    private Params() {
    }

    /**
     * A param's name as the reader sees it: kebab case, as the command line, the claims and the
     * docs spell it ({@code linkCqe} -> {@code link-cqe}, {@code cqeArray} -> {@code cqe-array});
     * JMH's camel case is the Java field's ({@link Names}).
     */
    public static String cli(String key) {
        return Names.kebab(key);
    }

    /** Whether {@code key} chooses a strategy rather than describing the workload. */
    public static boolean isStrategy(String key) {
        return STRATEGY_KEYS.contains(key);
    }

    /** The workload part of {@code params}: every param that is not a strategy param. */
    public static Map<String, String> workload(Map<String, String> params) {
        Map<String, String> out = new LinkedHashMap<>();
        params.forEach((k, v) -> {
            if (!isStrategy(k)) {
                out.put(k, v);
            }
        });
        return out;
    }

    /** Whether these params select the reference strategy (see the class comment). */
    public static boolean isReference(Map<String, String> params) {
        return params.entrySet().stream().filter(e -> isStrategy(e.getKey()))
                .allMatch(e -> e.getValue().equals(e.getKey().equals(RING) ? EMULATED : BASELINE));
    }

    /** {@code key=value, key=value} for the {@code keys} present in {@code params}, in the keys' order, each key as {@link #cli}. */
    public static String label(Map<String, String> params, Collection<String> keys) {
        return keys.stream().filter(params::containsKey).map(k -> cli(k) + "=" + params.get(k))
                .collect(Collectors.joining(", "));
    }
}
