package dev.uringlab.jmh.paired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PairedBenchmarkTest {
    private static final String BASELINE = "Nops32Benchmark.nops32 depth=32 profile=linux-5.15 reqAlloc=baseline ring=emulated";
    private static final String THREADED_ECHO =
            "EchoServerBenchmark.echoServer clients=threaded connections=64 pollRearm=baseline profile=linux-5.15 ring=emulated";
    private static final String REQ_CACHE = "Nops32Benchmark.nops32 depth=32 profile=linux-5.15 reqAlloc=req-cache ring=emulated";

    private static PairedBenchmark race(String a, String b, int copies) {
        PairedBenchmark race = new PairedBenchmark();
        race.a = a;
        race.b = b;
        race.copies = copies;
        race.slice = 1;
        return race;
    }

    @Test
    void shouldLoadEveryCopyOfEveryArmInALoaderOfItsOwn() throws Exception {
        PairedBenchmark race = race(BASELINE, REQ_CACHE, 3);
        race.openArms();
        try {
            Set<ClassLoader> loaders = new HashSet<>();
            for (int copy = 0; copy < 3; copy++) {
                loaders.add(race.loader(copy, 0));
                loaders.add(race.loader(copy, 1));
            }
            assertThat(loaders).hasSize(6);
            for (int block = 0; block < 6; block++) { // two rounds over the copies, four slices each
                long ops = race.block();
                assertThat(ops).isPositive();
                assertThat(ops % 128).isZero(); // whole invocations of 128 NOPs in each of the four slices
            }
        } finally {
            race.closeArms();
        }
    }

    @Test
    void shouldRunAnArmAloneInItsCopiesWhenBIsNone() throws Exception {
        PairedBenchmark race = race(BASELINE, PairedBenchmark.NONE, 2);
        race.openArms();
        try {
            assertThat(race.loader(0, 1)).isSameAs(race.loader(0, 0));
            assertThat(race.loader(1, 0)).isNotSameAs(race.loader(0, 0));
        } finally {
            race.closeArms();
        }
    }

    /** An arm that starts a thread of its own is known by it (the slices of its race are then rated per wall-second). */
    @Test
    void shouldCountTheThreadsEachArmStarted() throws Exception {
        PairedBenchmark race = race(BASELINE, THREADED_ECHO, 2);
        race.openArms();
        try {
            race.block();
            race.block();
            race.countThreads();
            for (int copy = 0; copy < 2; copy++) {
                assertThat(race.threads(copy, 0)).as("NOPs run on the benchmark thread alone").isZero();
                assertThat(race.threads(copy, 1)).as("the echo server's client thread").isPositive();
            }
        } finally {
            race.closeArms();
        }
    }

    @Test
    void shouldRefuseFewerThanOneCopy() {
        assertThatThrownBy(() -> race(BASELINE, REQ_CACHE, 0).openArms()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("copies=0");
    }
}
