/**
 * What the report concludes from its inputs: each benchmark's results arranged by strategy and
 * workload ({@link dev.uringlab.reports.analysis.BenchmarkResults}), each author's figure
 * against the measurement ({@link dev.uringlab.reports.analysis.ClaimMatcher},
 * {@link dev.uringlab.reports.analysis.Verdict}), and changes since an older run
 * ({@link dev.uringlab.reports.analysis.ChangeDetector}). Intervals are
 * {@link dev.uringlab.reports.analysis.Estimate}s from JMH's raw samples by a bootstrap over
 * forks, then iterations ({@link dev.uringlab.reports.analysis.ForkBootstrap}), at the confidence
 * of {@link dev.uringlab.reports.analysis.Intervals} (95% by default); JMH's 99.9% score errors
 * only where a file has no raw samples. How a result's forks settled (a fork still trending,
 * forks that disagree, and whether their peaks say one compiled state) is
 * {@link dev.uringlab.reports.analysis.Stability}; the machine's own fork spread, from the
 * calibration kernel raced beside them, is {@link dev.uringlab.reports.analysis.MachineNoise}.
 *

 * <p>How params are read (strategy vs workload, the reference strategy) is the jmh module's
 * convention, written down once in {@link dev.uringlab.reports.analysis.Params}.
 *
 * <p>May not: read files, or format anything for display.
 */
package dev.uringlab.reports.analysis;
