package dev.uringlab.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.jmh.jmh_generated.EchoStateLikeJmhGenerates;
import java.util.Map;
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
}
