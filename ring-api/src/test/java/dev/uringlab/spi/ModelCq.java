package dev.uringlab.spi;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A CQ ring reduced to what the strategy can observe through {@link CompletionContext}: a
 * bounded ring of CQEs with a cached and a committed tail, a FIFO overflow list, and a trace of
 * every primitive called ("lock", "fill 7", "overflow 7", "commit", "unlock", "ev_posted"),
 * so tests can assert lock sections exactly. Fills and commits outside the lock fail the test,
 * as lockdep would, except on a lockless CQ ({@link #lockless}: a DEFER_TASKRUN or IOPOLL ring,
 * written under uring_lock alone); so does ev_posted under it. A request flagged REQ_F_CQE_SKIP fills nothing,
 * as {@link CompletionContext#ioFillCqeReq} promises. {@link #assertQuiescent} checks the state
 * a strategy call must leave (lock released, every fill committed, an ev_posted after the last
 * commit). The one model CQ of every posting strategy's tests and of conformance's contracts
 * (ring-api's test-jar), beside {@link ModelReq}.
 */
public final class ModelCq implements CompletionContext {
    /** One CQE as the application reads it. */
    public record Entry(long userData, int res, int flags) {}

    private final int entries;
    private final Counters counters = new Counters();
    private final List<Entry> ring = new ArrayList<>();
    private final ArrayDeque<Entry> overflow = new ArrayDeque<>();
    private final List<String> trace = new ArrayList<>();
    private int committed;
    private boolean locked;
    /** ctx->lockless_cq: fills and commits need no completion lock. */
    private final boolean locklessCq;
    /** A commit happened that no ev_posted followed yet. */
    private boolean evPending;

    public ModelCq(int entries) {
        this(entries, false);
    }

    private ModelCq(int entries, boolean locklessCq) {
        this.entries = entries;
        this.locklessCq = locklessCq;
    }

    /** A CQ of {@code entries} whose fills and commits need no completion lock (ctx->lockless_cq). */
    public static ModelCq lockless(int entries) {
        return new ModelCq(entries, true);
    }

    @Override
    public void lock() {
        if (locked) {
            throw new AssertionError("completion lock taken twice");
        }
        locked = true;
        counters.inc(Counter.COMPLETION_LOCK);
        trace.add("lock");
    }

    @Override
    public void unlock() {
        requireLocked("unlock");
        locked = false;
        trace.add("unlock");
    }

    /** Recorded as "lock_irqsave" ... "unlock_irqrestore", so a test tells the two lock flavours apart. */
    @Override
    public void lockIrqsave() {
        lock();
        trace.set(trace.size() - 1, "lock_irqsave");
    }

    @Override
    public void unlockIrqrestore() {
        unlock();
        trace.set(trace.size() - 1, "unlock_irqrestore");
    }

    @Override
    public void ioFillCqeReq(IoKiocb req) {
        requireLocked("ioFillCqeReq");
        if ((req.flags() & ReqFlags.REQ_F_CQE_SKIP) != 0) {
            return;
        }
        if (!fill(req.userData(), req.res(), req.cflags())) {
            ioCqringEventOverflow(req.userData(), req.res(), req.cflags());
        }
    }

    @Override
    public boolean ioFillCqeAux(long userData, int res, int cflags) {
        requireLocked("ioFillCqeAux");
        return fill(userData, res, cflags);
    }

    private boolean fill(long userData, int res, int cflags) {
        if (!overflow.isEmpty() || ring.size() == entries) {
            return false;
        }
        ring.add(new Entry(userData, res, cflags));
        counters.inc(Counter.CQE_FILLED);
        trace.add("fill " + userData);
        return true;
    }

    @Override
    public void ioCqringEventOverflow(long userData, int res, int cflags) {
        requireLocked("ioCqringEventOverflow");
        overflow.add(new Entry(userData, res, cflags));
        counters.inc(Counter.CQ_OVERFLOW);
        trace.add("overflow " + userData);
    }

    @Override
    public void ioCommitCqring() {
        requireLocked("ioCommitCqring");
        committed = ring.size();
        evPending = true;
        counters.inc(Counter.CQ_COMMIT);
        trace.add("commit");
    }

    @Override
    public void ioCqringEvPosted() {
        if (locked) {
            throw new AssertionError("ev_posted under the completion lock");
        }
        evPending = false;
        counters.inc(Counter.EV_POSTED);
        trace.add("ev_posted");
    }

    /** Recorded as "commit_flush": the post-commit step of a task_complete ring, in place of ev_posted. */
    @Override
    public void ioCommitCqringFlush() {
        if (locked) {
            throw new AssertionError("io_commit_cqring_flush under the completion lock");
        }
        evPending = false;
        counters.inc(Counter.EV_POSTED);
        trace.add("commit_flush");
    }

    @Override
    public boolean overflowPending() {
        return !overflow.isEmpty();
    }

    @Override
    public Counters counters() {
        return counters;
    }

    /** The CQEs the application can see (up to the committed tail). */
    public List<Entry> visible() {
        return List.copyOf(ring.subList(0, committed));
    }

    /** The user_data of the CQEs the application can see. */
    public List<Long> visibleUserData() {
        return ring.subList(0, committed).stream().map(Entry::userData).toList();
    }

    /**
     * What the application has been given since the last {@link #reapAll()}, in order: the
     * committed part of the ring, then the overflow list (which a flush would move in behind).
     */
    public List<Entry> delivered() {
        List<Entry> all = new ArrayList<>(visible());
        all.addAll(overflow);
        return all;
    }

    /** The user_data of {@link #delivered()}, in order. */
    public List<Long> deliveredUserData() {
        return delivered().stream().map(Entry::userData).toList();
    }

    /**
     * The state every strategy call must leave when it returns, except a deferred aux post:
     * the lock released, every CQE written into the ring published by a commit, and an
     * ev_posted after the last commit, so a waiter wakes for what was published.
     *
     * @param after the call just made, for the message
     */
    public void assertQuiescent(String after) {
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

    /** The user_data of the CQEs waiting on the overflow list, in order. */
    public List<Long> overflowedUserData() {
        return overflow.stream().map(Entry::userData).toList();
    }

    /**
     * What liburing's reap loop gets: every committed CQE, then, as the application makes room
     * and the overflow list is flushed (io_cqring_overflow_flush), every overflowed one in order.
     * Empties both. A CQE filled but never committed is a strategy bug and fails the test.
     */
    public List<Entry> reapAll() {
        if (ring.size() != committed) {
            throw new AssertionError("CQEs filled but never committed: " + ring.subList(committed, ring.size()));
        }
        List<Entry> out = new ArrayList<>(ring);
        out.addAll(overflow);
        ring.clear();
        overflow.clear();
        committed = 0;
        return out;
    }

    public List<String> trace() {
        return trace;
    }

    public void clearTrace() {
        trace.clear();
    }

    private void requireLocked(String what) {
        if (!locked && !(locklessCq && !what.equals("unlock"))) {
            throw new AssertionError(what + " without the completion lock");
        }
    }
}
