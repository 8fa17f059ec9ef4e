package dev.uringlab.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
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
            Optional<Integer> cpu = OneCpu.pin();
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

    @Test
    void shouldPinEachSlotToTheSlotsCpuTakingTheProcesssCpusInTurn() throws Exception {
        assumeTrue(Files.exists(CpusAllowed.SELF), "not Linux");
        int[] cpus = CpusAllowed.cpus(CpusAllowed.self());
        for (int k = 0; k <= cpus.length; k++) {
            int slot = k;
            String seen = onChild(() -> {
                System.setProperty(OneCpu.CPU_PROPERTY, String.valueOf(slot));
                try {
                    return OneCpu.pin().orElseThrow() + "|" + CpusAllowed.self();
                } finally {
                    System.clearProperty(OneCpu.CPU_PROPERTY);
                }
            });
            String expected = String.valueOf(cpus[k % cpus.length]);
            assertThat(seen).as("slot %d of CPUs %s", k, Arrays.toString(cpus)).isEqualTo(expected + "|" + expected);
        }
    }

    @Test
    void shouldNumberTheSlotsOverTheCpusSetInTheMask() {
        byte[] mask = new byte[128];
        mask[0] = 0b0000_0101; // CPUs 0 and 2
        mask[1] = 0b0000_0010; // CPU 9
        assertThat(IntStream.range(0, 7).map(k -> OneCpu.slotCpu(mask, k)).toArray()).containsExactly(0, 2, 9, 0, 2, 9, 0);
        assertThat(OneCpu.slotCpu(new byte[128], 0)).as("no CPU").isEqualTo(-1);
    }

    @Test
    void shouldRefuseASlotThatIsNotANumberFromZero() {
        assertThat(OneCpu.slot(null)).isEmpty();
        assertThat(OneCpu.slot(" 3 ")).hasValue(3);
        for (String bad : new String[] {"-1", "one", ""}) {
            assertThatThrownBy(() -> OneCpu.slot(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-Duringlab.cpu=" + bad).hasMessageContaining("a number from 0");
        }
    }
}
