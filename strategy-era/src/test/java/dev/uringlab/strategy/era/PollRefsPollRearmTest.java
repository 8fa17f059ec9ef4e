package dev.uringlab.strategy.era;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.PollEvents;
import dev.uringlab.spi.PollRearm.Rearmed;
import dev.uringlab.spi.ModelPollWait;
import dev.uringlab.spi.ModelPollWait.Access;
import dev.uringlab.spi.trace.Trace;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * poll_refs ownership (6.1): one owner at a time, the owner loops for wakeups that raced with
 * it, and no wakeup is lost: every event a waker raised is seen by a pass of the task work
 * that starts after it (a pass polls the file after io_poll_check_events reads the count).
 */
class PollRefsPollRearmTest {

    private final PollRefsPollRearm r = new PollRefsPollRearm(Trace.OFF);

    /** One poll's two words, the entry always queued: poll_refs never takes a multishot entry off nor re-adds it. */
    private static ModelPollWait poll() {
        return new ModelPollWait(false, Access.ATOMIC, Access.PASS);
    }

    @Test
    void shouldLoopForAWakeupThatCameDuringThePassAndKeepItsMaskOtherwise() {
        ModelPollWait poll = poll();
        assertThat(r.pollWake(poll, PollEvents.POLLIN)).as("0 -> 1: the waker owns the request").isTrue();
        assertThat(r.pollCheckEvents(poll)).as("one reference: the wakeup's mask is good").isFalse();
        assertThat(r.pollWake(poll, PollEvents.POLLIN)).as("1 -> 2: only counted").isFalse();
        assertThat(r.pollRearm(poll)).isEqualTo(Rearmed.LOOP);
        r.pollCheckEvents(poll); // the second pass has no stashed mask (the engine cleared it): it polls the file
        assertThat(r.pollRearm(poll)).isEqualTo(Rearmed.NO_ACTION);
        assertThat(poll.state()).isZero();
        assertThat(r.pollWake(poll, PollEvents.POLLIN)).as("ownership was given up: the next wakeup takes it").isTrue();
    }

    @Test
    void shouldTestTheMaskBeforeTakingAReference() {
        ModelPollWait poll = poll();
        assertThat(r.pollWake(poll, PollEvents.POLLOUT)).as("a POLLOUT wakeup of a POLLIN poll").isFalse();
        assertThat(poll.state()).as("no reference taken").isZero();
        assertThat(r.pollWake(poll, PollEvents.POLLIN)).isTrue();
    }

    @Test
    void shouldLetARemoveTakeOwnershipOnlyFromZeroAndLeaveItsReferenceOtherwise() {
        ModelPollWait poll = poll();
        assertThat(r.pollWake(poll, PollEvents.POLLIN)).isTrue();
        assertThat(r.pollDisarm(poll)).as("io_poll_disarm while the task work owns the request: -EALREADY").isFalse();
        assertThat(r.pollCheckEvents(poll)).as("the remove's reference makes the pass poll the file").isTrue();
        assertThat(r.pollRearm(poll)).isEqualTo(Rearmed.NO_ACTION);
        assertThat(r.pollDisarm(poll)).as("nobody owns it now: the remove takes it").isTrue();
    }

    @Test
    void shouldSetTheRetryFlagPastTheBiasInsteadOfCounting() {
        ModelPollWait poll = poll();
        poll.state(PollRefsPollRearm.IO_POLL_REF_BIAS);
        assertThat(r.pollWake(poll, PollEvents.POLLIN)).isFalse();
        assertThat(poll.state()).isEqualTo(PollRefsPollRearm.IO_POLL_REF_BIAS | PollRefsPollRearm.IO_POLL_RETRY_FLAG);
        assertThat(r.pollCheckEvents(poll)).as("the retry flag makes the pass poll the file").isTrue();
        assertThat(poll.state()).isEqualTo(PollRefsPollRearm.IO_POLL_REF_BIAS);
        assertThat(r.pollRearm(poll)).isEqualTo(Rearmed.NO_ACTION);
    }

    @RepeatedTest(5)
    void shouldLoseNoWakeupAndNeverQueueTwoTaskWorksUnderAConcurrentWaker() throws Exception {
        ModelPollWait poll = poll();
        AtomicLong events = new AtomicLong();
        AtomicInteger outstanding = new AtomicInteger();
        AtomicInteger worst = new AtomicInteger();
        AtomicInteger pending = new AtomicInteger(); // queued and not yet through its last pass
        AtomicInteger refusedWhileIdle = new AtomicInteger();
        AtomicBoolean done = new AtomicBoolean();
        int wakeups = 50_000;
        Thread waker = new Thread(() -> {
            for (int i = 0; i < wakeups; i++) {
                // Read before the wakeup: no task work queued or running, so nobody owns the request
                // and this wakeup must take ownership (a retry flag left behind included: the slow
                // path of io_poll_get_ownership takes it when no reference is held).
                boolean idle = pending.get() == 0;
                events.incrementAndGet(); // the event (a write to the pipe), then __wake_up
                if (r.pollWake(poll, PollEvents.POLLIN)) {
                    pending.incrementAndGet();
                    worst.accumulateAndGet(outstanding.incrementAndGet(), Math::max);
                } else if (idle) {
                    refusedWhileIdle.incrementAndGet();
                }
            }
            done.set(true);
        }, "waker");
        waker.start();
        long seen = 0;
        int ran = 0;
        while (!done.get() || outstanding.get() > 0) {
            if (outstanding.get() == 0) {
                Thread.onSpinWait();
                continue;
            }
            ran++;
            outstanding.decrementAndGet(); // the task work starts: it is no longer queued (the engine's twQueued)
            Rearmed next;
            do {
                r.pollCheckEvents(poll);
                seen = events.get(); // the pass reports the file's state from here on
                next = r.pollRearm(poll);
            } while (next == Rearmed.LOOP);
            pending.decrementAndGet();
        }
        waker.join();
        assertThat(worst.get()).as("task works queued at once for one request").isEqualTo(1);
        assertThat(refusedWhileIdle.get()).as("wakeups that found nobody owning the request and did not take it").isZero();
        assertThat(ran).as("task works run").isPositive();
        assertThat(poll.state() & PollRefsPollRearm.IO_POLL_REF_MASK).isZero();
        // A waker past IO_POLL_REF_BIAS that sets IO_POLL_RETRY_FLAG while the owner's last pass
        // puts its references back leaves the flag with nobody owning the request, as the kernel's
        // loop does: that wakeup waits for the next one, whose slow path takes ownership. Only
        // then may the last wakeup go unseen by a pass.
        if ((poll.state() & PollRefsPollRearm.IO_POLL_RETRY_FLAG) == 0) {
            assertThat(seen).as("the last wakeup was seen by a pass").isEqualTo(wakeups);
        } else {
            assertThat(r.pollWake(poll, PollEvents.POLLIN)).as("the next wakeup takes ownership and the retry flag with it").isTrue();
        }
    }
}
