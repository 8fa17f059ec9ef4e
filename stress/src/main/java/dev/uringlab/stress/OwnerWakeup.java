package dev.uringlab.stress;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.uringlab.api.Ring;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * The owner's wakeup: the owner waits in io_cqring_wait for one CQE (io_uring_enter(0, 1,
 * GETEVENTS), parked with uring_lock released) while a waker writes the byte a poll waits for.
 * The waker queues task work for the owner (io_req_task_work_add, which wakes a waiting owner as
 * TWA_SIGNAL does); whether it comes before the owner parks or after, the owner must wake, run
 * it and return. A lost wakeup leaves it parked: STALE.
 *
 * <p>No arbiter in this mode, so a state's ring is not closed; an emulated ring without io-wq
 * work holds only memory, which the few hundred states of a run can spare.
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = ACCEPTABLE, desc = "woken by the task work the write queued; the CQE is posted")
@Outcome(id = "STALE", expect = FORBIDDEN, desc = "lost wakeup: the owner sleeps with task work queued")
@State
public class OwnerWakeup {
    private final Ring ring = StressRings.open(2);
    private final int[] pipe = ring.sys().pipe();

    public OwnerWakeup() {
        StressRings.armPoll(ring, pipe[0], 1);
    }

    @Actor
    public void owner() {
        ring.enter(0, 1, IORING_ENTER_GETEVENTS);
    }

    @Signal
    public void waker() {
        StressRings.writeOne(ring, pipe[1]);
    }
}
