package dev.uringlab.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class OneCpuTest {
    /** Runs {@code body} on a new platform thread started by the calling thread and returns what it returned. */
    private static String onChild(ThrowingSupplier body) throws InterruptedException {
        AtomicReference<String> seen = new AtomicReference<>();
        Thread t = Thread.ofPlatform().start(() -> {
            try {
                seen.set(body.get());
            } catch (Exception e) {
                seen.set(e.toString());
            }
        });
        t.join();
        return seen.get();
    }

    private interface ThrowingSupplier {
        String get() throws Exception;
    }

    @Test
    void shouldPinTheCallingThreadAndTheThreadsItStartsToTheCpuItRunsOn() throws Exception {
        assumeTrue(Files.exists(CpusAllowed.SELF), "not Linux");
        String process = CpusAllowed.self();
        String pinned = onChild(() -> {
            Optional<Integer> cpu = OneCpu.pinHere();
            assertThat(cpu).isPresent();
            String self = CpusAllowed.self();
            String child = onChild(CpusAllowed::self);
            String released = onChild(() -> {
                OneCpu.release();
                return CpusAllowed.self();
            });
            return cpu.get() + "|" + self + "|" + child + "|" + released;
        });
        String[] parts = pinned.split("\\|");
        assertThat(parts[1]).as("the pinned thread's CPUs").isEqualTo(parts[0]);
        assertThat(parts[2]).as("a thread it starts inherits the pin").isEqualTo(parts[0]);
        assertThat(parts[3]).as("a released thread has the process's CPUs").isEqualTo(process);
        assertThat(CpusAllowed.self()).as("the test's own thread was never pinned").isEqualTo(process);
    }
}
