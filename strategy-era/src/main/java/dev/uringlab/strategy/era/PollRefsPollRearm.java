package dev.uringlab.strategy.era;

import dev.uringlab.api.PollEvents;
import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;

/**
 * Multishot poll ownership as io_uring/poll.c has it since the poll rework of 5.17, as in
 * 6.1 (the kernel of seed 000's race): the wait entry stays on the waitqueue for the life of
 * the multishot request, and an atomic reference count, {@code req->poll_refs}, says who owns
 * it. io_poll_wake takes ownership by raising the count from zero (io_poll_get_ownership) and
 * only the owner queues the task work; a wakeup that finds the count non-zero just adds to it.
 * The owner's task work (io_poll_check_events) reads the count at the top of each pass, posts
 * the CQE with the mask the wakeup carried (no ->poll call), and drops what it read
 * ({@code atomic_sub_return(v & IO_POLL_REF_MASK)}): what is left are wakeups that came while it
 * ran, and it loops, polling the file, until the count drops to zero. Nothing is added to or
 * removed from the waitqueue per event, and the task work takes no waitqueue lock at all.
 *
 * <p>Bits of the state word, as in the kernel: IO_POLL_CANCEL_FLAG (bit 31) is not used: POLL_REMOVE
 * disarms under the head lock here, IO_POLL_RETRY_FLAG (bit 30), IO_POLL_REF_MASK
 * (bits 0-29). Past IO_POLL_REF_BIAS references a waker sets the retry flag instead of adding
 * more (io_poll_get_ownership_slowpath), so the count cannot overflow into the flags.
 *
 * <p>Trade-off: one atomic read-modify-write per wakeup and one per pass of the task work,
 * against 5.15's list_del_init plus add_wait_queue (a waitqueue-head lock round trip) and a
 * ->poll call per event. A wakeup that races with the task work costs a second pass (a vfs_poll)
 * instead of being found by a re-check under the head lock.
 *
 * <p>Threading: {@link #pollWake} on the waker's thread, under the waitqueue head lock;
 * {@link #pollCheckEvents} and {@link #pollRearm} on the ring owner's thread. The count is the
 * only shared state (volatile read, atomic add and CAS through {@link PollWait}); the value a
 * pass read is kept in the owner's plain pass word.
 */
public final class PollRefsPollRearm implements PollRearm {
    /** IO_ASYNC_POLL_COMMON: bits io_poll_wake leaves out of its event test. */
    static final int IO_ASYNC_POLL_COMMON = PollEvents.EPOLLONESHOT | PollEvents.POLLPRI;
    /** IO_POLL_RETRY_FLAG. */
    static final int IO_POLL_RETRY_FLAG = 1 << 30;
    /** IO_POLL_REF_MASK. */
    static final int IO_POLL_REF_MASK = (1 << 30) - 1;
    /** IO_POLL_REF_BIAS: past this many references a waker sets the retry flag instead. */
    static final int IO_POLL_REF_BIAS = 128;

    private final Trace trace;

    PollRefsPollRearm(Trace trace) {
        this.trace = trace;
    }

    /**
     * io_poll_wake: the event test first ({@code if (mask && !(mask & (poll->events &
     * ~IO_ASYNC_POLL_COMMON))) return 0;}, io_uring/poll.c:393 at 6.1-rc6), then
     * io_poll_get_ownership: {@code atomic_fetch_inc(&req->poll_refs)}; the waker that raised the
     * count from zero owns the request and queues its task work; a single-shot poll's owner
     * takes the entry off the list at once.
     */
    @Override
    public boolean pollWake(PollWait poll, int mask) {
        if (mask != 0 && (mask & poll.events() & ~IO_ASYNC_POLL_COMMON) == 0) {
            return false;
        }
        boolean owner = ioPollGetOwnership(poll);
        if (owner && mask != 0 && (poll.events() & PollEvents.EPOLLONESHOT) != 0) {
            poll.listDelInit(); // "optional, saves extra locking for removal in tw handler" (poll.c:397-405)
        }
        return owner;
    }

    /**
     * io_poll_disarm: {@code if (!io_poll_get_ownership(req)) return -EALREADY;}. A failed
     * attempt leaves its reference, so the owner's next pass sees more than one and polls the
     * file afresh.
     */
    @Override
    public boolean pollDisarm(PollWait poll) {
        return ioPollGetOwnership(poll);
    }

    /** io_poll_get_ownership: {@code atomic_fetch_inc}, or the slow path past the bias. */
    private boolean ioPollGetOwnership(PollWait poll) {
        int v = poll.lvState(); // atomic_read: the slow path is taken only past the bias
        boolean owner = v >= IO_POLL_REF_BIAS ? ioPollGetOwnershipSlowpath(poll)
                : (poll.xaddState(1) & IO_POLL_REF_MASK) == 0;
        trace.emit(TracePoint.IO_POLL_GET_OWNERSHIP, poll.userData(), v, owner ? 1 : 0);
        return owner;
    }

    /**
     * io_poll_get_ownership_slowpath: set IO_POLL_RETRY_FLAG (atomic_fetch_or) so the owner
     * re-polls; take ownership only if nobody holds it.
     */
    private static boolean ioPollGetOwnershipSlowpath(PollWait poll) {
        int v;
        do {
            v = poll.lvState();
        } while (!poll.casState(v, v | IO_POLL_RETRY_FLAG));
        if ((v & IO_POLL_REF_MASK) != 0) {
            return false;
        }
        return (poll.xaddState(1) & IO_POLL_REF_MASK) == 0;
    }

    /**
     * io_poll_check_events, top of a pass: {@code v = atomic_read(&req->poll_refs)}, kept for
     * {@link #pollRearm}. The wakeup's stashed mask is stale when more than one reference was
     * taken, or the retry flag is set (cleared here, atomic_andnot).
     */
    @Override
    public boolean pollCheckEvents(PollWait poll) {
        int v = poll.lvState();
        boolean stale = (v & IO_POLL_REF_MASK) != 1;
        if ((v & IO_POLL_RETRY_FLAG) != 0) {
            int cur;
            do {
                cur = poll.lvState();
            } while (!poll.casState(cur, cur & ~IO_POLL_RETRY_FLAG));
            v &= ~IO_POLL_RETRY_FLAG;
            stale = true;
        }
        poll.spPass(v);
        trace.emit(TracePoint.IO_POLL_CHECK_EVENTS, poll.userData(), v);
        return stale;
    }

    /**
     * The end of a pass of io_poll_check_events: {@code atomic_sub_return(v & IO_POLL_REF_MASK,
     * &req->poll_refs)}. References left are wakeups that came during the pass: loop. None
     * left: ownership is given up, the next wakeup takes it (IOU_POLL_NO_ACTION).
     */
    @Override
    public Rearmed pollRearm(PollWait poll) {
        int refs = poll.lpPass() & IO_POLL_REF_MASK;
        int left = poll.xaddState(-refs) - refs;
        return (left & IO_POLL_REF_MASK) != 0 ? Rearmed.LOOP : Rearmed.NO_ACTION;
    }

    /** Registers alias {@value #ALIAS} on axis {@code poll-rearm}. */
    public static final class Provider extends AbstractStrategyProvider<PollRearm> {
        /** The alias. */
        public static final String ALIAS = "poll-refs";

        public Provider() {
            super(Axis.POLL_REARM, ALIAS, "6.1", Mainline.since("5.17"),
                    "the entry stays queued; io_poll_get_ownership takes the request by raising poll_refs from 0, and the"
                        + " owner's io_poll_check_events loops until it drops to 0, with no ->poll call when the wakeup"
                        + " carried a mask",
                    ctx -> new PollRefsPollRearm(ctx.trace()));
            raceOn("regb", "echo-server");
            raceOnlyWith("completion", "baseline",
                    "one axis moves at a time: reg.b races poll_refs on the baseline posting path");
        }
    }
}
