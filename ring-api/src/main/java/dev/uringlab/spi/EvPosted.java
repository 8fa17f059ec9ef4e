package dev.uringlab.spi;

/**
 * Era axis {@code ev-posted}: what io_cqring_ev_posted does after CQEs were committed and
 * the completion lock dropped: wake the CQ waiters and signal the registered eventfd. No
 * seed patches it on its own (seed 001 merges the waitqueues); the kernels differ, and the
 * 5.6 posting path of seed 003's race runs 5.6's. One instance per ring; called by whoever
 * posted (the ring owner, or an io-wq worker that posted its own CQE).
 */
public interface EvPosted {

    /** io_cqring_ev_posted, after the completion lock is dropped. */
    void ioCqringEvPosted(EvPostedContext ev);
}
