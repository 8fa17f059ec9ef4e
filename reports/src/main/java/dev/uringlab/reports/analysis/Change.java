package dev.uringlab.reports.analysis;

/**
 * One result compared with the same benchmark and params in the old run.
 *
 * @param row     the new result's row
 * @param old     the old result's score in the benchmark's display unit, with its interval
 * @param ratio   new over old throughput, with the interval of {@link Estimate#over}
 * @param verdict faster, slower or no change
 * @param method  how the verdict was reached, e.g. {@code Welch's t-test: p = 0.0002, 3 vs 3 samples}
 */
public record Change(Row row, Estimate old, Estimate ratio, Noise verdict, String method) {
}
