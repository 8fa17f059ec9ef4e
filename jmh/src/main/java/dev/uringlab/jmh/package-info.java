/**
 * The JMH harness: one benchmark class per workload ({@code Nops32Benchmark}, ...), each a
 * {@code Mode.Throughput} race in operations per second where one operation is one unit of its
 * seed's metric (one NOP, one CQE) via {@code @OperationsPerInvocation}. Shared pieces:
 * {@link dev.uringlab.jmh.RingBenchmark} holds the JMH annotations and JVM flags every benchmark
 * inherits; {@link dev.uringlab.jmh.BenchmarkRingState} opens the ring from {@code @Param} strings named as
 * {@link dev.uringlab.jmh.ParamRules} says (which strategy has which option, and which runs on
 * the native ring, read from the registry, never from alias names); {@link dev.uringlab.jmh.RingCounters} turns the
 * ring's counters into JMH secondary metrics (per operation: secondary score / primary score);
 * {@link dev.uringlab.jmh.BenchmarkPlan} lists the param points {@code uring-lab compare} runs, and
 * {@link dev.uringlab.jmh.ForkRunner} runs them one fork at a time through JMH's Runner as compare asks.
 * Shaded with every engine and strategy into {@code jmh/target/benchmarks.jar}.
 *
 * <h2>One inlining tree per benchmark, and the machine's own noise beside it</h2>
 * Forks of the same point used to settle in different states (nops32: one fork at 26-27 M NOP/s,
 * another climbing to 37 M). The cause is C2's inlining, which depends on the order in which hot
 * methods are compiled: C2 does not inline a callee that already has big compiled code of its
 * own ("already compiled into a big method"), and which of {@code io_submit_sqes} and the
 * {@code io_submit_sqe} it calls 32 times per batch is compiled first is a race. HotSpot's
 * {@code -XX:+LogCompilation}, read back into the final inlining tree of every hot method, gave
 * four forks of nops32 four different trees, {@code -XX:-BackgroundCompilation} or not (the
 * order still differs: counters trip in a different order when JMH's own threads and the timed
 * iterations interleave differently). {@link RingBenchmark}'s inlining plan fixes where compiled
 * units begin, as a kernel build fixes its inlining once: each per-batch function is its own
 * unit, each per-request function is always inlined into its batch loop. With it, four forks of
 * nops32 had the same tree on every per-request path (they still differ in per-batch code such
 * as whether {@code flushCompletions} inlines its lock, once per 32 NOPs), and six alternated
 * forks of each (nops32, 5.15, depth 32, baseline allocation) averaged 35.6 M NOP/s with the plan
 * against 31.1 M without: the better state, more often.
 *
 * <p>What the plan cannot remove is the machine. On this 2-core shared VM a fork's throughput
 * drops by up to a third for seconds at a time with no compilation, no GC and the same profile
 * in JFR's samples before and during the drop: other tenants of the host. {@link
 * MachineNoiseBenchmark}, a call-free kernel with one compiled shape, measures that noise in the
 * same run (0.6% fork-to-fork spread in a quiet hour, 7.5% in a busy one), and the report sets it
 * beside the races' own spread.
 *
 * <p>May not: import ring-core, ring-native or a strategy module (engines and strategies are
 * found by ServiceLoader through {@link dev.uringlab.api.Rings}). Nothing imports this
 * package: the cli runs the jar in a child JVM, and reports reads the JSON it writes.
 */
package dev.uringlab.jmh;
