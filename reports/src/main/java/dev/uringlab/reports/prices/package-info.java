/**
 * Kernel prices: the nanoseconds each kind of counted step costs the running kernel, fitted by
 * {@link dev.uringlab.reports.prices.PriceFit} (non-negative least squares with bootstrap intervals
 * and leave-one-out validation) from jmh's {@code CalibrationBenchmark} timings and the kernel's own
 * tracepoint counts of the same workloads.
 *
 * <p>May not: run benchmarks or touch the kernel (it reads JMH result files only), or price a step
 * no tracepoint counted (those come from the recipes, not from here).
 */
package dev.uringlab.reports.prices;
