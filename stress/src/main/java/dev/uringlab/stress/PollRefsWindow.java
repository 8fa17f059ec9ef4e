package dev.uringlab.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The same window on 6.1's poll rework ({@code poll-rearm=poll-refs}): the client's io_poll_wake
 * either takes ownership (poll_refs was 0: a second task work) or only adds a reference while
 * the owner's io_poll_check_events runs, which then loops and polls the socket again.
 *
 * <p>Outcome {@code r1, r2, r3}: r1 1 when the wakeup queued a second task work; r2 1 when the
 * owner's pass ended with references left and it looped (a CQE for message 2 comes from that
 * pass); r3 the messages the application found after CQE 1. A wakeup that neither took
 * ownership nor made the owner loop was counted by the owner's pass itself (it read two
 * references), which then polls the file: lost only if the read after CQE 1 missed message 2.
 * See {@link PollWindow}.
 */
@JCStressTest
@Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "wakeup after the owner dropped its references: task work queued, CQE 2 will come")
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE, desc = "task work queued, and the read after CQE 1 already took message 2: CQE 2 will be spurious")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE_INTERESTING, desc = "the window: the wakeup only added a reference; the owner looped and polls again: CQE 2 comes from its loop")
@Outcome(id = "0, 1, 2", expect = ACCEPTABLE_INTERESTING, desc = "the owner looped, and the read after CQE 1 also found message 2")
@Outcome(id = "0, 0, 1", expect = FORBIDDEN, desc = "LOST WAKEUP: the wakeup neither took ownership nor made the owner loop, message 2 is readable, no CQE will come")
@Outcome(id = "0, 0, 2", expect = ACCEPTABLE_INTERESTING, desc = "the owner's pass read both references: the mask is stale, it polls the file, one CQE covers both, the read found message 2")
@State
public class PollRefsWindow {
    private final PollWindow w = new PollWindow("poll-refs");

    /** The client: send message 2, then sock_def_readable -> io_poll_wake. */
    @Actor
    public void client(III_Result r) {
        w.sendLocked();
        r.r1 = w.sockDefReadable() ? 1 : 0;
    }

    /** The ring owner: one pass of io_poll_check_events for message 1, then the application reads after CQE 1. */
    @Actor
    public void owner(III_Result r) {
        r.r2 = w.ioPollCheckEventsLoops() ? 1 : 0;
        r.r3 = w.recvLocked();
    }
}
