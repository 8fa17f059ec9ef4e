package dev.uringlab.core;

import static dev.uringlab.api.Errno.EBADF;
import static dev.uringlab.api.Errno.ECANCELED;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.api.SqeFlags.IOSQE_ASYNC;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_DRAIN;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_HARDLINK;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;
import static dev.uringlab.core.RingFixture.cqe;
import static dev.uringlab.core.RingFixture.nop;
import static dev.uringlab.core.RingFixture.reap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.spi.Counter;
import java.lang.foreign.Arena;
import org.junit.jupiter.api.Test;

class LinkTest {

    @Test
    void shouldRunLinkedRequestsInOrder() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1).flags(IOSQE_IO_LINK);
            nop(ring, 2).flags(IOSQE_IO_LINK);
            nop(ring, 3);
            assertThat(ring.submit()).isEqualTo(3);
            assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(2, 0), cqe(3, 0));
            // the next member is queued from the completion flush, as task work
            assertThat(ring.counters().get(Counter.TASK_WORK_RUN)).isEqualTo(2);
        }
    }

    @Test
    void shouldCancelTheRestOfASoftLinkAfterAFailure() {
        try (Ring ring = RingFixture.open(8)) {
            ring.getSqe().prepNopInject(-5).userData(1).flags(IOSQE_IO_LINK);
            nop(ring, 2).flags(IOSQE_IO_LINK);
            nop(ring, 3);
            nop(ring, 4);
            assertThat(ring.submit()).isEqualTo(4);
            assertThat(reap(ring)).containsExactly(cqe(1, -5), cqe(4, 0), cqe(2, -ECANCELED), cqe(3, -ECANCELED));
        }
    }

    @Test
    void shouldGoOnAfterAFailedHardlink() {
        try (Ring ring = RingFixture.open(8)) {
            ring.getSqe().prepNopInject(-5).userData(1).flags(IOSQE_IO_HARDLINK);
            ring.getSqe().prepNopInject(-7).userData(2).flags(IOSQE_IO_LINK);
            nop(ring, 3);
            assertThat(ring.submit()).isEqualTo(3);
            assertThat(reap(ring)).containsExactly(cqe(1, -5), cqe(2, -7), cqe(3, -ECANCELED));
        }
    }

    @Test
    void shouldFailTheWholeChainWhenAMemberFailsAtInitAndKeepSubmitting() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1).flags(IOSQE_IO_LINK);
            ring.getSqe().prepRw(200, -1, 0, 0, 0).userData(2).flags(IOSQE_IO_LINK);
            nop(ring, 3);
            nop(ring, 4);
            assertThat(ring.submit()).isEqualTo(4);
            // the head fails when the chain closes (before 4); the members follow from task work
            assertThat(reap(ring)).containsExactly(cqe(1, -ECANCELED), cqe(4, 0), cqe(2, -EINVAL), cqe(3, -ECANCELED));
        }
    }

    @Test
    void shouldFailAHardlinkChainWhenAMemberFailsAtInit() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1).flags(IOSQE_IO_HARDLINK);
            ring.getSqe().prepRw(200, -1, 0, 0, 0).userData(2).flags(IOSQE_IO_HARDLINK);
            nop(ring, 3);
            assertThat(ring.submit()).isEqualTo(3);
            assertThat(reap(ring)).containsExactly(cqe(1, -ECANCELED), cqe(2, -EINVAL), cqe(3, -ECANCELED));
        }
    }

    @Test
    void shouldStopSubmissionWhenTheLastMemberFailsAtInit() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1).flags(IOSQE_IO_LINK);
            ring.getSqe().prepRw(200, -1, 0, 0, 0).userData(2);
            nop(ring, 3);
            assertThat(ring.submit()).isEqualTo(2);
            assertThat(reap(ring)).containsExactly(cqe(1, -ECANCELED), cqe(2, -EINVAL));
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(3, 0));
        }
    }

    @Test
    void shouldCancelTheLinkAfterABadFd() {
        try (Ring ring = RingFixture.open(8); Arena arena = Arena.ofConfined()) {
            nop(ring, 1).flags(IOSQE_IO_LINK);
            ring.getSqe().prepRead(99, arena.allocate(8), 8, 0).userData(2).flags(IOSQE_IO_LINK);
            nop(ring, 3);
            assertThat(ring.submit()).isEqualTo(3);
            assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(2, -EBADF), cqe(3, -ECANCELED));
        }
    }

    @Test
    void shouldRunAChainLeftOpenAtTheEndOfSubmissionThroughIoWq() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1).flags(IOSQE_IO_LINK);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(1, 0));
            assertThat(ring.counters().get(Counter.IO_WQ_ENQUEUE)).isEqualTo(1);
        }
    }

    @Test
    void shouldKeepLinkOrderWithAsyncMembers() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1).flags(IOSQE_IO_LINK | IOSQE_ASYNC);
            nop(ring, 2).flags(IOSQE_IO_LINK | IOSQE_ASYNC);
            nop(ring, 3);
            nop(ring, 4);
            assertThat(ring.submit()).isEqualTo(4);
            // the worker posts 1, keeps the chain (io_wq_free_work) and posts 2 and 3; 4 is flushed after
            assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(2, 0), cqe(3, 0), cqe(4, 0));
        }
    }

    @Test
    void shouldIssueADrainRequestOnlyAfterEveryEarlierOneCompleted() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1).flags(IOSQE_ASYNC);
            nop(ring, 2);
            nop(ring, 3).flags(IOSQE_IO_DRAIN);
            nop(ring, 4);
            assertThat(ring.submit()).isEqualTo(4);
            assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(2, 0), cqe(3, 0), cqe(4, 0));
            // drain_active outlives the drain by one request: 5 still takes the slow path (and ends
            // it), 6 runs inline, as io_drain_req clears drain_active only when it finds the list empty
            nop(ring, 5);
            nop(ring, 6);
            assertThat(ring.submit()).isEqualTo(2);
            assertThat(reap(ring)).containsExactly(cqe(6, 0), cqe(5, 0));
            nop(ring, 7);
            nop(ring, 8);
            assertThat(ring.submit()).isEqualTo(2);
            assertThat(reap(ring)).containsExactly(cqe(7, 0), cqe(8, 0));
        }
    }

    @Test
    void shouldDrainAWholeChain() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1).flags(IOSQE_ASYNC);
            nop(ring, 2).flags(IOSQE_IO_DRAIN | IOSQE_IO_LINK);
            nop(ring, 3);
            nop(ring, 4);
            assertThat(ring.submit()).isEqualTo(4);
            assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(2, 0), cqe(3, 0), cqe(4, 0));
        }
    }
}
