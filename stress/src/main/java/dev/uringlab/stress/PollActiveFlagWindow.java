package dev.uringlab.stress;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Seed 002's question, on the patch as posted ({@code poll-rearm=active-flag}): io_poll_wake's
 * READ_ONCE(poll->active) against io_poll_task_func's WRITE_ONCE(poll->active, true), in the
 * orders the kernel's paths have: the client sends under the receive queue's lock, then
 * sock_def_readable's smp_mb (skwq_has_sleeper) before io_poll_wake reads the flag; the owner
 * sets the flag, commits the CQ tail (release), then io_cqring_ev_posted's smp_mb
 * (wq_has_sleeper) before the application reads. The lost outcome is forbidden: the flag's
 * opaque accesses order nothing, but a full barrier on each side of the store-buffering pair
 * does (see {@link PollActiveFlagLocklessData}: the socket lock is not needed for it).
 *
 * <p>Outcome {@code r1, r2}, as {@link LostWakeupWindow} grades them.
 */
@JCStressTest
@State
public class PollActiveFlagWindow extends LostWakeupWindow {
    public PollActiveFlagWindow() {
        super("active-flag");
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
