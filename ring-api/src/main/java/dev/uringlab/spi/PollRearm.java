package dev.uringlab.spi;

/**
 * Axis {@code poll-rearm}: how a multishot poll stays armed across wakeups (seed 002), and
 * who owns the request between a wakeup and the end of its task work. Shared by every poll
 * request of a ring; stateless apart from each request's {@link PollWait} words.
 *
 * <p>The decisions are the strategy's alone, each taken as its kernel took it: whether a
 * wakeup is for this poll at all (the test of its mask against {@code poll->events}, and where
 * in the callback that test comes), whether it queues the task work, whether the task work
 * trusts the wakeup's mask or polls the file again, and whether a pass runs again. The engine
 * queues the task work exactly when {@link #pollWake} says so, and after {@link #pollRearm} it
 * does nothing more: it does not look behind a strategy for a wakeup the strategy refused or
 * missed, so a strategy that lets two task works be queued for one request posts duplicate CQEs,
 * and one that refuses a wakeup its kernel took loses an event (the contract tests catch both).
 *
 * <p>The poll task work, as the engine runs it (io_poll_task_func / io_poll_check_events):
 * <pre>
 *   do {
 *       stale = pollCheckEvents(poll)      // top of a pass
 *       mask  = stale || no key ? vfs_poll(file) : the wakeup's key
 *       post the CQE (or end the request)  // a multishot that goes on:
 *       next  = pollRearm(poll)            // inside the CQE's locked section when
 *   } while (next == LOOP)                 //   rearmInPost(), else after the post
 * </pre>
 */
public interface PollRearm {

    /** What the engine does after {@link #pollRearm}. */
    enum Rearmed {
        /**
         * Armed again; the task work is over. Whatever came while the poll could not take a
         * wakeup stays the strategy's business: 5.15's io_poll_task_func adds the entry back and
         * returns, and a wakeup that found it off the list is gone; the 5.16 flag likewise;
         * poll_refs dropped to zero (IOU_POLL_NO_ACTION), so any later wakeup takes ownership.
         */
        NO_ACTION,
        /**
         * Wakeups came while the task work ran and it still owns the request: run the body
         * again now, polling the file (io_poll_check_events' do-while on
         * {@code atomic_sub_return(v & IO_POLL_REF_MASK, &req->poll_refs)}).
         */
        LOOP
    }

    /**
     * io_poll_wake (io_async_wake for an internal poll): decide whether this wakeup queues the
     * poll's task work, the test of the wakeup's mask included ("for instances that support it
     * check for an event match first": {@code mask != 0 && (mask & poll->events) == 0} is a wakeup
     * for someone else on the same waitqueue, a POLLOUT on a POLLIN poll), in the order the
     * strategy's kernel takes it. Called on the waker's thread with the waitqueue head lock held;
     * the engine also calls it, with that lock held, on the ring owner's thread for a multishot
     * poll already ready when armed (io_poll_add's inline completion, __io_poll_execute), with the
     * ready mask. The poll's state word is 0 when it is armed.
     *
     * @param mask the wakeup's key as poll bits (key_to_poll), 0 for a wakeup without one
     * @return true to queue the task work
     */
    boolean pollWake(PollWait poll, int mask);

    /**
     * io_poll_check_events, at the top of each pass of the poll task work (ring owner's
     * thread): note what the pass starts from. Default: nothing.
     *
     * @return true when the mask the wakeup carried is stale and the file must be polled
     *     (poll_refs shows more than the one wakeup that queued the task work)
     */
    default boolean pollCheckEvents(PollWait poll) {
        return false;
    }

    /**
     * In the poll task work (ring owner's thread), after a multishot CQE was posted, or after a
     * pass found nothing ready, and the request stays armed: make the next wakeup reach
     * {@link #pollWake} again, and say what the engine does next.
     */
    Rearmed pollRearm(PollWait poll);

    /**
     * POLL_REMOVE's claim on an armed poll (io_poll_disarm in 6.1, __io_poll_remove_one in
     * 5.15), on the ring owner's thread with the waitqueue head lock held: may the remove take the
     * request, or does a queued task work own it (the remove then fails with -EALREADY)? Taking it,
     * the engine takes the entry off the list and ends the poll with -ECANCELED.
     *
     * @return true when the remove takes the request
     */
    boolean pollDisarm(PollWait poll);

    /**
     * Where {@link #pollRearm} runs after a multishot CQE: true when the strategy's kernel
     * re-arms inside the CQE's completion-locked section (5.14 and 5.15's io_poll_task_func, and
     * the 5.16 flag, whose order the author's question rests on); false when it re-arms after
     * the CQE is posted (6.1's io_poll_check_events drops poll_refs after io_post_aux_cqe).
     * Where in that section is the {@code completion} strategy's, as its kernel's
     * io_poll_task_func had it ({@link CompletionContext#ioPollTaskFuncCqe}: 5.14 after
     * io_commit_cqring, 5.15 between the fill and the commit). Default false. (Under a completion
     * strategy that defers the CQE, which 5.x never did, the re-arm follows the deferral.)
     */
    default boolean rearmInPost() {
        return false;
    }
}
