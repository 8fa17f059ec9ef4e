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
 * send is an opaque store, the read an opaque load. Then the client's (data store, flag load)
 * and the owner's (flag store, data load) are a store-buffering pair, and the wakeup can be
 * lost: this test shows it (ACCEPTABLE_INTERESTING, observed on x86), which is why the patch
 * is safe only because the file's own locking (or the head lock, in the baseline) orders the
 * data. {@link PollActiveFlagLocklessDataMb} shows the order that would fix it.
 *
 * <p>Outcome {@code r1, r2}: r1 is 1 when the client's wakeup queued a second task work (a CQE
 * for message 2 will come), 0 when the strategy ignored it; r2 is how many messages the
 * application found in the socket after it saw CQE 1. See {@link PollWindow} for the model.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "wakeup after the re-arm: task work queued, CQE 2 will report message 2")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "wakeup accepted, and the read after CQE 1 already took message 2: CQE 2 will be spurious (-EAGAIN)")
@Outcome(id = "0, 2", expect = ACCEPTABLE_INTERESTING, desc = "the window: wakeup ignored while the task work owned the poll, but the read after CQE 1 found message 2")
@Outcome(id = "0, 1", expect = ACCEPTABLE_INTERESTING, desc = "LOST WAKEUP: ignored while message 2 is readable, the read after CQE 1 missed it, no CQE will come (store buffering: no lock orders the client's data store before its flag load, nor the owner's flag store before its data load)")
@State
public class PollActiveFlagLocklessData {
    private final PollWindow w = new PollWindow("active-flag");

    /** The client: send message 2, then __wake_up -> io_poll_wake. */
    @Actor
    public void client(II_Result r) {
        w.sendLockless();
        r.r1 = w.wakeUp() ? 1 : 0;
    }

    /** The ring owner: io_poll_task_func for message 1, then the application reads after CQE 1. */
    @Actor
    public void owner(II_Result r) {
        w.ioPollTaskFunc();
        r.r2 = w.recvLockless();
    }
}
