package dev.uringlab.jmh;

import dev.uringlab.spi.KernelCounts;
import java.io.File;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;

/**
 * Makes a fork a counting fork: its native ring counts the kernel's own events from their
 * tracepoints ({@link KernelCounts#PROPERTY}{@code =on} in the fork's JVM), and every
 * {@link RingCounters} field with a tracepoint carries the kernel's count instead of
 * {@code 0}, as the same secondary metric the emulated points carry (per operation =
 * secondary score / primary score). Emulated points are unchanged. Counting costs kernel time
 * at every counted tracepoint hit, so the primary score of a counting fork is not the one to
 * race: take times from forks without this profiler, counts from forks with it.
 *
 * <pre>
 *   java -jar jmh/target/benchmarks.jar Nops32Benchmark -p ring=native -p profile=baseline -p reqAlloc=baseline \
 *        -prof dev.uringlab.jmh.KernelCountsProfiler
 * </pre>
 * Where the machine refuses (not root, tracefs not mounted, perf_event_paranoid), the fork
 * prints one line ({@code # kernel counts: none for ring=native: ...}) and runs without counts.
 */
public final class KernelCountsProfiler implements ExternalProfiler {

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return List.of("-D" + KernelCounts.PROPERTY + "=on");
    }

    @Override
    public void beforeTrial(BenchmarkParams benchmarkParams) {}

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult br, long pid, File stdOut, File stdErr) {
        return List.of();
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return false;
    }

    @Override
    public String getDescription() {
        return "uring-lab: the native ring counts the kernel's tracepoints (perf_event_open) into the ring counters";
    }
}
