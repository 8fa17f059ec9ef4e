package dev.uringlab.jmh;

import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.jmh.paired.PairedBenchmark;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The run plan of {@code uring-lab compare}: every benchmark of this jar matching the given
 * regular expressions (as JMH matches them), expanded over its {@code @Param} cross product
 * (an axis param's values from the registry, {@link ParamRules#aliases}),
 * each point marked {@code run} or {@code skip}: skipped when {@link ParamRules} says it is not
 * an experiment, or when its ring engine cannot run here (the native ring where io_uring is
 * disabled: the engine's own reason). It reads the {@code META-INF/BenchmarkList} that JMH's
 * annotation processor wrote, so it needs no fork.
 *
 * <p>Output, one tab-separated line per point, in JMH's benchmark order:
 * <pre>
 * run     dev.uringlab.jmh.Nops32Benchmark.nops32  profile=baseline reqAlloc=baseline ring=emulated
 * skip    dev.uringlab.jmh.Nops32Benchmark.nops32  profile=all-patches reqAlloc=baseline ring=native  ring=native with ...
 * </pre>
 * Usage: {@code java -cp benchmarks.jar dev.uringlab.jmh.BenchmarkPlan [REGEX...]} (none: all).
 */
public final class BenchmarkPlan {
    private BenchmarkPlan() {}

    public static void main(String[] args) {
        print(plan(args.length == 0 ? List.of(".*") : List.of(args)), System.out);
    }

    /** One point of a benchmark's param space. */
    public record Point(String benchmark, Map<String, String> params, Optional<String> skipReason) {}

    /**
     * Benchmarks that measure prices, not strategies: the kernel prices' calibration and the JVM's
     * step prices, planned only when an include names them.
     */
    private static final Set<String> BY_NAME_ONLY = Set.of(CalibrationBenchmark.class.getName(), JvmStepPricesBenchmark.class.getName());

    /** The points of every benchmark matching {@code includes}, asking each engine whether it can run here. */
    public static List<Point> plan(List<String> includes) {
        return plan(includes, BenchmarkPlan::unavailable);
    }

    /** Same, with {@code unavailable} saying why an engine cannot run (empty when it can). */
    static List<Point> plan(List<String> includes, Function<String, Optional<String>> unavailable) {
        Map<String, Optional<String>> engineUnavailable = new HashMap<>();
        Set<String> seen = new LinkedHashSet<>();
        List<Point> points = new ArrayList<>();
        var silent = OutputFormatFactory.createFormatInstance(System.err, VerboseMode.SILENT);
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().find(silent, includes, List.of())) {
            if (!seen.add(entry.getUsername()) || entry.getUserClassQName().equals(PairedBenchmark.class.getName())) {
                continue; // the same method in another mode, or the paired harness, whose arms are the points
            }
            String name = entry.getUserClassQName().substring(entry.getUserClassQName().lastIndexOf('.') + 1).replace("Benchmark", "");
            if (BY_NAME_ONLY.contains(entry.getUserClassQName()) && includes.stream().noneMatch(i -> i.contains(name))) {
                continue; // a price list, not a race: it runs only when asked for by name
            }
            Map<String, String[]> space = axisParamsFromRegistry(entry.getUserClassQName(), entry.getParams().orElse(Map.of()));
            for (Map<String, String> params : crossProduct(space)) {
                Optional<String> skip = ParamRules.rejection(entry.getUserClassQName(), params);
                String engine = params.get(ParamRules.RING);
                if (skip.isEmpty() && engine != null) {
                    skip = engineUnavailable.computeIfAbsent(engine, unavailable);
                }
                points.add(new Point(entry.getUsername(), params, skip));
            }
        }
        return points;
    }

    /**
     * {@code space} with each axis param's values taken from the registry
     * ({@link ParamRules#aliases}): the benchmark's {@code @Param} names the param and its baseline only.
     */
    static Map<String, String[]> axisParamsFromRegistry(String benchmark, Map<String, String[]> space) {
        Map<String, String[]> out = new LinkedHashMap<>(space);
        out.replaceAll((name, values) -> ParamRules.axisOfParam(name)
                .map(axis -> ParamRules.aliases(benchmark, axis).toArray(String[]::new)).orElse(values));
        return out;
    }

    /** Why the engine cannot open rings here, or empty when it can. */
    private static Optional<String> unavailable(String engine) {
        try {
            return Rings.provider(engine).unavailableReason().map(r -> "ring=" + engine + " cannot run here: " + r);
        } catch (RingUnavailableException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** Every combination, the first param varying slowest (JMH's own order: names sorted). */
    static List<Map<String, String>> crossProduct(Map<String, String[]> space) {
        List<Map<String, String>> result = new ArrayList<>();
        result.add(new LinkedHashMap<>());
        for (String name : space.keySet().stream().sorted().toList()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : result) {
                for (String value : space.get(name)) {
                    Map<String, String> m = new LinkedHashMap<>(partial);
                    m.put(name, value);
                    next.add(m);
                }
            }
            result = next;
        }
        return result;
    }

    static void print(List<Point> points, PrintStream out) {
        for (Point p : points) {
            StringBuilder params = new StringBuilder();
            p.params().forEach((k, v) -> params.append(params.isEmpty() ? "" : " ").append(k).append('=').append(v));
            out.println((p.skipReason().isPresent() ? "skip" : "run") + "\t" + p.benchmark() + "\t" + params
                    + p.skipReason().map(r -> "\t" + r).orElse(""));
        }
    }
}
