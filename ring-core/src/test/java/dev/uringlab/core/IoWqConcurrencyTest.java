package dev.uringlab.core;

import static dev.uringlab.api.SqeFlags.IOSQE_ASYNC;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.spi.Counter;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Real io-wq worker threads complete thousands of IOSQE_ASYNC requests; their completions
 * reach the ring owner only as task work. No CQE may be lost or duplicated, and the members
 * of each linked pair must complete in order.
 */
class IoWqConcurrencyTest {
    private static final int REQUESTS = 6000;

    @Test
    void shouldDeliverEveryAsyncCompletionExactlyOnceThroughTaskWork() {
        long seed = System.nanoTime();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> run(seed), () -> "seed " + seed);
    }

    @Test
    void shouldBlockInSubmitAndWaitUntilTheWorkersCompletionsArriveAsTaskWork() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (Ring ring = RingFixture.open(RingConfig.builder(64).build())) {
                for (int round = 0; round < 20; round++) {
                    for (int i = 0; i < 64; i++) {
                        ring.getSqe().prepNop().userData(i).flags(IOSQE_ASYNC);
                    }
                    assertThat(ring.submitAndWait(64)).isEqualTo(64);
                    assertThat(ring.cqReady()).isEqualTo(64);
                    ring.cqAdvance(64);
                }
                assertThat(ring.counters().get(Counter.CQE_FILLED)).isEqualTo(20 * 64);
            }
        });
    }

    private static void run(long seed) {
        Random rnd = new Random(seed);
        // DEFER_TASKRUN: the lockless CQ whose io-wq completions go through the owner's task work (6.1+)
        try (Ring ring = RingFixture.open(RingConfig.builder(128).cqEntries(4096)
                .flags(SetupFlags.IORING_SETUP_DEFER_TASKRUN).build())) {
            int[] seen = new int[REQUESTS];
            boolean[] linkedAfterPrevious = new boolean[REQUESTS];
            int[] order = new int[REQUESTS];
            int[] position = {0};
            int submitted = 0;
            int reaped = 0;
            while (reaped < REQUESTS) {
                while (submitted < REQUESTS && ring.sq().spaceLeft() >= 2 && reaped + 3000 > submitted) {
                    boolean pair = submitted + 1 < REQUESTS && rnd.nextInt(4) == 0;
                    ring.getSqe().prepNop().userData(submitted).flags(IOSQE_ASYNC | (pair ? IOSQE_IO_LINK : 0));
                    submitted++;
                    if (pair) {
                        linkedAfterPrevious[submitted] = true;
                        ring.getSqe().prepNop().userData(submitted).flags(IOSQE_ASYNC);
                        submitted++;
                    }
                }
                ring.submit();
                assertThat(ring.waitCqes(1, Duration.ofSeconds(10).toNanos())).isZero();
                int n = ring.forEachCqe((ud, res, flags) -> {
                    assertThat(res).isZero();
                    seen[(int) ud]++;
                    order[(int) ud] = position[0]++;
                });
                ring.cqAdvance(n);
                reaped += n;
            }
            for (int ud = 0; ud < REQUESTS; ud++) {
                assertThat(seen[ud]).as("CQEs for ud=%d", ud).isEqualTo(1);
            }
            assertThat(ring.counters().get(Counter.IO_WQ_ENQUEUE)).isGreaterThanOrEqualTo(REQUESTS);
            assertThat(ring.counters().get(Counter.TASK_WORK_RUN)).isEqualTo(ring.counters().get(Counter.TASK_WORK_QUEUED));
            assertThat(ring.cqReady()).isZero();
            for (int ud = 1; ud < REQUESTS; ud++) {
                if (linkedAfterPrevious[ud]) {
                    assertThat(order[ud]).as("ud=%d completes after the head it is linked to", ud).isGreaterThan(order[ud - 1]);
                }
            }
        }
    }
}
