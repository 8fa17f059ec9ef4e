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
 * The same window as {@link PollActiveFlagWindow} with a data path that takes no lock: the
 * send is an opaque store, the read an opaque load, and only the barriers the kernel's wake and
 * completion paths take order them (sock_def_readable's skwq_has_sleeper on the client's side,
 * io_cqring_ev_posted's wq_has_sleeper on the owner's). The client's (data store, flag load) and
 * the owner's (flag store, data load) are a store-buffering pair with a full fence in each
 * thread, so the lost outcome is forbidden here too: the answer to the author's question does
 * not rest on the file's lock, nor on READ_ONCE, but on those two fences.
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
public class PollActiveFlagLocklessData {
    private final PollWindow w = new PollWindow("active-flag");

    /** The client: send message 2, then sock_def_readable -> io_poll_wake. */
    @Actor
    public void client(II_Result r) {
        w.sendLockless();
        r.r1 = w.sockDefReadable() ? 1 : 0;
    }

    /** The ring owner: io_poll_task_func for message 1, then the application reads after CQE 1. */
    @Actor
    public void owner(II_Result r) {
        w.ioPollTaskFunc();
        r.r2 = w.recvLockless();
    }
}
