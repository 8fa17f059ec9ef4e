package dev.uringlab.core.sync;

/**
 * {@code struct wait_queue_entry}: a node of a {@link WaitQueueHead}'s list with a wake
 * callback ({@code wq_entry->func}). An entry is on at most one list; {@code prev == this}
 * (the kernel's {@code INIT_LIST_HEAD}) means it is on none. The links are guarded by the
 * lock of the head the entry is on.
 */
public abstract class WaitQueueEntry {
    WaitQueueEntry prev = this;
    WaitQueueEntry next = this;

    /**
     * {@code wq_entry->func}: called by {@code __wake_up} on the waker's thread with the head
     * lock held; the entry may take itself off the list ({@link WaitQueueHead#listDelInit}).
     *
     * @param key the poll mask of the event ({@code key_to_poll}), 0 for a wake without one
     * @return nonzero when the wake was taken (as the kernel's callbacks return 1)
     */
    protected abstract int wake(int key);

    /** Who the entry belongs to, for the trace: a request's user_data, or -1 for a task's own wait entry. */
    protected long traceId() {
        return -1;
    }

    /** !list_empty(&entry): whether the entry is on a waitqueue (read it under that head's lock). */
    public final boolean isQueued() {
        return prev != this;
    }
}
