package dev.uringlab.jmh.paired;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How long this machine's slow phases last, to choose the length of a paired race's slices
 * ({@link PairedBenchmark#SLICE_MILLIS}). A random pointer chase over 8 MB (memory-bound work,
 * which the issue found swinging most) runs in base ticks of {@value #TICK_MILLIS} ms for the
 * given number of seconds on one thread, wherever the scheduler puts it, as a benchmark thread
 * runs. From the series of tick rates it prints, for each candidate slice length L (ticks
 * joined): the rates' spread (5th and 95th percentile over the median), and the spread of the
 * log-ratio of neighbouring slices, the quantity a paired race averages; then the slow phases
 * (runs of 100 ms windows below {@value #SLOW} of the median: count, shortest, median, longest)
 * and the slice length with the least noise per second of measurement.
 *
 * <p>Why the last criterion: a race of duration T has T / 2L neighbouring pairs, so the
 * standard error of their mean log-ratio is {@code sd(L) * sqrt(2L / T)}. Phases much longer
 * than L cancel in a pair, phases about as short as L do not, and so {@code sd(L) * sqrt(L)}
 * falls as L shrinks until the phases are long against it; below that nothing is gained and
 * each switch between arms costs a cache refill, so the shortest L within {@value #NEAR} of the
 * least is chosen, never under {@value #MIN_SLICE_MILLIS} ms ({@link #MIN_SLICE_MILLIS} says why).
 *
 * <p>Not a performance figure of the emulator (those come from JMH): a measurement of the
 * machine, like {@code env.json}'s steal and load. Usage:
 * {@code java -cp jmh/target/benchmarks.jar dev.uringlab.jmh.paired.PhaseProbe [SECONDS]}.
 */
public final class PhaseProbe {
    /** The base tick. */
    static final int TICK_MILLIS = 5;
    /** The candidate slice lengths, in ticks. */
    static final int[] CANDIDATE_TICKS = {1, 2, 4, 8, 16, 32};
    /** A 100 ms window below this share of the median rate is slow. */
    static final double SLOW = 0.85;
    /** The chosen length is the shortest whose noise per second is within this share of the least. */
    static final double NEAR = 0.10;
    /**
     * The shortest slice chosen. Each switch between arms makes the incoming arm refill its caches
     * (up to about 0.1 ms for a few MB at this machine's memory bandwidth): a cost that differs
     * between arms with different working sets, so it must stay far below the 1% floor an A/A race
     * is held to, and at 20 ms it is under 0.5%.
     */
    static final int MIN_SLICE_MILLIS = 20;
    private static final int ENTRIES = 2 * 1024 * 1024; // 8 MB of int

    private PhaseProbe() {
    }

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int[] next = cycle(ENTRIES, new SplittableRandom(42));
        chase(next, 0, System.nanoTime() + 1_000_000_000L); // warm up: compile the loop, fault the pages in
        int ticks = seconds * 1000 / TICK_MILLIS;
        double[] rate = new double[ticks];
        int p = 0;
        for (int t = 0; t < ticks; t++) {
            long t0 = System.nanoTime();
            long steps = chase(next, p, t0 + TICK_MILLIS * 1_000_000L);
            long ns = System.nanoTime() - t0;
            p = (int) (steps >>> 32);
            rate[t] = (steps & 0xFFFF_FFFFL) / (double) ns;
        }
        System.out.print(report(rate, seconds));
    }

    /** The probe's findings over a series of tick rates, as printed. */
    static String report(double[] rate, int seconds) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "phase probe: 8 MB pointer chase, %d s in %d ms ticks, %s%n", seconds, TICK_MILLIS,
                Runtime.getRuntime().availableProcessors() + " CPUs"));
        out.append(String.format(Locale.ROOT, "%8s %10s %10s %14s %16s%n", "slice", "p5/median", "p95/median", "sd(neighbour", "sd*sqrt(slice)"));
        out.append(String.format(Locale.ROOT, "%8s %10s %10s %14s %16s%n", "", "", "", "log-ratio)", "(relative)"));
        double[] noise = new double[CANDIDATE_TICKS.length];
        for (int i = 0; i < CANDIDATE_TICKS.length; i++) {
            double[] s = join(rate, CANDIDATE_TICKS[i]);
            noise[i] = neighbourSd(s) * Math.sqrt(CANDIDATE_TICKS[i]);
        }
        double least = Arrays.stream(noise).min().orElse(Double.NaN);
        for (int i = 0; i < CANDIDATE_TICKS.length; i++) {
            double[] s = join(rate, CANDIDATE_TICKS[i]);
            double med = quantile(s, 0.5);
            out.append(String.format(Locale.ROOT, "%6d ms %10.3f %10.3f %14.4f %16.3f%n", CANDIDATE_TICKS[i] * TICK_MILLIS,
                    quantile(s, 0.05) / med, quantile(s, 0.95) / med, neighbourSd(s), noise[i] / least));
        }
        List<Integer> phases = slowPhases(join(rate, 100 / TICK_MILLIS));
        out.append(String.format(Locale.ROOT, "slow phases (100 ms windows below %.0f%% of the median): %d", SLOW * 100, phases.size()));
        if (!phases.isEmpty()) {
            int[] sorted = phases.stream().mapToInt(Integer::intValue).sorted().toArray();
            out.append(String.format(Locale.ROOT, ", shortest %d ms, median %d ms, longest %d ms", sorted[0] * 100,
                    sorted[sorted.length / 2] * 100, sorted[sorted.length - 1] * 100));
        }
        out.append(String.format(Locale.ROOT, "%nchosen slice: %d ms%n", chosenMillis(noise)));
        return out.toString();
    }

    /** The shortest candidate within {@link #NEAR} of the least noise per second, at least {@link #MIN_SLICE_MILLIS}. */
    static int chosenMillis(double[] noisePerSecond) {
        double least = Arrays.stream(noisePerSecond).min().orElse(Double.NaN);
        for (int i = 0; i < CANDIDATE_TICKS.length; i++) {
            int ms = CANDIDATE_TICKS[i] * TICK_MILLIS;
            if (ms >= MIN_SLICE_MILLIS && noisePerSecond[i] <= least * (1 + NEAR)) {
                return ms;
            }
        }
        return CANDIDATE_TICKS[CANDIDATE_TICKS.length - 1] * TICK_MILLIS;
    }

    /** Consecutive ticks joined {@code k} at a time (the rate of their sum: ticks are of equal length). */
    static double[] join(double[] rate, int k) {
        double[] out = new double[rate.length / k];
        for (int i = 0; i < out.length; i++) {
            double sum = 0;
            for (int j = 0; j < k; j++) {
                sum += rate[i * k + j];
            }
            out[i] = sum / k;
        }
        return out;
    }

    /** The standard deviation of log(s[i+1] / s[i]) over the disjoint pairs (0,1), (2,3)... as a race pairs its slices. */
    static double neighbourSd(double[] s) {
        int n = s.length / 2;
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = Math.log(s[2 * i + 1] / s[2 * i]);
        }
        double mean = Arrays.stream(d).average().orElse(Double.NaN);
        return Math.sqrt(Arrays.stream(d).map(x -> (x - mean) * (x - mean)).sum() / Math.max(1, n - 1));
    }

    /** The lengths, in windows, of the runs of windows slower than {@link #SLOW} of the median. */
    static List<Integer> slowPhases(double[] windows) {
        double cut = quantile(windows, 0.5) * SLOW;
        List<Integer> runs = new ArrayList<>();
        int run = 0;
        for (double w : windows) {
            if (w < cut) {
                run++;
            } else if (run > 0) {
                runs.add(run);
                run = 0;
            }
        }
        if (run > 0) {
            runs.add(run);
        }
        return runs;
    }

    static double quantile(double[] values, double q) {
        double[] s = values.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.floor(q * s.length))];
    }

    /** A random single cycle through every entry (Sattolo's algorithm), so the chase visits all 8 MB. */
    static int[] cycle(int n, SplittableRandom rng) {
        int[] next = new int[n];
        for (int i = 0; i < n; i++) {
            next[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i);
            int t = next[i];
            next[i] = next[j];
            next[j] = t;
        }
        return next;
    }

    /** Chases from {@code p} until the deadline; the position reached in the high 32 bits, the steps in the low. */
    private static long chase(int[] next, int p, long deadline) {
        long steps = 0;
        do {
            for (int i = 0; i < 256; i++) {
                p = next[p];
            }
            steps += 256;
        } while (System.nanoTime() < deadline);
        return ((long) p << 32) | steps;
    }
}
