/**
 * Paired races: both arms of a race in one JMH fork, each arm's engine in a class loader of its
 * own, taking turns in slices of tens of milliseconds. {@link dev.uringlab.jmh.paired.PairedBenchmark}
 * is the JMH benchmark (one block of four slices per invocation, every slice logged by
 * {@link dev.uringlab.jmh.paired.SliceLog} to a file beside JMH's JSON, with the CPU time of the
 * arm's own threads that {@link dev.uringlab.jmh.paired.ArmThreads} finds and reads);
 * {@link dev.uringlab.jmh.paired.Arms} opens an arm in its own loader and
 * {@link dev.uringlab.jmh.paired.Arm}, loaded there, runs one benchmark method of this jar as
 * JMH would, named by an {@link dev.uringlab.jmh.paired.ArmSpec};
 * {@link dev.uringlab.jmh.paired.PhaseProbe} measures how long this machine's slow phases last,
 * from which the slice length is chosen.
 *
 * <p>The one rule that keeps the arms apart: the harness reaches an arm only through JDK types
 * ({@link java.util.function.LongUnaryOperator}, {@link java.lang.AutoCloseable}), once per slice.
 * Nothing in this package but {@code Arm} may be loaded by an arm's loader, and {@code Arm} may
 * use nothing of the harness.
 *
 * <p>May not: import ring-core, ring-native or a strategy module (an arm finds them by
 * ServiceLoader in its own loader, as a benchmark does), nor read the statistics of a race
 * (the reports module does that from the slice file).
 */
package dev.uringlab.jmh.paired;
