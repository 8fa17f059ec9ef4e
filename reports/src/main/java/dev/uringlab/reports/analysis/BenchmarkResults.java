package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Claim;
import dev.uringlab.reports.input.Claims;
import dev.uringlab.reports.input.Display;
import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.Metric;
import dev.uringlab.reports.input.PairedRace;
import dev.uringlab.reports.input.Run;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Every result of one benchmark across the runs, arranged for its section of the report:
 * which params vary (strategy and workload), which one is a sweep, and one {@link Row} per
 * result with its score in the display unit, its speed-up over the reference strategy, its
 * counters per operation and its bytes per operation.
 *
 * @param benchmark    the benchmark's full name
 * @param shortName    class and method, e.g. {@code RegbBenchmark.regb}
 * @param claim        the seed claim measured by this benchmark, if any
 * @param display      the unit scores are shown in (the claim's, else ops/s)
 * @param fixed        params with one value across all results, e.g. {@code ring=emulated}
 * @param workloadKeys the workload params that vary, in JMH's order
 * @param strategies   the strategy labels, the reference first
 * @param workloads    the workload labels, in JMH's order ({@code ""} alone when one workload)
 * @param sweepKey     the workload param swept over more than two numeric values, if any
 * @param counters     the names of the ring counters reported (secondary metrics in ops/s)
 * @param rows         the results: by run, then workload, then strategy
 */
public record BenchmarkResults(String benchmark, String shortName, Optional<Claim> claim, Display display,
                               Map<String, String> fixed, List<String> workloadKeys, List<String> strategies, List<String> workloads,
                               Optional<String> sweepKey, List<String> counters, List<Row> rows) {
    public BenchmarkResults {
        fixed = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fixed));
        workloadKeys = List.copyOf(workloadKeys);
        strategies = List.copyOf(strategies);
        workloads = List.copyOf(workloads);
        counters = List.copyOf(counters);
        rows = List.copyOf(rows);
    }

    /** JMH's {@code -prof gc} secondary metric for bytes allocated per operation (older JMH prefixed a middle dot). */
    static final List<String> GC_ALLOC_NORM = List.of("gc.alloc.rate.norm", "\u00b7gc.alloc.rate.norm");

    /** Whether any result carries bytes per operation. */
    public boolean hasBytesPerOp() {
        return rows.stream().anyMatch(r -> r.bytesPerOp().isPresent());
    }

    /** The distinct run labels among the rows, in order. */
    public List<String> runs() {
        return rows.stream().map(Row::run).distinct().toList();
    }

    /** Arranges every result of every run, one entry per benchmark in order of first appearance. */
    public static List<BenchmarkResults> of(List<Run> runs, Claims claims, Intervals intervals) {
        Map<String, List<Entry>> byBenchmark = new LinkedHashMap<>();
        for (Run run : runs) {
            for (JmhResult r : run.results()) {
                byBenchmark.computeIfAbsent(r.benchmark(), k -> new ArrayList<>()).add(new Entry(run.label(), r, run));
            }
        }
        List<BenchmarkResults> out = new ArrayList<>();
        byBenchmark.forEach((name, entries) -> out.add(arrange(name, entries, claims.forBenchmark(name), intervals)));
        return out;
    }

    private record Entry(String run, JmhResult result, Run source) {
        Map<String, String> params() {
            return result.params();
        }
    }

    private static BenchmarkResults arrange(String name, List<Entry> entries, Optional<Claim> claim, Intervals intervals) {
        Set<String> keys = new LinkedHashSet<>();
        entries.forEach(e -> keys.addAll(e.params().keySet()));
        Map<String, String> fixed = new LinkedHashMap<>();
        List<String> varyingStrategy = new ArrayList<>();
        List<String> varyingWorkload = new ArrayList<>();
        for (String key : keys) {
            Set<String> values = values(entries, key);
            if (values.size() == 1 && values.iterator().next() != null) {
                fixed.put(key, values.iterator().next());
            } else if (!Params.isStrategy(key)) {
                varyingWorkload.add(key);
            }
        }
        for (String key : Params.STRATEGY_KEYS) {
            if (keys.contains(key) && !fixed.containsKey(key)) {
                varyingStrategy.add(key);
            }
        }
        List<String> strategyKeys = varyingStrategy.isEmpty()
                ? Params.STRATEGY_KEYS.stream().filter(keys::contains).toList() : varyingStrategy;
        Optional<String> sweep = varyingWorkload.stream()
                .filter(k -> values(entries, k).size() > 2 && values(entries, k).stream().allMatch(BenchmarkResults::numeric))
                .findFirst();
        Display display = claim.map(Claim::display).orElse(Display.OPS_PER_S);

        Set<String> counters = new LinkedHashSet<>();
        List<Row> rows = new ArrayList<>();
        for (Entry e : entries) {
            JmhResult r = e.result();
            Optional<Entry> ref = reference(entries, e);
            Optional<PairedRace> race = ref.filter(x -> x != e).flatMap(x -> e.source().race(name, x.params(), r.params()));
            Optional<Estimate> speedup = ref.map(x -> race.map(intervals::paired)
                    .orElseGet(() -> intervals.ratio(r.primary(), x.result().primary())));
            Map<String, Double> perOp = countersPerOp(r);
            counters.addAll(perOp.keySet());
            Estimate score = intervals.score(r.primary());
            rows.add(new Row(e.run(), strategyLabel(r.params(), strategyKeys),
                    Params.label(r.params(), varyingWorkload), r,
                    score, display == Display.NS_PER_OP ? score.reciprocal(1e9) : score, speedup, race.flatMap(PairedRates::of),
                    Params.isReference(r.params()), bytesPerOp(r), perOp, Stability.of(r.primary())));
        }
        List<String> runOrder = rows.stream().map(Row::run).distinct().toList();
        List<String> workloads = rows.stream().map(Row::workload).distinct().toList();
        List<String> strategies = rows.stream().sorted(Comparator.comparing(row -> !row.reference()))
                .map(Row::strategy).distinct().toList();
        rows.sort(Comparator.<Row>comparingInt(row -> runOrder.indexOf(row.run()))
                .thenComparingInt(row -> workloads.indexOf(row.workload()))
                .thenComparingInt(row -> strategies.indexOf(row.strategy())));
        return new BenchmarkResults(name, entries.getFirst().result().shortName(), claim, display, fixed,
                varyingWorkload, strategies, workloads, sweep, List.copyOf(counters), rows);
    }

    private static String strategyLabel(Map<String, String> params, List<String> strategyKeys) {
        String label = Params.label(params, strategyKeys);
        return label.isEmpty() ? "(no strategy params)" : label;
    }

    private static Set<String> values(List<Entry> entries, String key) {
        Set<String> values = new LinkedHashSet<>();
        entries.forEach(e -> values.add(e.params().get(key)));
        return values;
    }

    private static boolean numeric(String s) {
        if (s == null) {
            return false;
        }
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The reference strategy's result on the same run and workload (every non-strategy param equal). */
    private static Optional<Entry> reference(List<Entry> entries, Entry of) {
        Map<String, String> workload = Params.workload(of.params());
        return entries.stream()
                .filter(e -> e.run().equals(of.run()) && Params.isReference(e.params())
                        && Params.workload(e.params()).equals(workload))
                .findFirst();
    }

    /** Every secondary metric in the primary's unit is a ring counter: its rate over the primary rate is per operation. */
    private static Map<String, Double> countersPerOp(JmhResult r) {
        Map<String, Double> out = new LinkedHashMap<>();
        r.secondary().forEach((name, m) -> {
            if (m.unit().equals(r.primary().unit())) {
                out.put(name, m.score() / r.primary().score());
            }
        });
        return out;
    }

    private static Optional<Metric> bytesPerOp(JmhResult r) {
        return GC_ALLOC_NORM.stream().map(r.secondary()::get).filter(Objects::nonNull).findFirst();
    }
}
