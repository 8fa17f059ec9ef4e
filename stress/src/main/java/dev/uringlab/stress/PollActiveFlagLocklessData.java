package dev.uringlab.stress;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
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
 * <p>Outcome {@code r1, r2}, as {@link LostWakeupWindow} grades them.
 */
@JCStressTest
@State
public class PollActiveFlagLocklessData extends LostWakeupWindow {
    public PollActiveFlagLocklessData() {
        super("active-flag");
    }

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
