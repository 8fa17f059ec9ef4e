package dev.uringlab.spi;

/**
 * What a poll re-arm strategy sees of one poll request's {@code struct io_poll}: its
 * {@code wait_queue_entry} on the file's waitqueue and one word of strategy state (the
 * 5.16 {@code active} flag, or the 5.17 {@code poll_refs}). The word is read and written with
 * volatile semantics ({@code lv}/{@code sv}/{@code cas}/{@code xadd}), or opaque
 * ({@code lo}/{@code wo}: READ_ONCE/WRITE_ONCE) where a patch uses those, since the waker and
 * the ring owner run on different threads. A second,
 * plain word ({@link #lpPass}) is the owner's alone, for what one pass of the task work
 * remembers between {@link PollRearm#pollCheckEvents} and {@link PollRearm#pollRearm}.
 */
public interface PollWait {

    /** The poll request's user_data, for the trace. */
    long userData();

    /**
     * {@code poll->events}: the poll bits asked for (with POLLERR|POLLHUP|POLLNVAL|POLLRDHUP, which
     * io_uring always adds) and the behaviour bits (EPOLLONESHOT, EPOLLET). Stable while armed.
     */
    int events();

    /** add_wait_queue(head, &poll->wait): takes the waitqueue head lock. */
    void addWaitQueue();

    /** list_del_init(&poll->wait.entry): the caller holds the waitqueue head lock (it is in the wake callback). */
    void listDelInit();

    /** !list_empty(&poll->wait.entry). */
    boolean isQueued();

    /**
     * Whether this is the internal poll of a READ or WRITE waiting for its file
     * (IORING_FEAT_FAST_POLL, {@code struct async_poll}, woken through io_async_wake), rather
     * than an IORING_OP_POLL_ADD (io_poll_wake): seed 002 changed only the latter.
     */
    boolean isInternal();

    /** READ_ONCE of the strategy word: an opaque load (never torn, no ordering). */
    int loState();

    /** WRITE_ONCE of the strategy word: an opaque store (never torn, no ordering). */
    void woState(int value);

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
