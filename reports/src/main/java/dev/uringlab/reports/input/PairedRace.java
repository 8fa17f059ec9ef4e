package dev.uringlab.reports.input;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A paired race as measured: two arms of one benchmark in one JVM, each in its own class loader,
 * taking turns in slices ({@code dev.uringlab.jmh.paired.PairedBenchmark}), and every measured
 * slice of every fork in the order they ran. Slices {@code 2k} and {@code 2k+1} of a fork are
 * neighbours of different arms (the harness runs blocks of four, ABBA or BAAB): the pairs whose
 * ratio is the race's unit of analysis.
 *
 * @param benchmark   the arms' benchmark, e.g. {@code dev.uringlab.jmh.Nops32Benchmark.nops32}
 * @param a           the reference arm's params
 * @param b           the challenger arm's params (the same as {@code a} in an A/A race)
 * @param sliceMillis the slice length asked for
 * @param forks       every fork's slices, in time order
 */
public record PairedRace(String benchmark, Map<String, String> a, Map<String, String> b, int sliceMillis,
                         List<List<Slice>> forks) {
    /** The reference arm's index in {@link Slice#arm()}. */
    public static final int A = 0;
    /** The challenger arm's index. */
    public static final int B = 1;
    /** The paired harness's JMH benchmark, whose own results in a JMH file are read through its slices file instead. */
    public static final String HARNESS = "dev.uringlab.jmh.paired.PairedBenchmark.block";

    public PairedRace {
        a = Collections.unmodifiableMap(new LinkedHashMap<>(a));
        b = Collections.unmodifiableMap(new LinkedHashMap<>(b));
        forks = forks.stream().map(List::copyOf).filter(f -> !f.isEmpty()).toList();
    }

    /** Whether both slots ran the same arm: the method's own floor. */
    public boolean aa() {
        return a.equals(b);
    }

    /** The params of arm {@code arm}. */
    public Map<String, String> params(int arm) {
        return arm == A ? a : b;
    }

    /** The clock its slices are rated on ({@link Clock#of}: what each clock counts and leaves out). */
    public Clock clock() {
        return Clock.of(forks);
    }

    /** Every neighbouring pair's ratio b / a, as a natural logarithm, per fork in time order. */
    public double[][] logRatios() {
        return pairRates().stream()
                .map(f -> f.stream().mapToDouble(p -> Math.log(p[B] / p[A])).toArray()).toArray(double[][]::new);
    }

    /**
     * Every neighbouring pair's two rates on the race's {@link #clock}, indexed by arm
     * ({@code [A]}, {@code [B]}), per fork in time order: the slices {@code 2k} and {@code 2k+1} of
     * a fork, when they are of different arms.
     */
    public List<List<double[]>> pairRates() {
        List<List<double[]>> out = new ArrayList<>();
        Clock clock = clock();
        for (List<Slice> s : forks) {
            List<double[]> pairs = new ArrayList<>();
            for (int i = 0; i + 1 < s.size(); i += 2) {
                Slice x = s.get(i);
                Slice y = s.get(i + 1);
                if (x.arm() != y.arm()) {
                    double[] rates = new double[2];
                    rates[x.arm()] = x.rate(clock);
                    rates[y.arm()] = y.rate(clock);
                    pairs.add(rates);
                }
            }
            out.add(pairs);
        }
        return out;
    }

    /**
     * The median share of a slice's time its benchmark thread spent on a CPU: near 1 on a quiet
     * machine for an arm that works on that thread alone; lower when other processes took the
     * CPUs (or when an arm waits for threads of its own, in both slots alike).
     */
    public double onCpu() {
        double[] shares = forks.stream().flatMap(List::stream).mapToDouble(s -> (double) s.cpuNanos() / s.nanos()).sorted().toArray();
        return shares.length == 0 ? Double.NaN : shares[shares.length / 2];
    }

    /** The neighbouring pairs in all forks. */
    public int pairs() {
        int n = 0;
        for (double[] f : logRatios()) {
            n += f.length;
        }
        return n;
    }

    /**
     * Arm {@code arm}'s rate in each measurement iteration of each fork (its operations over its
     * wall-clock time in that iteration), as JMH's {@code rawData} holds a benchmark's: what the
     * report's tables and fork checks read for an arm of a paired race, and what it holds against
     * a native or fork-by-fork point, which JMH times on the wall clock too. Only the race's ratio
     * is taken on the race's clock ({@link #clock}).
     */
    public Metric armMetric(int arm) {
        List<List<Double>> perFork = new ArrayList<>();
        for (List<Slice> fork : forks) {
            Map<Integer, double[]> byIteration = new LinkedHashMap<>();
            for (Slice s : fork) {
                if (s.arm() == arm) {
                    double[] sum = byIteration.computeIfAbsent(s.iteration(), k -> new double[2]);
                    sum[0] += s.ops();
                    sum[1] += s.nanos();
                }
            }
            perFork.add(byIteration.values().stream().map(v -> v[0] * 1e9 / v[1]).toList());
        }
        return Metric.ofForks(perFork);
    }
}
