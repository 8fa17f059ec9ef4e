package dev.uringlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.PollEvents;
import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;
import dev.uringlab.spi.StrategyProvider;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of the {@code poll-rearm} axis ({@link PollRearm}), run for every registered
 * implementation on a {@link FakePollWait}, whose waitqueue calls the strategy only for a queued
 * entry, under the head lock, as __wake_up does. What every implementation must do:
 * <ul>
 *   <li>queue the poll's task work on the first wakeup of an armed poll;</li>
 *   <li>queue no second task work for wakeups that come before the re-arm (no duplicate CQE);
 *       the application drains the file on each CQE, so their data is read then (the engine
 *       does not look for them again);</li>
 *   <li>queue nothing for a wakeup for an event the poll did not ask for;</li>
 *   <li>after a re-arm, accept the next wakeup again, with the entry on the waitqueue;</li>
 *   <li>keep this under concurrency: a waker thread and the ring owner never see two task
 *       works outstanding for one poll, and a wakeup after the last re-arm is accepted.</li>
 * </ul>
 * By design they differ in how: baseline takes the entry off the waitqueue on each wakeup
 * (list_del_init) and adds it back on re-arm (add_wait_queue); {@code active-flag} leaves it
 * queued and gates the wakeup with a flag; {@code poll-refs} counts wakeups in poll_refs, and its
 * task work passes again ({@link PollRearm.Rearmed#LOOP}) for the wakeups that came while it
 * ran, which {@link #runTaskWork} does as the engine does.
 *
 * <p>The gate is the strategy's alone: the engine's wake callback does not check behind it. So
 * the contract must catch a strategy without a gate, and {@link #shouldFailAStrategyThatQueuesTaskWorkOnEveryWakeup}
 * shows it does, on {@link QueueEveryWakeup}.
 */
class PollRearmContract {

    /** Deliberately broken: queues the task work on every wakeup and never leaves the waitqueue. */
    static class QueueEveryWakeup implements PollRearm {
        @Override
        public boolean pollWake(PollWait poll, int mask) {
            return true;
        }

        @Override
        public boolean pollDisarm(PollWait poll) {
            return true;
        }

        @Override
        public Rearmed pollRearm(PollWait poll) {
            return Rearmed.NO_ACTION; // stays queued: nothing to do, and nothing gates the next wakeup
        }
    }

    /** Deliberately broken: takes the first wakeup and never accepts another (its re-arm forgets the gate). */
    static final class NeverRearms extends QueueEveryWakeup {
        private boolean taken;

        @Override
        public boolean pollWake(PollWait poll, int mask) {
            if (taken) {
                return false;
            }
            taken = true;
            return true;
        }
    }

    /** Registers a broken gate for the contract's own tests. */
    private static final class BrokenProvider extends AbstractStrategyProvider<PollRearm> {
        BrokenProvider(String alias, String summary, Supplier<PollRearm> gate) {
            super(Axis.POLL_REARM, alias, "0", summary + ", for the contract's own test", ctx -> gate.get());
        }
    }

    @Test
    void shouldFailAStrategyThatQueuesTaskWorkOnEveryWakeup() {
        StrategyProvider<PollRearm> broken = new BrokenProvider("queue-every-wakeup", "a broken gate", QueueEveryWakeup::new);
        assertThatThrownBy(() -> shouldQueueNoSecondTaskWorkForWakeupsBeforeTheRearm(broken))
                .isInstanceOf(AssertionError.class).hasMessageContaining("a wakeup while the task work is pending");
        assertThatThrownBy(() -> shouldNeverHaveTwoTaskWorksOutstandingUnderConcurrentWakeups(broken))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void shouldFailAStrategyThatLosesTheWakeupsAfterARearm() {
        assertThatThrownBy(() -> shouldNeverHaveTwoTaskWorksOutstandingUnderConcurrentWakeups(
                new BrokenProvider("never-rearms", "a gate that never opens again", NeverRearms::new)))
                // which check sees it first depends on the threads' timing: a wakeup refused while the
                // waker saw nothing pending, or, if no task work ran before the waker was done, the last one
                .isInstanceOf(AssertionError.class)
                .hasMessageMatching("(?s).*(refused by an armed poll|a wakeup after the last re-arm).*");
    }

    /** The poll task work as the engine runs it: passes while the strategy says LOOP; returns the passes. */
    static int runTaskWork(PollRearm r, FakePollWait poll) {
        int passes = 0;
        PollRearm.Rearmed next;
        do {
            r.pollCheckEvents(poll);
            passes++;
            next = r.pollRearm(poll);
        } while (next == PollRearm.Rearmed.LOOP);
        return passes;
    }

    static Stream<Named<StrategyProvider<PollRearm>>> providers() {
        return Providers.of(Axis.POLL_REARM);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldQueueTaskWorkOnTheFirstWakeup(StrategyProvider<PollRearm> p) {
        PollRearm r = p.create(new FakeStrategyContext());
        FakePollWait poll = new FakePollWait();
        assertThat(poll.wake(r)).isTrue();
        assertThat(poll.taskWorkQueued()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldQueueNothingForAWakeupForAnotherEvent(StrategyProvider<PollRearm> p) {
        PollRearm r = p.create(new FakeStrategyContext());
        FakePollWait poll = new FakePollWait();
        synchronized (poll) { // the head lock, as __wake_up holds it
            assertThat(r.pollWake(poll, PollEvents.POLLOUT)).as("a POLLOUT wakeup of a POLLIN poll").isFalse();
        }
        assertThat(poll.isQueued()).as("still on the waitqueue").isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldAcceptTheNextWakeupAfterEveryRearm(StrategyProvider<PollRearm> p) {
        PollRearm r = p.create(new FakeStrategyContext());
        FakePollWait poll = new FakePollWait();
        for (int round = 1; round <= 100; round++) {
            assertThat(poll.wake(r)).as("wakeup of round %d", round).isTrue();
            runTaskWork(r, poll);
            assertThat(poll.isQueued()).as("on the waitqueue after re-arm %d", round).isTrue();
        }
        assertThat(poll.taskWorkQueued()).isEqualTo(100);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldQueueNoSecondTaskWorkForWakeupsBeforeTheRearm(StrategyProvider<PollRearm> p) {
        PollRearm r = p.create(new FakeStrategyContext());
        FakePollWait poll = new FakePollWait();
        assertThat(poll.wake(r)).isTrue();
        assertThat(poll.wake(r)).as("a wakeup while the task work is pending").isFalse();
        assertThat(poll.wake(r)).as("another one").isFalse();
        runTaskWork(r, poll);
        assertThat(poll.wake(r)).as("the first wakeup after the re-arm").isTrue();
        assertThat(poll.taskWorkQueued()).isEqualTo(2);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldNeverHaveTwoTaskWorksOutstandingUnderConcurrentWakeups(StrategyProvider<PollRearm> p) throws Exception {
        PollRearm r = p.create(new FakeStrategyContext());
        FakePollWait poll = new FakePollWait();
        AtomicInteger outstanding = new AtomicInteger(); // queued, not yet started by the owner
        AtomicInteger pending = new AtomicInteger();     // queued and not yet through its re-arm
        AtomicInteger worst = new AtomicInteger();
        AtomicInteger refusedWhileArmed = new AtomicInteger();
        AtomicBoolean done = new AtomicBoolean();
        Thread waker = new Thread(() -> {
            for (int i = 0; i < 20_000; i++) {
                // Read before the wakeup: no task work queued or running and the last re-arm done,
                // so the poll is armed and this wakeup must queue the task work.
                boolean armed = pending.get() == 0;
                if (poll.wake(r)) {
                    pending.incrementAndGet();
                    worst.accumulateAndGet(outstanding.incrementAndGet(), Math::max);
                } else if (armed) {
                    refusedWhileArmed.incrementAndGet();
                }
            }
            done.set(true);
        }, "waker");
        waker.start();
        int ran = 0;
        // The ring owner: run the poll's task work whenever one is queued, then re-arm.
        while (!done.get() || outstanding.get() > 0) {
            if (outstanding.get() > 0) {
                outstanding.decrementAndGet();
                ran++;
                runTaskWork(r, poll);
                pending.decrementAndGet();
            } else {
                Thread.onSpinWait();
            }
        }
        waker.join();
        assertThat(worst.get()).as("task works outstanding at once for one poll").isLessThanOrEqualTo(1);
        assertThat(refusedWhileArmed.get()).as("wakeups refused by an armed poll (lost: no task work queued or running)").isZero();
        assertThat(ran).as("task works run").isPositive();
        assertThat(poll.wake(r)).as("a wakeup after the last re-arm").isTrue();
    }
}
