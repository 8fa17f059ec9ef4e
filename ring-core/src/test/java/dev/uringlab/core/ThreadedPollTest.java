package dev.uringlab.core;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.PollEvents.POLLIN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Counter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.RepeatedTest;

/**
 * A writer thread wakes a multishot poll while the ring owner waits in io_cqring_wait: every
 * byte written must be announced by a CQE that comes after it (no lost wakeup). Edge-triggered:
 * writes that arrive together may share one CQE. A CQE without F_MORE (the CQ filled while task
 * work kept running) ends the poll, and the application arms it again, as reg.b does.
 */
class ThreadedPollTest {
    private static final int BYTES = 2000;

    @RepeatedTest(5)
    void shouldNeverLoseAWakeupFromAnotherThread() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), ThreadedPollTest::run);
    }

    private static void run() throws InterruptedException {
        try (Ring ring = RingFixture.open(RingConfig.builder(8).build()); Arena arena = Arena.ofShared()) {
            int[] p = ring.sys().pipe();
            ring.getSqe().prepPollMultishot(p[0], POLLIN).userData(7);
            assertThat(ring.submit()).isEqualTo(1);
            MemorySegment one = arena.allocate(1);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < BYTES; i++) {
                        int n;
                        while ((n = ring.sys().write(p[1], one, 1)) == -EAGAIN) {
                            Thread.onSpinWait();
                        }
                        assertThat(n).isEqualTo(1);
                        if ((i & 63) == 0) {
                            Thread.yield();
                        }
                    }
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "pipe-writer");
            writer.start();
            MemorySegment buf = arena.allocate(4096);
            int read = 0;
            int cqes = 0;
            // The check is the bounded wait: a lost wakeup leaves bytes in the pipe that no CQE
            // announces, and waitCqes fails with -ETIME, naming how far the reader got.
            while (read < BYTES) {
                assertThat(ring.waitCqes(1, Duration.ofSeconds(10).toNanos()))
                        .as("a CQE for the bytes after %d (%d CQEs so far)", read, cqes).isZero();
                int[] rearm = {0};
                java.util.List<String> bad = new java.util.ArrayList<>();
                int n = ring.forEachCqe((ud, res, flags) -> {
                    if (ud != 7 || res != POLLIN) {
                        bad.add(RingFixture.line(ud, res, flags));
                    } else if ((flags & IORING_CQE_F_MORE) == 0) {
                        rearm[0]++; // the CQ filled during a long task-work run: the poll ended, as in the kernel
                    }
                });
                ring.cqAdvance(n);
                cqes += n;
                assertThat(bad).isEmpty();
                if (rearm[0] != 0) {
                    ring.getSqe().prepPollMultishot(p[0], POLLIN).userData(7);
                    assertThat(ring.submit()).isEqualTo(1);
                }
                int got;
                while ((got = ring.sys().read(p[0], buf, 4096)) > 0) {
                    read += got;
                }
            }
            writer.join();
            assertThat(failure.get()).isNull();
            ring.enter(0, 0, 0); // the writer's last wakeups may still sit in the task-work queue
            assertThat(cqes).isBetween(1, BYTES + 1);
            assertThat(ring.counters().get(Counter.TASK_WORK_RUN)).isEqualTo(ring.counters().get(Counter.TASK_WORK_QUEUED));
        }
    }
}
