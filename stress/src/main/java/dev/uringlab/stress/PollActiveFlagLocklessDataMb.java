package dev.uringlab.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@link PollActiveFlagLocklessData} with smp_mb() on both sides: between the client's data
 * store and io_poll_wake's READ_ONCE, and between io_poll_task_func's WRITE_ONCE and the read
 * after the CQE (the pairing wq_has_sleeper and set_current_state use). With both full
 * barriers the store-buffering outcome, and so the lost wakeup, is forbidden: that is the
 * order READ_ONCE/WRITE_ONCE alone would need on a lockless data path.
 *
 * <p>Outcome {@code r1, r2}: r1 is 1 when the client's wakeup queued a second task work (a CQE
 * for message 2 will come), 0 when the strategy ignored it; r2 is how many messages the
 * application found in the socket after it saw CQE 1. See {@link PollWindow} for the model.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "wakeup after the re-arm: task work queued, CQE 2 will report message 2")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "wakeup accepted, and the read after CQE 1 already took message 2: CQE 2 will be spurious (-EAGAIN)")
@Outcome(id = "0, 2", expect = ACCEPTABLE_INTERESTING, desc = "the window: wakeup ignored while the task work owned the poll, but the read after CQE 1 found message 2")
@Outcome(id = "0, 1", expect = FORBIDDEN, desc = "LOST WAKEUP: ignored while message 2 is readable, the read after CQE 1 missed it, no CQE will come")
@State
public class PollActiveFlagLocklessDataMb {
    private final PollWindow w = new PollWindow("active-flag");

    /** The client: send message 2, then __wake_up -> io_poll_wake. */
    @Actor
    public void client(II_Result r) {
        w.sendLockless();
        PollWindow.smpMb();
        r.r1 = w.wakeUp() ? 1 : 0;
    }

    /** The ring owner: io_poll_task_func for message 1, then the application reads after CQE 1. */
    @Actor
    public void owner(II_Result r) {
        w.ioPollTaskFunc();
        PollWindow.smpMb();
        r.r2 = w.recvLockless();
    }
}
