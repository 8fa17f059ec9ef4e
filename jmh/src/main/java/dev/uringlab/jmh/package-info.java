/**
 * The JMH harness: one benchmark class per workload ({@code Nops32Benchmark}, ...), each a
 * {@code Mode.Throughput} race in operations per second where one operation is one unit of its
 * seed's metric (one NOP, one CQE) via {@code @OperationsPerInvocation}. Shared pieces:
 * {@link dev.uringlab.jmh.RingBenchmark} holds the JMH annotations and JVM flags every benchmark
 * inherits; {@link dev.uringlab.jmh.RingState} opens the ring from {@code @Param} strings named as
 * {@link dev.uringlab.jmh.ParamRules} says (which strategy has which option, and which runs on
 * the native ring, read from the registry, never from alias names); {@link dev.uringlab.jmh.RingCounters} turns the
 * ring's counters into JMH secondary metrics (per operation: secondary score / primary score);
 * {@link dev.uringlab.jmh.BenchmarkPlan} lists the param points {@code uring-lab compare} runs.
 * Shaded with every engine and strategy into {@code jmh/target/benchmarks.jar}.
 *
 * <p>May not: import ring-core, ring-native or a strategy module (engines and strategies are
 * found by ServiceLoader through {@link dev.uringlab.api.Rings}). Nothing imports this
 * package: the cli runs the jar in a child JVM, and reports reads the JSON it writes.
 */
package dev.uringlab.jmh;
