package dev.uringlab.conformance;

import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.ReqFlags;
import java.util.ArrayList;
import java.util.List;

/**
 * A model of the CQ half of {@code io_ring_ctx} that fails fast (AssertionError at the
 * offending call, so the stack shows the strategy's line) on every breach of the primitives'
 * rules: a fill, overflow or commit without the completion lock; the lock taken twice or
 * released unheld; ev_posted under the lock. It keeps the CQ ring (never reaped unless asked),
 * the commit point and the overflow list, so a test can read what the application would see.
 */
final class RecordingCompletionContext implements CompletionContext {
    /** One CQE as the application reads it. */
    record Cqe(long userData, int res, int flags) {}

    private final int entries;
    private final Counters counters = new Counters();
    /** Every CQE written into the ring, in slot order. */
    private final List<Cqe> ring = new ArrayList<>();
    /** ctx->cq_overflow_list. */
    private final List<Cqe> overflow = new ArrayList<>();
    /** CQEs the application already reaped (the CQ head). */
    private int head;
    /** How many of {@link #ring} the last commit published (the shared CQ tail). */
    private int committed;
    private boolean locked;
    /** A commit happened that no ev_posted followed yet. */
    private boolean evPending;

    RecordingCompletionContext(int entries) {
        this.entries = entries;
    }

    @Override
    public void lock() {
        if (locked) {
            throw new AssertionError("completion_lock taken while held (a spinlock is not recursive)");
        }
        locked = true;
        counters.inc(Counter.COMPLETION_LOCK);
    }

    @Override
    public void unlock() {
        requireLocked("spin_unlock");
        locked = false;
    }

    @Override
    public void ioFillCqeReq(IoKiocb req) {
        requireLocked("io_fill_cqe_req");
        if ((req.flags() & ReqFlags.REQ_F_CQE_SKIP) != 0) {
            return;
        }
        Cqe cqe = new Cqe(req.userData(), req.res(), req.cflags());
        if (full() || !overflow.isEmpty()) {
            overflow.add(cqe);
            counters.inc(Counter.CQ_OVERFLOW);
        } else {
            ring.add(cqe);
            counters.inc(Counter.CQE_FILLED);
        }
    }

    @Override
    public boolean ioFillCqeAux(long userData, int res, int cflags) {
        requireLocked("io_fill_cqe_aux");
        if (full() || !overflow.isEmpty()) {
            return false;
        }
        ring.add(new Cqe(userData, res, cflags));
        counters.inc(Counter.CQE_FILLED);
        return true;
    }

    @Override
    public void ioCqringEventOverflow(long userData, int res, int cflags) {
        requireLocked("io_cqring_event_overflow");
        overflow.add(new Cqe(userData, res, cflags));
        counters.inc(Counter.CQ_OVERFLOW);
    }

    @Override
    public void ioCommitCqring() {
        requireLocked("io_commit_cqring");
        committed = ring.size();
        evPending = true;
        counters.inc(Counter.CQ_COMMIT);
    }

    @Override
    public void ioCqringEvPosted() {
        if (locked) {
            throw new AssertionError("io_cqring_ev_posted under the completion lock (it runs after the unlock)");
        }
        evPending = false;
        counters.inc(Counter.EV_POSTED);
    }

    @Override
    public boolean overflowPending() {
        return !overflow.isEmpty();
    }

    @Override
    public Counters counters() {
        return counters;
    }

    /** The application reaps every published CQE (advances the CQ head to the tail). */
    void reapAll() {
        head = committed;
    }

    /**
     * What the application has been given, in order: the published part of the ring, then the
     * overflow list (which a flush would move into the ring behind them).
     */
    List<Cqe> delivered() {
        List<Cqe> all = new ArrayList<>(ring.subList(0, committed));
        all.addAll(overflow);
        return all;
    }

    /** The user_data of {@link #delivered()}, in order. */
    List<Long> deliveredUserData() {
        return delivered().stream().map(Cqe::userData).toList();
    }

    /**
     * The state every strategy call must leave when it returns, except a deferred aux post:
     * the lock released, every CQE written into the ring published by a commit, and an
     * ev_posted after the last commit, so a waiter wakes for what was published.
     */
    void assertQuiescent(String after) {
        if (locked) {
            throw new AssertionError(after + " returned holding the completion lock");
        }
        if (committed != ring.size()) {
            throw new AssertionError(after + " left " + (ring.size() - committed) + " CQE(s) filled but not committed");
        }
        if (evPending) {
            throw new AssertionError(after + " committed CQEs without an ev_posted after the commit");
        }
    }

    private boolean full() {
        return ring.size() - head >= entries;
    }

    private void requireLocked(String what) {
        if (!locked) {
            throw new AssertionError(what + " without the completion lock");
        }
    }
}
