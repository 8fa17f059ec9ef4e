package dev.uringlab.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Outcome;

/**
 * The outcome table of seed 002's lost-wakeup window, stated once for every test of it whose
 * owner re-arms in one step ({@link PollActiveFlagWindow}, {@link PollActiveFlagLocklessData},
 * {@link PollBaselineReaddWindow}); jcstress reads {@link Outcome} through the class hierarchy
 * (the annotation is {@code @Inherited}). Each test brings its strategy and its two actors: the
 * client sends message 2 and wakes ({@code r1}), the owner runs io_poll_task_func for message
 * 1 and reads after CQE 1 ({@code r2}). See {@link PollWindow} for the model.
 *
 * <p>Outcome {@code r1, r2}: r1 is 1 when the client's wakeup queued a second task work (a CQE
 * for message 2 will come), 0 when the strategy ignored it; r2 is how many messages the
 * application found in the socket after it saw CQE 1.
 */
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "wakeup after the re-arm: task work queued, CQE 2 will report message 2")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "wakeup accepted, and the read after CQE 1 already took message 2: CQE 2 will be spurious (-EAGAIN)")
@Outcome(id = "0, 2", expect = ACCEPTABLE_INTERESTING, desc = "the window: wakeup ignored while the task work owned the poll, but the read after CQE 1 found message 2")
@Outcome(id = "0, 1", expect = FORBIDDEN, desc = "LOST WAKEUP: ignored while message 2 is readable, the read after CQE 1 missed it, no CQE will come")
abstract class LostWakeupWindow {
    /** The window on the strategy under test. */
    final PollWindow w;

    LostWakeupWindow(String pollRearm) {
        w = new PollWindow(pollRearm);
    }
}
