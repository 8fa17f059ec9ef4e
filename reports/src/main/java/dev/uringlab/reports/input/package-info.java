/**
 * The report's inputs, read and checked: JMH JSON result files ({@link dev.uringlab.reports.input.RunReader}),
 * their {@code env.json} sidecars ({@link dev.uringlab.reports.input.RunEnvironment}) and the
 * claims file ({@link dev.uringlab.reports.input.Claims}). Every way a file can be wrong (missing,
 * empty, truncated, not JSON, not the expected JSON) becomes one
 * {@link dev.uringlab.reports.input.ReportInputException} naming the file and the problem.
 *
 * <p>May not: compute ratios or verdicts, or render anything.
 */
package dev.uringlab.reports.input;
