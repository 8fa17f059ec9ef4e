package dev.uringlab.core;

import static dev.uringlab.api.Errno.EBADF;
import static dev.uringlab.api.Errno.EINVAL;
import static dev.uringlab.core.RingFixture.cqe;
import static dev.uringlab.core.RingFixture.nop;
import static dev.uringlab.core.RingFixture.reap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.EnterFlags;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingMemory;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.api.SqeFlags;
import dev.uringlab.spi.Counter;
import java.lang.foreign.Arena;
import org.junit.jupiter.api.Test;

class SubmissionTest {

    @Test
    void shouldCompleteNopsWithInjectedResults() {
        try (Ring ring = RingFixture.open(8)) {
            ring.getSqe().prepNopInject(-5).userData(1);
            ring.getSqe().prepNopInject(7).userData(2);
            nop(ring, 3);
            assertThat(ring.submit()).isEqualTo(3);
            assertThat(reap(ring)).containsExactly(cqe(1, -5), cqe(2, 7), cqe(3, 0));
            assertThat(ring.counters().get(Counter.ENTER)).isEqualTo(1);
            assertThat(ring.counters().get(Counter.SQE_SUBMITTED)).isEqualTo(3);
        }
    }

    @Test
    void shouldRejectUnknownNopFlags() {
        try (Ring ring = RingFixture.open(4)) {
            nop(ring, 1).opFlags(1 << 7);
            ring.submit();
            assertThat(reap(ring)).containsExactly(cqe(1, -EINVAL));
        }
    }

    @Test
    void shouldStopSubmissionAtAnUnknownOpcodeAndResumeOnTheNextEnter() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1);
            ring.getSqe().prepRw(200, -1, 0, 0, 0).userData(2);
            nop(ring, 3);
            assertThat(ring.submit()).isEqualTo(2);
            assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(2, -EINVAL));
            assertThat(ring.sq().spaceLeft()).isEqualTo(7);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(3, 0));
        }
    }

    @Test
    void shouldStopSubmissionAtAnUnknownSqeFlag() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1).flags(1 << 7);
            nop(ring, 2);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(1, -EINVAL));
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(2, 0));
        }
    }

    @Test
    void shouldRejectCqeSkipSuccessOnTheBaselineAsAPre517KernelDoes() {
        try (Ring ring = RingFixture.open(4)) {
            nop(ring, 1).flags(SqeFlags.IOSQE_CQE_SKIP_SUCCESS);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(1, -EINVAL));
        }
    }

    @Test
    void shouldFailABadFdAtIssueWithoutStoppingSubmission() {
        try (Ring ring = RingFixture.open(8); Arena arena = Arena.ofConfined()) {
            ring.getSqe().prepRead(99, arena.allocate(8), 8, 0).userData(1);
            ring.getSqe().prepPollAdd(-1, 1).userData(2);
            nop(ring, 3);
            assertThat(ring.submit()).isEqualTo(3);
            assertThat(reap(ring)).containsExactly(cqe(1, -EBADF), cqe(2, -EBADF), cqe(3, 0));
        }
    }

    @Test
    void shouldKeepSubmittingAfterAFailureWithSubmitAll() {
        try (Ring ring = RingFixture.open(RingConfig.builder(8).flags(SetupFlags.IORING_SETUP_SUBMIT_ALL)
                .deterministic(true).build())) {
            ring.getSqe().prepRw(200, -1, 0, 0, 0).userData(1);
            nop(ring, 2);
            assertThat(ring.submit()).isEqualTo(2);
            assertThat(reap(ring)).containsExactly(cqe(1, -EINVAL), cqe(2, 0));
        }
    }

    @Test
    void shouldDropAnSqArrayIndexOutOfRangeAndStop() {
        try (Ring ring = RingFixture.open(4)) {
            IoRings rings = ((EmulatedRing) ring).ctx().rings;
            nop(ring, 1);
            nop(ring, 2);
            RingMemory.spInt(rings.ring, rings.offsets.sqArray() + 4, 1000); // slot 1 -> SQE 1000
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(RingMemory.lvInt(rings.ring, rings.offsets.sqDropped())).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(1, 0));
            assertThat(ring.counters().get(Counter.REQ_ALLOC)).isEqualTo(ring.counters().get(Counter.REQ_FREE));
        }
    }

    @Test
    void shouldRunAsyncRequestsThroughIoWqAndTaskWork() {
        try (Ring ring = RingFixture.open(8)) {
            nop(ring, 1).flags(SqeFlags.IOSQE_ASYNC);
            nop(ring, 2);
            assertThat(ring.submit()).isEqualTo(2);
            // the worker (inline in deterministic mode) posts its own CQE under the completion lock
            // (io_req_complete_post on a ring without a lockless CQ): before the inline batch's flush
            assertThat(reap(ring)).containsExactly(cqe(1, 0), cqe(2, 0));
            assertThat(ring.counters().get(Counter.IO_WQ_ENQUEUE)).isEqualTo(1);
            // ...and, as 6.4 on (the iowq-complete baseline is 6.7's), gives the request back to its owner
            // through task work (io_wq_free_work's io_free_req), which posts nothing more
            assertThat(ring.counters().get(Counter.TASK_WORK_QUEUED)).isEqualTo(1);
        }
    }

    @Test
    void shouldRejectPollAddWithAddrOrUnknownLenFlags() {
        try (Ring ring = RingFixture.open(4)) {
            int[] p = ring.sys().pipe();
            ring.getSqe().prepPollAdd(p[0], 1).addr(8).userData(1);
            ring.getSqe().prepPollAdd(p[0], 1).len(1 << 5).userData(2);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(ring.submit()).isEqualTo(1);
            assertThat(reap(ring)).containsExactly(cqe(1, -EINVAL), cqe(2, -EINVAL));
        }
    }

    @Test
    void shouldRejectUnknownEnterFlags() {
        try (Ring ring = RingFixture.open(4)) {
            nop(ring, 1);
            assertThat(ring.enter(1, 0, 1 << 8)).isEqualTo(-EINVAL);
            assertThat(ring.counters().get(Counter.ENTER)).isZero();
            assertThat(ring.submit()).isEqualTo(1);
        }
    }

    @Test
    void shouldReturnZeroWhenNothingIsQueuedAndNotBlockInDeterministicMode() {
        try (Ring ring = RingFixture.open(4)) {
            assertThat(ring.enter(4, 1, EnterFlags.IORING_ENTER_GETEVENTS)).isZero();
            assertThat(ring.waitCqes(1, 1_000_000_000L)).isEqualTo(-dev.uringlab.api.Errno.ETIME);
        }
    }
}
