package dev.uringlab.workloads.tio;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Ring;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;

/**
 * One pass of fio's {@code t/io_uring} submit loop, {@code submitter_uring_fn} (fio
 * t/io_uring.c, at f5344384 lines 1319-1440; the enter's flags as since e0abe388 of
 * 2019-01-11, "only set IORING_ENTER_GETEVENTS when actively reaping"), for the workloads that
 * are its analogues ({@code Nops32}, {@code PolledReads}); they bring what differs,
 * {@code prep_more_ios_uring} and {@code reap_events_uring}.
 *
 * <p>A pass: prep min(depth - inflight, submit batch) SQEs; then, until all are consumed,
 * {@code io_uring_enter(to_submit, to_wait, flags)} with t/io_uring's to_wait (0 while the batch fits under the depth, else min(inflight + to_submit,
 * complete batch); inflight already counts the batch), and a reap after every enter. The flags
 * are t/io_uring's, {@code to_wait ? IORING_ENTER_GETEVENTS : 0} ({@link GetEvents#WHEN_WAITING}),
 * except for polled reads, which keep GETEVENTS on every enter ({@link GetEvents#ALWAYS}). -EAGAIN
 * and -EBUSY (the CQ backed up) reap and enter again, as t/io_uring's EAGAIN does. One case is
 * stricter than t/io_uring: an enter that consumes none of the published SQEs is an error here,
 * where t/io_uring waits for its in-flight IO and submits them again, and would spin on a ring
 * that never consumes them. Single-threaded, like the ring it drives.
 */
public final class Submitter {
    /** When an enter asks for events. */
    public enum GetEvents {
        /** t/io_uring's rule: only an enter that waits ({@code to_wait != 0}). */
        WHEN_WAITING,
        /**
         * Every enter, so an IOPOLL ring polls on each: polled reads' loop as it was written
         * before the loop was shared. Not t/io_uring's (whose enters while the queue fills only
         * submit); kept so that seed 004's emulated steady state (one io_do_iopoll per pass: the
         * emulated device completes a read at once, where t/io_uring's rule would let 128 reads
         * gather and be reaped by every fourth pass) and its recipe stay as they were measured.
         */
        ALWAYS
    }

    private final Ring ring;
    private final GetEvents getEvents;
    /** prep_more_ios_uring: up to {@code max} SQEs prepared and published; how many. */
    private final IntUnaryOperator prepMoreIos;
    /** reap_events_uring: every CQE in the ring consumed (the head released); how many. */
    private final IntSupplier reapEvents;
    /** {@code -d}. */
    private final int depth;
    /** {@code batch_submit}. */
    private final int submitBatch;
    /** {@code batch_complete}. */
    private final int completeBatch;
    /** {@code s->inflight}: submitted and not yet reaped. */
    private int inflight;

    /**
     * t/io_uring's loop on {@code ring} at {@code -d depth -s submitBatch -c completeBatch}, the
     * batches clamped to the depth as t/io_uring's main() clamps them, asking for events as
     * {@code getEvents} says, with the workload's
     * {@code prepMoreIos} (SQEs prepared and published, at most its argument; how many) and
     * {@code reapEvents} (every CQE in the ring consumed; how many).
     */
    public Submitter(Ring ring, GetEvents getEvents, IntUnaryOperator prepMoreIos, IntSupplier reapEvents, int depth,
                     int submitBatch, int completeBatch) {
        this.ring = ring;
        this.getEvents = getEvents;
        this.prepMoreIos = prepMoreIos;
        this.reapEvents = reapEvents;
        this.depth = depth;
        this.submitBatch = Math.min(submitBatch, depth);
        this.completeBatch = Math.min(completeBatch, depth);
    }

    /** The clamped submit batch: what a pass submits in the steady state. */
    public int submitBatch() {
        return submitBatch;
    }

    /**
     * One pass: prepare, enter, reap.
     *
     * @return the SQEs submitted by this pass ({@link #submitBatch()} in the steady state)
     * @throws IllegalStateException when io_uring_enter fails with anything but -EAGAIN/-EBUSY,
     *                               or consumes none of the published SQEs
     */
    public int submitAndReap() {
        int prepped = prepMoreIos.applyAsInt(Math.min(depth - inflight, submitBatch));
        inflight += prepped;
        int toSubmit = prepped;
        int submitted = 0;
        while (true) {
            // t/io_uring's rule, kept as is: inflight already counts this batch, so once the
            // batch no longer fits under the depth each enter waits for -c CQEs.
            int toWait = toSubmit != 0 && inflight + toSubmit <= depth ? 0 : Math.min(inflight + toSubmit, completeBatch);
            int ret = ring.enter(toSubmit, toWait, toWait != 0 || getEvents == GetEvents.ALWAYS ? IORING_ENTER_GETEVENTS : 0);
            reap();
            if (ret < 0) {
                if (ret == -Errno.EAGAIN || ret == -Errno.EBUSY) {
                    continue; // CQ backed up: reaped above, submit again
                }
                throw new IllegalStateException("io_uring_enter(" + toSubmit + ", " + toWait + "): " + Errno.name(-ret));
            }
            if (ret == 0 && toSubmit != 0) {
                throw new IllegalStateException("io_uring_enter consumed none of " + toSubmit + " published SQEs");
            }
            submitted += ret;
            toSubmit -= ret;
            if (toSubmit == 0) {
                return submitted;
            }
        }
    }

    /** reap_events_uring, and the CQEs reaped out of {@link #inflight()}; how many. */
    public int reap() {
        int reaped = reapEvents.getAsInt();
        inflight -= reaped;
        return reaped;
    }

    /** SQEs submitted and not yet reaped. */
    public int inflight() {
        return inflight;
    }
}
