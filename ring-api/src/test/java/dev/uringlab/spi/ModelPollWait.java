package dev.uringlab.spi;

import dev.uringlab.api.PollEvents;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One POLLIN poll's {@link PollWait} as a poll re-arm strategy's unit tests see it: the wait
 * entry's list operations, recorded in order ({@link #calls()}: {@code add_wait_queue},
 * {@code list_del_init}), the strategy word and the pass word. Each strategy touches only some of
 * them (5.15's re-add the list alone, 5.16's flag the word with READ_ONCE/WRITE_ONCE, 5.17's
 * poll_refs the word atomically and the pass word), so a model is made for the accesses
 * its strategy makes ({@link Access}) and fails the test at any other. The head lock is not
 * modelled: one thread. The one model poll of the strategies' tests (ring-api's test-jar),
 * beside {@link ModelCq}; conformance's contract tests use a waitqueue of their own.
 */
public final class ModelPollWait implements PollWait {
    /** What of the entry a strategy may touch. */
    public enum Access {
        /** add_wait_queue and list_del_init. */
        LIST,
        /** The strategy word with READ_ONCE/WRITE_ONCE ({@code lo}/{@code wo}). */
        ONCE,
        /** The strategy word with volatile loads and stores, compare-and-set and atomic add. */
        ATOMIC,
        /** The owner's pass word. */
        PASS
    }

    private final Set<Access> allowed;
    private final boolean internal;
    private final List<String> calls = new ArrayList<>();
    private final AtomicInteger state = new AtomicInteger();
    private boolean queued = true;
    private int pass;

    /** A POLL_ADD ({@code internal} false) or a READ's internal poll, armed (on the waitqueue), allowing {@code allowed}. */
    public ModelPollWait(boolean internal, Access... allowed) {
        this.internal = internal;
        this.allowed = allowed.length == 0 ? EnumSet.noneOf(Access.class) : EnumSet.of(allowed[0], allowed);
    }

    private void check(Access access, String what) {
        if (!allowed.contains(access)) {
            throw new AssertionError(what + ": the strategy under test makes no such access (it may: " + allowed + ")");
        }
    }

    /** The list operations so far, in order. */
    public List<String> calls() {
        return List.copyOf(calls);
    }

    /** The strategy word (the flag, or poll_refs), read for the test. */
    public int state() {
        return state.get();
    }

    /** Sets the strategy word for the test (a state the strategy would reach only under a race). */
    public void state(int value) {
        state.set(value);
    }

    @Override public long userData() { return 7; }
    @Override public int events() { return PollEvents.POLLIN; }
    @Override public boolean isInternal() { return internal; }
    @Override public boolean isQueued() { return queued; }

    @Override
    public void addWaitQueue() {
        check(Access.LIST, "add_wait_queue");
        if (queued) {
            throw new AssertionError("add_wait_queue of an entry already on the waitqueue (list corruption)");
        }
        queued = true;
        calls.add("add_wait_queue");
    }

    @Override
    public void listDelInit() {
        check(Access.LIST, "list_del_init");
        queued = false;
        calls.add("list_del_init");
    }

    @Override public int loState() { check(Access.ONCE, "READ_ONCE"); return state.getOpaque(); }
    @Override public void woState(int value) { check(Access.ONCE, "WRITE_ONCE"); state.setOpaque(value); }
    @Override public int lvState() { check(Access.ATOMIC, "atomic_read"); return state.get(); }
    @Override public void svState(int value) { check(Access.ATOMIC, "atomic_set"); state.set(value); }
    @Override public boolean casState(int expect, int update) { check(Access.ATOMIC, "atomic_cmpxchg"); return state.compareAndSet(expect, update); }
    @Override public int xaddState(int delta) { check(Access.ATOMIC, "atomic_fetch_add"); return state.getAndAdd(delta); }
    @Override public int lpPass() { check(Access.PASS, "the pass word"); return pass; }
    @Override public void spPass(int value) { check(Access.PASS, "the pass word"); pass = value; }
}
