package dev.uringlab.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What every uring-lab benchmark shares, stated once and inherited (JMH's
 * {@code JMHSample_24_Inheritance}): throughput in operations per second, 3 warmup and 5
 * measurement iterations of 1 s, 2 forks, and the JVM flags every uring-lab JVM gets
 * ({@code --enable-native-access=ALL-UNNAMED} for the native ring's FFM calls,
 * {@code --sun-misc-unsafe-memory-access=allow} for JCTools, and {@code -XX:-BackgroundCompilation}
 * so that every fork compiles in one order and settles in one JIT state: see the package's
 * javadoc). A subclass holds the
 * {@code @Benchmark} methods and its {@link RingState}; {@code uring-lab compare} and the
 * command line override the iteration counts ({@code -wi -i -f}), never the mode or the flags.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
    "-XX:-BackgroundCompilation"})
public abstract class RingBenchmark {
}
