package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.PairedRace;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A paired race's ratio with its interval. The unit of analysis is a neighbouring pair of slices
 * (one of each arm, adjacent in time, each rated on the race's clock, {@link PairedRace#clock}):
 * its ratio b / a cancels whatever slowed both, and the machine's slow phases last far longer
 * than a pair. The estimate is the geometric mean of every pair's ratio (the mean of their
 * logarithms, pooled over forks); the interval is a two-stage
 * percentile bootstrap that keeps the pairs' dependence: each resample draws as many forks as
 * were run, with replacement (forks are the independent units: each JIT settles on its own), then
 * rebuilds each drawn fork's series of pair log-ratios from blocks of consecutive pairs, drawn
 * with replacement from the circular series (a circular block bootstrap: Politis and Romano
 * 1992), so that a phase which touched several neighbouring pairs alike stays inside one block.
 * Blocks span {@value Thresholds#BLOCK_SECONDS} s of slices.
 *
 * <p>Seeded from the data, so the same slices always give the same interval.
 */
public final class PairedBootstrap {
    private PairedBootstrap() {
    }

    /** The race's ratio b / a with its interval; empty when it has no pair. */
    public static Optional<Estimate> ratio(PairedRace race, double confidence) {
        double[][] logs = race.logRatios();
        if (Arrays.stream(logs).allMatch(f -> f.length == 0)) {
            return Optional.empty();
        }
        return Optional.of(ratio(logs, blockPairs(race.sliceMillis()), confidence));
    }

    /** Pairs per block for slices of {@code sliceMillis}: {@link Thresholds#BLOCK_SECONDS} of them, at least one. */
    static int blockPairs(int sliceMillis) {
        return Math.max(1, (int) Math.round(Thresholds.BLOCK_SECONDS * 1000 / (2.0 * Math.max(1, sliceMillis))));
    }

    /** The geometric mean of the pairs' ratios with its interval, from each fork's pair log-ratios in time order. */
    static Estimate ratio(double[][] logRatios, int block, double confidence) {
        double[][] forks = Arrays.stream(logRatios).filter(f -> f.length > 0).toArray(double[][]::new);
        SplittableRandom rng = new SplittableRandom(Arrays.deepHashCode(forks));
        double[] draws = new double[Thresholds.RESAMPLES];
        for (int i = 0; i < draws.length; i++) {
            double sum = 0;
            int n = 0;
            for (int k = 0; k < forks.length; k++) {
                double[] fork = forks[rng.nextInt(forks.length)];
                sum += blockResampledSum(fork, Math.min(block, fork.length), rng);
                n += fork.length;
            }
            draws[i] = Math.exp(sum / n);
        }
        double mean = Arrays.stream(forks).flatMapToDouble(Arrays::stream).average().orElse(Double.NaN);
        return ForkBootstrap.interval(Math.exp(mean), draws, confidence);
    }

    /** The sum of one circular block resample of {@code series}, as long as the series. */
    private static double blockResampledSum(double[] series, int block, SplittableRandom rng) {
        double sum = 0;
        int taken = 0;
        while (taken < series.length) {
            int start = rng.nextInt(series.length);
            for (int j = 0; j < block && taken < series.length; j++, taken++) {
                sum += series[(start + j) % series.length];
            }
        }
        return sum;
    }
}
