package dev.uringlab.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.uringlab.jmh.jmh_generated.EchoStateLikeJmhGenerates;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The param rules judge a fork's point by the benchmark as written, whichever class JMH instantiates for its state. */
class BenchmarkRingStateTest {
    @Test
    void shouldFindTheBenchmarkBelowJmhsGeneratedStateClasses() {
        assertThat(BenchmarkRingState.benchmarkOf(EchoServerBenchmark.EchoState.class)).isEqualTo(EchoServerBenchmark.class);
        assertThat(BenchmarkRingState.benchmarkOf(EchoStateLikeJmhGenerates.class)).isEqualTo(EchoServerBenchmark.class);
    }

    /** A fork-by-fork compare ran seed 002's patched arm in JMH's generated state: it must be an experiment there too. */
    @Test
    void shouldTakeTheSeedsPatchedArmAsAnExperimentInAFork() {
        Map<String, String> patched = Map.of("ring", "emulated", "profile", "linux-5.15", "pollRearm", "active-flag",
                "connections", "1000", "clients", "deterministic");
        assertThat(ParamRules.rejection(BenchmarkRingState.benchmarkOf(EchoStateLikeJmhGenerates.class).getName(), patched)).isEmpty();
    }

    /** This process's io-wq worker threads ({@code iou-wrk-N}): their /proc task directories. */
    private static List<Path> workers() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                if (Files.readString(task.resolve("comm")).startsWith("iou-wrk")) {
                    out.add(task);
                }
            }
        }
        return out;
    }

    /** FORCE_ASYNC's arm: the ring's io-wq workers run on the benchmark thread's one CPU, and closing the ring frees the thread. */
    @Test
    void shouldRunTheRingsThreadsOnTheBenchmarkThreadsCpuUntilTheRingCloses() throws Exception {
        assumeTrue(Files.exists(CpusAllowed.SELF), "not Linux");
        String process = CpusAllowed.self();
        AtomicReference<Object> seen = new AtomicReference<>();
        Thread bench = Thread.ofPlatform().start(() -> {
            try {
                LinkedNopsBenchmark.LinkedNopsState state = new LinkedNopsBenchmark.LinkedNopsState();
                state.linkSize = 10;
                state.async = true;
                state.linkCqe = "baseline";
                state.completion = "baseline";
                state.profile = "linux-5.6";
                state.ring = "emulated";
                List<Path> before = workers(); // another test's ring's, if any is still open
                state.openRing();
                String pinned = CpusAllowed.self();
                state.nops.submitAndReap();
                List<String> workers = new ArrayList<>();
                for (Path w : workers()) {
                    if (!before.contains(w)) {
                        workers.add(CpusAllowed.of(w.resolve("status")));
                    }
                }
                state.closeRing();
                seen.set(List.of(pinned, workers, CpusAllowed.self()));
            } catch (Throwable t) {
                seen.set(t);
            }
        });
        bench.join();
        assertThat(seen.get()).isInstanceOf(List.class);
        List<?> got = (List<?>) seen.get();
        assertThat((String) got.get(0)).as("the benchmark thread, ring open").matches("\\d+");
        assertThat((List<?>) got.get(1)).as("io-wq's workers").isNotEmpty().allMatch(got.get(0)::equals);
        assertThat(got.get(2)).as("the benchmark thread, ring closed").isEqualTo(process);
    }
}
