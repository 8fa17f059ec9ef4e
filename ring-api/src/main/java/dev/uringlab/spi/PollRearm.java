package dev.uringlab.spi;

/**
 * Axis {@code poll-rearm}: how a multishot poll stays armed across wakeups (seed 002), and
 * who owns the request between a wakeup and the end of its task work. Shared by every poll
 * request of a ring; stateless apart from each request's {@link PollWait} words.
 *
 * <p>The gate is the strategy's alone: the engine's wake callback queues the task work
 * exactly when {@link #pollWake} says so and never checks behind it, so a strategy that lets
 * two task works be queued for one request posts duplicate CQEs, and one that refuses a
 * wakeup it should take loses an event (the contract tests catch both).
 *
 * <p>The poll task work, as the engine runs it (io_poll_task_func / io_poll_check_events):
 * <pre>
 *   do {
 *       stale = pollCheckEvents(poll)      // top of a pass
 *       mask  = stale || no key ? vfs_poll(file) : the wakeup's key
 *       post the CQE (or end the request)  // a multishot that goes on:
 *       next  = pollRearm(poll)
 *   } while (next == LOOP)
 *   if (next == RECHECK) the engine looks for a wakeup missed while the poll could not take it
 * </pre>
 */
public interface PollRearm {

    /** What the engine does after {@link #pollRearm}. */
    enum Rearmed {
        /**
         * The poll is armed again, but a wakeup may have come while it could not take one (off
         * the waitqueue, or gated): the engine polls the file under the head lock and offers
         * a wakeup it missed to {@link #pollWake}. The 5.15 re-add and the 5.16 active flag.
         */
        RECHECK,
        /**
         * Armed, and nothing can have been missed: any later wakeup takes ownership itself
         * (IOU_POLL_NO_ACTION: poll_refs dropped to zero). No lock, no vfs_poll.
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
     * io_poll_wake, after the event mask matched: decide whether this wakeup queues the
     * poll's task work. Called on the waker's thread with the waitqueue head lock held; the
     * engine also calls it, with that lock held, on the ring owner's thread for a multishot
     * poll already ready when armed (__io_poll_execute) and for a wakeup found missed after a
     * {@link Rearmed#RECHECK}. The poll's state word is 0 when it is armed.
     *
     * @return true to queue the task work (io_poll_execute)
     */
    boolean pollWake(PollWait poll);

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
}
