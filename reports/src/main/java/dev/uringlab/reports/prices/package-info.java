/**
 * Kernel prices: the nanoseconds each kind of step (the recipes' kinds) costs the running kernel,
 * fitted by {@link dev.uringlab.reports.prices.PriceFit} (non-negative least squares with
 * bootstrap intervals and leave-one-out validation) from jmh's {@code CalibrationBenchmark}
 * timings and steps per operation ({@link dev.uringlab.reports.prices.CalibrationInput}: the
 * kernel's tracepoint counts where a tracepoint sees the step, the emulated ring's linux-6.18
 * trace, pinned in {@code calibration-steps-linux-6.18.json}, where none does); the prices file
 * ({@link dev.uringlab.reports.prices.KernelPrices}); and the kernel-priced ratio of each
 * author's figure from its recipe's arms ({@link dev.uringlab.reports.prices.PricedRatios}).
 *
 * <p>May not: run benchmarks, the emulator or touch the kernel (it reads files only: JMH results,
 * the pinned trace counts and a prices file, whose recipes the CLI fills in).
 */
package dev.uringlab.reports.prices;
