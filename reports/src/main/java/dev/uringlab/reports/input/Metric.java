package dev.uringlab.reports.input;

import java.util.List;

/**
 * One JMH metric of one result: JMH's {@code primaryMetric} or one of its
 * {@code secondaryMetrics}. Throughput rates ({@code ops/ms}, {@code ops/us}...) are
 * normalised to {@code ops/s} when read, so every rate in a report shares one unit.
 *
 * @param score   the mean over all measurement iterations of all forks
 * @param error   JMH's {@code scoreError}: half the width of the 99.9% confidence interval of
 *                the mean (Student's t); {@code NaN} when JMH had too few samples to give one
 * @param unit    the unit of {@code score} and {@code error}
 * @param samples JMH's {@code rawData}, every fork's iterations in order (empty when absent)
 */
public record Metric(double score, double error, String unit, List<Double> samples) {
    public Metric {
        samples = List.copyOf(samples);
    }

    /** The metric's samples as an array, for the statistics library. */
    public double[] sampleArray() {
        return samples.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
