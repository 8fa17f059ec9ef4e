package dev.uringlab.stress;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The same window on the 5.15 baseline ({@code poll-rearm=baseline}): the first wakeup took the
 * entry off the waitqueue (list_del_init), so the client's sock_def_readable finds the list
 * empty (waitqueue_active, after its smp_mb) and wakes nobody, until io_poll_task_func's
 * add_wait_queue puts the entry back before io_commit_cqring. The lost outcome is forbidden, by
 * the same pair of barriers as with the flag.
 *
 * <p>Outcome {@code r1, r2}, as {@link LostWakeupWindow} grades them.
 */
@JCStressTest
@State
public class PollBaselineReaddWindow extends LostWakeupWindow {
    public PollBaselineReaddWindow() {
        super("baseline");
    }

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
