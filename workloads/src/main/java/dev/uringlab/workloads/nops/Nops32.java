package dev.uringlab.workloads.nops;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;

import dev.uringlab.api.CompletionQueue;
import dev.uringlab.api.CqeHandler;
import dev.uringlab.api.Errno;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Sqe;

/**
 * nops32, the analogue of fio's {@code t/io_uring -N1 -s32 -d32 -c32}: NOPs only, queue depth
 * 32, 32 SQEs prepared and submitted per io_uring_enter, 32 CQEs waited for. Its metric is NOPs
 * submitted per second, as t/io_uring's IOPS counts SQEs submitted.
 *
 * <p>One {@link #submitAndReap()} is one pass of t/io_uring's {@code submitter_uring_fn} loop:
 * <ol>
 *   <li>{@code prep_more_ios_uring}: fill min(depth - inflight, submit batch) NOP SQEs and
 *       publish them with one release store of the SQ tail;</li>
 *   <li>{@code io_uring_enter(to_submit, to_wait, IORING_ENTER_GETEVENTS)}, where to_wait is
 *       t/io_uring's own arithmetic (with -d32 -s32 it always waits for 32);</li>
 *   <li>{@code reap_events_uring}: consume every CQE in the CQ ring, then release-store the head.</li>
 * </ol>
 * A NOP completes inline at submit, so in the steady state each pass submits and reaps exactly
 * {@link #DEPTH} NOPs: one pass is {@link #DEPTH} operations of the metric.
 *
 * <p>The ring is io_uring_setup({@link #DEPTH}) with the default CQ (2 x SQ), as t/io_uring
 * set it up in the 5.16 days of seed 001 (today's t/io_uring also clamps the CQ to the SQ and
 * asks for SINGLE_ISSUER/DEFER_TASKRUN; neither changes a NOP's path). Unlike t/io_uring, a CQE
 * with a negative res is an error here: a workload that counted failed NOPs would measure the
 * wrong thing. Single-threaded, like the ring it drives.
 */
public final class Nops32 {
    /** {@code -d32}: queue depth, also io_uring_setup's {@code entries}. */
    public static final int DEPTH = 32;
    /** {@code -s32}: the most SQEs prepared and submitted per io_uring_enter. */
    public static final int SUBMIT_BATCH = 32;
    /** {@code -c32}: the most CQEs waited for per io_uring_enter. */
    public static final int COMPLETE_BATCH = 32;

    private final Ring ring;
    private final CompletionQueue cq;
    private final CqeHandler checkRes = Nops32::checkRes;
    /** t/io_uring's {@code s->inflight}: submitted and not yet reaped. */
    private int inflight;

    /**
     * The loop on {@code ring}, which must be fresh (nothing queued or in flight) and have at
     * least {@link #DEPTH} SQ entries: open it with {@link #setup()}.
     */
    public Nops32(Ring ring) {
        if (ring.sq().entries() < DEPTH) {
            throw new IllegalArgumentException("nops32 needs an SQ of at least " + DEPTH + " entries, the ring has "
                    + ring.sq().entries());
        }
        this.ring = ring;
        this.cq = ring.cq();
    }

    /** io_uring_setup's arguments for nops32: {@link #DEPTH} entries, default CQ. Add strategies to taste. */
    public static RingConfig.Builder setup() {
        return RingConfig.builder(DEPTH);
    }

    /**
     * One pass of t/io_uring's submit loop: prepare, enter, reap.
     *
     * @return the NOPs submitted by this pass ({@link #DEPTH} in the steady state)
     * @throws IllegalStateException when io_uring_enter fails with anything but -EAGAIN/-EBUSY,
     *     or a NOP completes with a negative res
     */
    public int submitAndReap() {
        int prepped = prepMoreIos(Math.min(DEPTH - inflight, SUBMIT_BATCH));
        inflight += prepped;
        int toSubmit = prepped;
        int submitted = 0;
        while (true) {
            // t/io_uring's rule, kept as is: inflight already counts this batch, so with
            // -d32 -s32 the sum always exceeds the depth and the enter waits for -c CQEs.
            int toWait = toSubmit != 0 && inflight + toSubmit <= DEPTH ? 0 : Math.min(inflight + toSubmit, COMPLETE_BATCH);
            int ret = ring.enter(toSubmit, toWait, toWait != 0 ? IORING_ENTER_GETEVENTS : 0);
            reapEvents();
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

    /** SQEs submitted and not yet reaped. */
    public int inflight() {
        return inflight;
    }

    /**
     * prep_more_ios_uring: up to {@code max} NOP SQEs, published with one release store of the
     * SQ tail ({@link dev.uringlab.api.SubmissionQueue#flush()}).
     */
    private int prepMoreIos(int max) {
        int prepped = 0;
        while (prepped < max) {
            Sqe sqe = ring.getSqe();
            if (sqe == null) {
                break;
            }
            sqe.prepNop();
            prepped++;
        }
        ring.sq().flush();
        return prepped;
    }

    /** reap_events_uring: every CQE now in the ring, then one release store of the head. */
    private void reapEvents() {
        int reaped = cq.forEach(checkRes);
        if (reaped != 0) {
            inflight -= reaped;
            cq.advance(reaped);
        }
    }

    private static void checkRes(long userData, int res, int flags) {
        if (res < 0) {
            throw new IllegalStateException("a NOP completed with " + Errno.name(-res));
        }
    }
}
