package dev.uringlab.reports.input;

import java.util.List;

/**
 * One JMH metric of one result: JMH's {@code primaryMetric} or one of its
 * {@code secondaryMetrics}. Throughput rates ({@code ops/ms}, {@code ops/us}...) are
 * normalised to {@code ops/s} when read, so every rate in a report shares one unit.
 *
 * @param score the mean over all measurement iterations of all forks
 * @param error JMH's {@code scoreError}: half the width of the 99.9% confidence interval of
 *              the mean (Student's t); {@code NaN} when JMH had too few samples to give one
 * @param unit  the unit of {@code score} and {@code error}
 * @param forks JMH's {@code rawData}: one list per fork of its measurement iterations, in
 *              order (empty when absent)
 */
public record Metric(double score, double error, String unit, List<List<Double>> forks) {
    public Metric {
        forks = forks.stream().map(List::copyOf).filter(f -> !f.isEmpty()).toList();
    }

    /** A rate in ops/s from its forks' iterations alone, as JMH scores it: the mean of every iteration; no error given. */
    public static Metric ofForks(List<List<Double>> forks) {
        double score = forks.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        return new Metric(score, Double.NaN, "ops/s", forks);
    }

    /** Every fork's iterations in order, as one list. */
    public List<Double> samples() {
        return forks.stream().flatMap(List::stream).toList();
    }

    /** The metric's samples as an array, for the statistics library. */
    public double[] sampleArray() {
        return samples().stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The mean of each fork's iterations, in fork order. */
    public double[] forkMeans() {
        return forks.stream().mapToDouble(f -> f.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN)).toArray();
    }
}
