package dev.uringlab.core;

import static dev.uringlab.core.RingFixture.cqe;
import static dev.uringlab.core.RingFixture.nop;
import static dev.uringlab.core.RingFixture.reap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.PollEvents;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.core.sync.WaitQueueEntry;
import dev.uringlab.spi.Counter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ctx->poll_wq, the ring fd's own poll waitqueue (6.3 on, ev-posted {@code poll-wq}): on a ring
 * with {@code poll_activated} every flush looks at it behind wq_has_sleeper and wakes whoever
 * waits there with EPOLL_URING_WAKE | EPOLLIN (io_uring/io_uring.h:387-403 at v6.18.2). No
 * emulated file polls the ring fd (io_uring_poll is not emulated), so the sleeper here is put on
 * the list by hand, as poll_wait would have put it.
 */
class PollWqTest {

    /** A poller of the ring fd: records the keys it is woken with, and stays queued (as an epoll entry does). */
    private static final class Poller extends WaitQueueEntry {
        final List<Integer> keys = new ArrayList<>();

        @Override
        protected int wake(int key) {
            keys.add(key);
            return 1;
        }
    }

    private static Ring open(String evPosted, int flags) {
        return RingFixture.open(RingConfig.builder(8).flags(flags).deterministic(true).strategy("ev-posted", evPosted).build());
    }

    private static Poller poll(Ring ring) {
        Poller p = new Poller();
        ((EmulatedRing) ring).ctx().cq.pollWq.addWaitQueue(p);
        return p;
    }

    @Test
    void shouldWakeAPollerOfTheRingFdOnEveryFlushWithTheUringKey() {
        try (Ring ring = open("poll-wq", 0)) {
            Poller poller = poll(ring);
            for (int round = 0; round < 3; round++) {
                nop(ring, round);
                assertThat(ring.submit()).isEqualTo(1);
                assertThat(reap(ring)).containsExactly(cqe(round, 0));
            }
            assertThat(poller.keys).as("__wake_up(&ctx->poll_wq, TASK_NORMAL, 0, poll_to_key(EPOLL_URING_WAKE | EPOLLIN))")
                    .hasSize(3).containsOnly(IoPollEvents.EPOLL_URING_WAKE | PollEvents.POLLIN);
            assertThat(ring.counters().get(Counter.WAITQUEUE_WAKE)).isEqualTo(3);
        }
    }

    @Test
    void shouldNotWakeItOnADeferTaskrunRingThatWasNeverActivated() {
        try (Ring ring = open("poll-wq", SetupFlags.IORING_SETUP_SINGLE_ISSUER | SetupFlags.IORING_SETUP_DEFER_TASKRUN)) {
            Poller poller = poll(ring);
            nop(ring, 1);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(1, 0));
            // io_uring_poll would have set poll_activated through io_activate_pollwq's task work first
            // (io_uring.c:2902-2931); the emulator has no io_uring_poll, so the flag stays as
            // io_uring_create left it (:3827-3828: clear for a task_complete ring)
            assertThat(poller.keys).isEmpty();
        }
    }

    @Test
    void shouldNotLookAtItBefore63() {
        try (Ring ring = open("baseline", 0)) {
            Poller poller = poll(ring);
            nop(ring, 1);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(1, 0));
            assertThat(poller.keys).as("6.2 had no poll_wq: the ring fd's pollers waited on cq_wait").isEmpty();
        }
    }
}
