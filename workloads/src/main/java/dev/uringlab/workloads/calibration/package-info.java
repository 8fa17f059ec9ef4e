/**
 * The calibration workloads of the kernel prices (DESIGN.md, "Measuring"): small programs on a
 * ring, each moving one kind of step against the others, timed on the native ring by jmh's
 * {@code CalibrationBenchmark} and traced on the emulated ring under {@code linux-6.18} for the
 * typed steps each operation takes (conformance's {@code CalibrationStepsTest}). One list
 * ({@link dev.uringlab.workloads.calibration.Calibration#ALL}) serves both, so the workload timed
 * is the workload traced.
 */
package dev.uringlab.workloads.calibration;
