package dev.uringlab.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class OneCpuTest {
    /** The calling thread's Cpus_allowed_list, as the kernel reports it. */
    private static String allowed() throws IOException {
        return Files.readAllLines(Path.of("/proc/thread-self/status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
                .substring("Cpus_allowed_list:".length()).trim();
    }

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
        assumeTrue(Files.exists(Path.of("/proc/thread-self/status")), "not Linux");
        String process = allowed();
        String pinned = onChild(() -> {
            Optional<Integer> cpu = OneCpu.pinHere();
            assertThat(cpu).isPresent();
            String self = allowed();
            String child = onChild(OneCpuTest::allowed);
            String released = onChild(() -> {
                OneCpu.release();
                return allowed();
            });
            return cpu.get() + "|" + self + "|" + child + "|" + released;
        });
        String[] parts = pinned.split("\\|");
        assertThat(parts[1]).as("the pinned thread's CPUs").isEqualTo(parts[0]);
        assertThat(parts[2]).as("a thread it starts inherits the pin").isEqualTo(parts[0]);
        assertThat(parts[3]).as("a released thread has the process's CPUs").isEqualTo(process);
        assertThat(allowed()).as("the test's own thread was never pinned").isEqualTo(process);
    }
}
