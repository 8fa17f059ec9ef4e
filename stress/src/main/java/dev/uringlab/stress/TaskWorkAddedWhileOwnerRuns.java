package dev.uringlab.stress;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.uringlab.api.Ring;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Task work added by a waker while the owner runs it: a poll waits on a pipe; the waker writes a
 * byte (pipe_write, io_poll_wake, io_req_task_work_add from the waker's thread) while the owner
 * enters with GETEVENTS (tctx_task_work: llist_del_all, run, flush). Whether the owner's run
 * takes it or the next one does, the poll's CQE is posted exactly once: r1 is what the owner's
 * run left in the CQ, r2 what is there after one more run.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the owner's run took the task work and posted the CQE")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the task work came after the owner's run; the next run posted it")
@Outcome(id = ".*, 0", expect = FORBIDDEN, desc = "task work lost: the poll never completes")
@Outcome(id = ".*, 2", expect = FORBIDDEN, desc = "task work run twice: two CQEs for one single-shot poll")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class TaskWorkAddedWhileOwnerRuns {
    private final Ring ring = StressRings.open(2);
    private final int[] pipe = ring.sys().pipe();

    public TaskWorkAddedWhileOwnerRuns() {
        StressRings.armPoll(ring, pipe[0], 1);
    }

    @Actor
    public void waker() {
        StressRings.writeOne(ring, pipe[1]);
    }

    @Actor
    public void owner(II_Result r) {
        ring.enter(0, 0, IORING_ENTER_GETEVENTS);
        r.r1 = ring.cqReady();
    }

    /** One more run of the owner's task work, after both actors. */
    @Arbiter
    public void after(II_Result r) {
        ring.enter(0, 0, IORING_ENTER_GETEVENTS);
        r.r2 = ring.cqReady();
        ring.close();
    }
}
