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
 * The same window on the 5.15 baseline ({@code poll-rearm=baseline}): the first wakeup took the
 * entry off the waitqueue (list_del_init), so the client's sock_def_readable finds the list
 * empty (waitqueue_active, after its smp_mb) and wakes nobody, until io_poll_task_func's
 * add_wait_queue puts the entry back before io_commit_cqring. The lost outcome is forbidden, by
 * the same pair of barriers as with the flag.
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
public class PollBaselineReaddWindow {
    private final PollWindow w = new PollWindow("baseline");

    /** The client: send message 2, then sock_def_readable -> io_poll_wake. */
    @Actor
    public void client(II_Result r) {
        w.sendLocked();
        r.r1 = w.sockDefReadable() ? 1 : 0;
    }

    /** The ring owner: io_poll_task_func for message 1, then the application reads after CQE 1. */
    @Actor
    public void owner(II_Result r) {
        w.ioPollTaskFunc();
        r.r2 = w.recvLocked();
    }
}
