package dev.uringlab.core;

import dev.uringlab.core.sync.WaitQueueEntry;
import dev.uringlab.spi.PollWait;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The part of {@code struct io_poll} the {@code poll-rearm} strategy owns: one state word (the
 * 5.16 {@code active} flag, or the 5.17+ {@code poll_refs}) with an accessor per memory order,
 * named as ring-api's glossary says ({@code lo}/{@code wo} opaque for READ_ONCE/WRITE_ONCE,
 * {@code lv}/{@code sv} volatile, {@code cas}, {@code xadd}), and the owner's plain pass word.
 * {@link IoPoll} is the rest: the wait entry's life on the file's waitqueue.
 */
abstract class PollWaitEntry extends WaitQueueEntry implements PollWait {
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(PollWaitEntry.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The strategy's word; 0 when armed. */
    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;
    /** The pass word of the poll-rearm strategy ({@link PollWait#lpPass}); ring owner's thread only. */
    private int pass;

    /** Re-arming from scratch: the word back to 0 (a volatile store: a waker may read it next). */
    final void resetState() {
        STATE.setVolatile(this, 0);
    }

    @Override public final int lpPass() { return pass; }
    @Override public final void spPass(int value) { pass = value; }
    @Override public final int loState() { return (int) STATE.getOpaque(this); }
    @Override public final void woState(int value) { STATE.setOpaque(this, value); }
    @Override public final int lvState() { return (int) STATE.getVolatile(this); }
    @Override public final void svState(int value) { STATE.setVolatile(this, value); }
    @Override public final boolean casState(int expect, int update) { return STATE.compareAndSet(this, expect, update); }
    @Override public final int xaddState(int delta) { return (int) STATE.getAndAdd(this, delta); }
}
