package dev.uringlab.spi;

/**
 * What a poll re-arm strategy sees of one poll request's {@code struct io_poll}: its
 * {@code wait_queue_entry} on the file's waitqueue and one word of strategy state (the
 * 5.16 {@code active} flag, or the 5.17 {@code poll_refs}). The word is read and written with
 * volatile semantics, since the waker and the ring owner run on different threads. A second,
 * plain word ({@link #lpPass}) is the owner's alone, for what one pass of the task work
 * remembers between {@link PollRearm#pollCheckEvents} and {@link PollRearm#pollRearm}.
 */
public interface PollWait {

    /** The poll request's user_data, for the trace. */
    long userData();

    /** add_wait_queue(head, &poll->wait): takes the waitqueue head lock. */
    void addWaitQueue();

    /** list_del_init(&poll->wait.entry): the caller holds the waitqueue head lock (it is in the wake callback). */
    void listDelInit();

    /** !list_empty(&poll->wait.entry). */
    boolean isQueued();

    /** Volatile load of the strategy word. */
    int lvState();

    /** Volatile store of the strategy word. */
    void svState(int value);

    /** Compare-and-set of the strategy word. */
    boolean casState(int expect, int update);

    /** Atomic add on the strategy word; returns the previous value (atomic_fetch_add). */
    int xaddState(int delta);

    /** Plain load of the pass word (ring owner's thread only). */
    int lpPass();

    /** Plain store of the pass word (ring owner's thread only). */
    void spPass(int value);
}
