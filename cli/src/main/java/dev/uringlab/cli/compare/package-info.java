/**
 * The main job: {@code uring-lab compare} runs the JMH harness ({@code jmh/target/benchmarks.jar})
 * fork by fork through JMH's Runner in one child JVM ({@code dev.uringlab.jmh.ForkRunner}), the
 * arms of each race interleaved and forks added until the ratio intervals meet a target or the
 * budget ends ({@link dev.uringlab.cli.compare.Races}), and writes {@code results/<timestamp>/} (jmh.json, env.json,
 * report.html); {@code uring-lab report} rewrites a report from saved runs. The report itself
 * is the reports module's ({@link dev.uringlab.reports.Reports}).
 *
 * <p>May not: import the benchmark classes or an engine (the harness runs in its own JVM and
 * is known here only by its command line and its JSON), or render HTML itself.
 */
package dev.uringlab.cli.compare;
