package dev.uringlab.core;

import static dev.uringlab.api.Errno.ECANCELED;
import static dev.uringlab.api.Errno.ENOENT;
import static dev.uringlab.api.PollEvents.POLLHUP;
import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.PollEvents.POLLOUT;
import static dev.uringlab.core.RingFixture.cqe;
import static dev.uringlab.core.RingFixture.reap;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.spi.Counter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PollTest {
    private Ring ring;
    private Arena arena;
    private MemorySegment buf;
    private int rfd;
    private int wfd;

    @BeforeEach
    void setUp() {
        ring = RingFixture.open(16);
        arena = Arena.ofConfined();
        buf = arena.allocate(64);
        int[] p = ring.sys().pipe();
        rfd = p[0];
        wfd = p[1];
    }

    @AfterEach
    void tearDown() {
        ring.close();
        arena.close();
    }

    private void appWrite() {
        assertThat(ring.sys().write(wfd, buf, 1)).isEqualTo(1);
    }

    private void appRead() {
        assertThat(ring.sys().read(rfd, buf, 64)).isPositive();
    }

    @Test
    void shouldCompleteASingleShotPollWhenTheFileBecomesReady() {
        ring.getSqe().prepPollAdd(rfd, POLLIN).userData(1);
        assertThat(ring.submit()).isEqualTo(1);
        assertThat(reap(ring)).isEmpty();
        appWrite();
        assertThat(reap(ring)).containsExactly(cqe(1, POLLIN));
        appRead();
        appWrite();
        assertThat(reap(ring)).isEmpty();
    }

    @Test
    void shouldCompleteASingleShotPollAtArmTimeWhenAlreadyReady() {
        appWrite();
        ring.getSqe().prepPollAdd(rfd, POLLIN).userData(1);
        ring.getSqe().prepPollAdd(wfd, POLLOUT).userData(2);
        ring.submit();
        assertThat(reap(ring)).containsExactly(cqe(1, POLLIN), cqe(2, POLLOUT));
        assertThat(ring.counters().get(Counter.WAITQUEUE_ADD)).isEqualTo(ring.counters().get(Counter.WAITQUEUE_REMOVE));
    }

    @Test
    void shouldPostAMultishotCqeWithMoreForEveryEvent() {
        ring.getSqe().prepPollMultishot(rfd, POLLIN).userData(1);
        ring.submit();
        appWrite();
        appWrite();
        appRead();
        appWrite();
        assertThat(reap(ring)).containsExactly(cqe(1, POLLIN, "MORE"), cqe(1, POLLIN, "MORE"), cqe(1, POLLIN, "MORE"));
    }

    @Test
    void shouldPostAMultishotCqeAtArmTimeWhenAlreadyReady() {
        appWrite();
        ring.getSqe().prepPollMultishot(rfd, POLLIN).userData(1);
        ring.submit();
        assertThat(reap(ring)).containsExactly(cqe(1, POLLIN, "MORE"));
        appWrite();
        assertThat(reap(ring)).containsExactly(cqe(1, POLLIN, "MORE"));
    }

    @Test
    void shouldRemoveAPollPostingTheRemoveFirstThenTheCancelledTarget() {
        ring.getSqe().prepPollMultishot(rfd, POLLIN).userData(1);
        ring.submit();
        appWrite();
        ring.getSqe().prepPollRemove(1).userData(2);
        ring.submit();
        assertThat(reap(ring)).containsExactly(cqe(1, POLLIN, "MORE"), cqe(2, 0), cqe(1, -ECANCELED));
        appWrite();
        assertThat(reap(ring)).isEmpty();
    }

    @Test
    void shouldAnswerENoEntForAnUnknownTarget() {
        ring.getSqe().prepPollRemove(42).userData(2);
        ring.submit();
        assertThat(reap(ring)).containsExactly(cqe(2, -ENOENT));
    }

    @Test
    void shouldReportHangUpWhenTheWriteEndCloses() {
        ring.getSqe().prepPollAdd(rfd, POLLIN).userData(1);
        ring.submit();
        assertThat(ring.sys().close(wfd)).isZero();
        assertThat(reap(ring)).containsExactly(cqe(1, POLLHUP));
    }

    @Test
    void shouldWakeTheNewestPollerFirstAsAddWaitQueueAddsAtTheFront() {
        ring.getSqe().prepPollAdd(rfd, POLLIN).userData(1);
        ring.getSqe().prepPollAdd(rfd, POLLIN).userData(2);
        ring.submit();
        appWrite();
        assertThat(reap(ring)).containsExactly(cqe(2, POLLIN), cqe(1, POLLIN));
    }

    @Test
    void shouldReaddTheWaitEntryOnEveryBaselineMultishotEvent() {
        ring.getSqe().prepPollMultishot(rfd, POLLIN).userData(1);
        ring.submit();
        long adds = ring.counters().get(Counter.WAITQUEUE_ADD);
        for (int i = 0; i < 5; i++) {
            appWrite();
        }
        assertThat(reap(ring)).hasSize(5);
        assertThat(ring.counters().get(Counter.WAITQUEUE_ADD) - adds).isEqualTo(5);
        assertThat(ring.counters().get(Counter.WAITQUEUE_REMOVE)).isEqualTo(5);
        assertThat(ring.counters().get(Counter.TASK_WORK_RUN)).isEqualTo(5);
    }
}
