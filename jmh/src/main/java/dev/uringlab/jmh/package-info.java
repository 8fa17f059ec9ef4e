/**
 * The JMH harness: one benchmark class per workload ({@code Nops32Benchmark}, ...), each a
 * {@code Mode.Throughput} race in operations per second where one operation is one unit of its
 * seed's metric (one NOP, one CQE) via {@code @OperationsPerInvocation}. Shared pieces:
 * {@link dev.uringlab.jmh.RingBenchmark} holds the JMH annotations and JVM flags every benchmark
 * inherits; {@link dev.uringlab.jmh.RingState} opens the ring from {@code @Param} strings named as
 * {@link dev.uringlab.jmh.ParamRules} says (which strategy has which option, and which runs on
 * the native ring, read from the registry, never from alias names); {@link dev.uringlab.jmh.RingCounters} turns the
 * ring's counters into JMH secondary metrics (per operation: secondary score / primary score);
 * {@link dev.uringlab.jmh.BenchmarkPlan} lists the param points {@code uring-lab compare} runs, and
 * {@link dev.uringlab.jmh.ForkRunner} runs them one fork at a time through JMH's Runner as compare asks.
 * Shaded with every engine and strategy into {@code jmh/target/benchmarks.jar}.
 *
 * <h2>One JIT state per benchmark: {@code -XX:-BackgroundCompilation} in every fork</h2>
 * Forks of the same point used to settle in different states (nops32: one fork at 26-27 M NOP/s,
 * another climbing to 37 M). {@code -XX:+PrintCompilation -XX:+PrintInlining} on short forks shows
 * why: C2 compiles in the background while the benchmark thread runs on, so which hot method is
 * compiled first differs from fork to fork (reg.b: three forks, three different orders of its
 * first twenty C2 compilations), and C2 does not inline a callee that already has big compiled
 * code of its own ("already compiled into a big method"). The inlining tree of the timed loop
 * therefore depends on a race: nops32's {@code Nops32.prepMoreIos} into {@code submitAndReap},
 * {@code submitAndReap} into JMH's stub, the posting strategy's {@code flushCompletions}, and
 * {@code enter}'s own compilation or not, differ between forks. With background compilation off,
 * the thread that trips a compile waits for it, the order follows the (deterministic) invocation
 * counters, and three forks of nops32 and of reg.b each compiled the same methods in the same
 * order with the same inlining. The price is paid in the warmup only (the last C2 compile of
 * nops32's loop ends about 2.5 s after the JVM starts, inside the default 3 x 1 s warmup).
 * The flag is the same for both arms of every race, so it biases no ratio.
 *
 * <p>May not: import ring-core, ring-native or a strategy module (engines and strategies are
 * found by ServiceLoader through {@link dev.uringlab.api.Rings}). Nothing imports this
 * package: the cli runs the jar in a child JVM, and reports reads the JSON it writes.
 */
package dev.uringlab.jmh;
