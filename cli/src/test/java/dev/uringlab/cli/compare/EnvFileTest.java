package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EnvFileTest {
    /** The run's own CPU time: this JVM's, and a child's once it has ended and been reaped. */
    @Test
    void shouldCountThisProcessAndItsReapedChildrenAsTheRunsOwnTime() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "needs Linux's /proc");
        long before = EnvFile.ownTicks().orElseThrow();
        // Spin until this thread has had 300 ms of CPU, however long a shared machine takes to give it
        // (a wall-clock spin got 7 ticks at load 25); 300 ms of CPU is about 30 ticks at USER_HZ = 100.
        var threads = ManagementFactory.getThreadMXBean();
        long cpuUntil = threads.getCurrentThreadCpuTime() + TimeUnit.MILLISECONDS.toNanos(300);
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        long x = 0;
        while (threads.getCurrentThreadCpuTime() < cpuUntil && System.nanoTime() < giveUp) {
            for (int i = 0; i < 100_000; i++) {
                x += x * 31 + 7;
            }
        }
        long afterSpin = EnvFile.ownTicks().orElseThrow();
        // allow for tick granularity and the sampling of /proc
        assertThat(afterSpin - before).as("spin result %d", x).isGreaterThanOrEqualTo(10);

        Process child = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done").start();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        // the loop costs dash about 0.4 s of CPU here (40 ticks); it counts once the JVM has reaped the child
        assertThat(EnvFile.ownTicks().orElseThrow() - afterSpin).isGreaterThanOrEqualTo(10);
    }
}
