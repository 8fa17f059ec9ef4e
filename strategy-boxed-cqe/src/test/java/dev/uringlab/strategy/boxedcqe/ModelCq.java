package dev.uringlab.strategy.boxedcqe;

import dev.uringlab.spi.CompletionContext;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.ReqFlags;
import java.util.ArrayList;
import java.util.List;

/**
 * A CQ reduced to what a posting strategy can observe through {@link CompletionContext}: a
 * bounded ring with a committed tail, an overflow list, the counters, and a trace of every
 * primitive called ("lock", "fill 7", "overflow 7", "commit", "unlock", "ev_posted"), so a test
 * asserts lock sections exactly. A fill or commit outside the lock fails the test, as lockdep
 * would; so does ev_posted under it.
 */
final class ModelCq implements CompletionContext {
    private final int entries;
    private final Counters counters = new Counters();
    private final List<Long> ring = new ArrayList<>();
    private final List<Long> overflow = new ArrayList<>();
    private final List<String> trace = new ArrayList<>();
    private int committed;
    private boolean locked;

    ModelCq(int entries) {
        this.entries = entries;
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

    @Override
    public void ioFillCqeReq(IoKiocb req) {
        requireLocked("ioFillCqeReq");
        if ((req.flags() & ReqFlags.REQ_F_CQE_SKIP) != 0) {
            return;
        }
        if (!fill(req.userData())) {
            ioCqringEventOverflow(req.userData(), req.res(), req.cflags());
        }
    }

    @Override
    public boolean ioFillCqeAux(long userData, int res, int cflags) {
        requireLocked("ioFillCqeAux");
        return fill(userData);
    }

    private boolean fill(long userData) {
        if (!overflow.isEmpty() || ring.size() == entries) {
            return false;
        }
        ring.add(userData);
        counters.inc(Counter.CQE_FILLED);
        trace.add("fill " + userData);
        return true;
    }

    @Override
    public void ioCqringEventOverflow(long userData, int res, int cflags) {
        requireLocked("ioCqringEventOverflow");
        overflow.add(userData);
        counters.inc(Counter.CQ_OVERFLOW);
        trace.add("overflow " + userData);
    }

    @Override
    public void ioCommitCqring() {
        requireLocked("ioCommitCqring");
        committed = ring.size();
        counters.inc(Counter.CQ_COMMIT);
        trace.add("commit");
    }

    @Override
    public void ioCqringEvPosted() {
        if (locked) {
            throw new AssertionError("ev_posted under the completion lock");
        }
        counters.inc(Counter.EV_POSTED);
        trace.add("ev_posted");
    }

    @Override
    public boolean overflowPending() {
        return !overflow.isEmpty();
    }

    @Override
    public Counters counters() {
        return counters;
    }

    /** The user_data of the CQEs the application can see, up to the committed tail. */
    List<Long> visible() {
        return List.copyOf(ring.subList(0, committed));
    }

    List<Long> overflowed() {
        return List.copyOf(overflow);
    }

    List<String> trace() {
        return trace;
    }

    private void requireLocked(String what) {
        if (!locked) {
            throw new AssertionError(what + " without the completion lock");
        }
    }
}
