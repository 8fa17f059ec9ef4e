package dev.uringlab.spi;

/**
 * Axis {@code poll-rearm}: how a multishot poll stays armed across wakeups (seed 002).
 * Shared by every poll request of a ring; stateless apart from each request's
 * {@link PollWait} word.
 */
public interface PollRearm {

    /**
     * io_poll_wake, after the event mask matched: decide whether this wakeup queues the
     * poll's task work. Called on the waker's thread with the waitqueue head lock held; the
     * engine also calls it, with that lock held, on the ring owner's thread for a multishot
     * poll already ready when armed (__io_poll_execute) and for a wakeup found missed after
     * {@link #pollRearm}. The poll's state word is 0 when it is armed.
     *
     * @return true to queue the task work (io_poll_execute)
     */
    boolean pollWake(PollWait poll);

    /**
     * In the poll task work (ring owner's thread), after a multishot CQE was posted and the
     * request stays armed: make the next wakeup reach {@link #pollWake} again. The engine
     * re-checks the file's readiness afterwards, so an event that arrived meanwhile is not lost:
     * when the waitqueue delivered a wakeup for the poll's events since the one that queued
     * this task work and the file is ready, it offers that wakeup to {@link #pollWake}.
     */
    void pollRearm(PollWait poll);
}
