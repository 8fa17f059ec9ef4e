package dev.uringlab.conformance;

import dev.uringlab.api.PollEvents;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One POLLIN poll request's wait entry on a model waitqueue: {@link #wake} is __wake_up on the
 * file's waitqueue, which calls the strategy's io_poll_wake only while the entry is queued, with
 * the head lock held; the lock is this object's monitor. Counts the task work the wakes queue.
 */
final class FakePollWait implements PollWait {
    private final AtomicInteger state = new AtomicInteger();
    private boolean queued;
    private int taskWorkQueued;
    private int pass;

    /** io_poll_add: arm the poll, entry on the waitqueue. */
    FakePollWait() {
        addWaitQueue();
    }

    @Override
    public synchronized void addWaitQueue() {
        if (queued) {
            throw new AssertionError("add_wait_queue of an entry already on the waitqueue (list corruption)");
        }
        queued = true;
    }

    @Override
    public void listDelInit() {
        if (!Thread.holdsLock(this)) {
            throw new AssertionError("list_del_init without the waitqueue head lock");
        }
        queued = false;
    }

    @Override
    public synchronized boolean isQueued() {
        return queued;
    }

    @Override public int events() { return PollEvents.POLLIN; }
    @Override public boolean isInternal() { return false; }
    @Override public int loState() { return state.getOpaque(); }
    @Override public void woState(int value) { state.setOpaque(value); }
    @Override public long userData() { return 1; }
    @Override public int lpPass() { return pass; }
    @Override public void spPass(int value) { pass = value; }
    @Override public int lvState() { return state.get(); }
    @Override public void svState(int value) { state.set(value); }
    @Override public boolean casState(int expect, int update) { return state.compareAndSet(expect, update); }
    @Override public int xaddState(int delta) { return state.getAndAdd(delta); }

    /**
     * __wake_up with a POLLIN key: under the head lock, the wake callback of a queued entry asks
     * the strategy; true queues the poll's task work.
     *
     * @return whether task work was queued
     */
    synchronized boolean wake(PollRearm rearm) {
        if (queued && rearm.pollWake(this, PollEvents.POLLIN)) {
            taskWorkQueued++;
            return true;
        }
        return false;
    }

    synchronized int taskWorkQueued() {
        return taskWorkQueued;
    }
}
