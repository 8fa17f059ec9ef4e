package dev.uringlab.workloads.nops;

import dev.uringlab.api.CompletionQueue;
import dev.uringlab.api.Opcodes;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Sqe;
import dev.uringlab.workloads.tio.Submitter;

/**
 * nops32, the analogue of fio's {@code t/io_uring -N1 -s32 -d32 -c32}: NOPs only, queue depth
 * 32, 32 SQEs prepared and submitted per io_uring_enter, 32 CQEs waited for. Its metric is NOPs
 * submitted per second, as t/io_uring's IOPS counts SQEs submitted. Other depths are
 * {@code t/io_uring -N1 -s32 -c32 -dD}: as t/io_uring's main() does, the submit and complete
 * batches are clamped to the depth ({@link #Nops32(Ring, int)}).
 *
 * <p>One {@link #submitAndReap()} is one pass of t/io_uring's {@code submitter_uring_fn} loop
 * ({@link Submitter}, with this workload's prep and reap):
 * <ol>
 *   <li>{@code prep_more_ios_uring}: fill min(depth - inflight, submit batch) NOP SQEs and
 *       publish them with one release store of the SQ tail;</li>
 *   <li>{@code io_uring_enter(to_submit, to_wait, IORING_ENTER_GETEVENTS)}, where to_wait is
 *       t/io_uring's own arithmetic (with -d32 -s32 it always waits for 32; with -d128 -s32
 *       the batch fits under the depth, so it waits for none and only reaps);</li>
 *   <li>{@code reap_events_uring}: consume every CQE in the CQ ring, then release-store the head.</li>
 * </ol>
 * A NOP completes inline at submit, so in the steady state each pass submits and reaps exactly
 * one submit batch of NOPs ({@link #submitBatch()}: 32 at depth 32): one pass is that many
 * operations of the metric.
 *
 * <p>The ring is io_uring_setup(depth) with the default CQ (2 x SQ), as t/io_uring
 * set it up in the 5.16 days of seed 001 (today's t/io_uring also clamps the CQ to the SQ and
 * asks for SINGLE_ISSUER/DEFER_TASKRUN; neither changes a NOP's path). The application's side
 * does what t/io_uring's does for NOPs and no more: {@code init_io} writes only the opcode of
 * an SQE (every other field stays as it was: zero, since this loop writes nothing else; the
 * first pass over the SQ fully preps each slot, so a slot never carries anything else), and
 * {@code reap_events_uring} counts the CQEs between head and tail without reading them. The
 * kernel's side still reads and checks the whole SQE and writes the whole CQE. That NOPs
 * succeed is the tests' business ({@code Nops32Test}), not the measured loop's. Single-threaded,
 * like the ring it drives.
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
    /** t/io_uring's loop at {@code -d} with {@link #SUBMIT_BATCH} and {@link #COMPLETE_BATCH} clamped to it. */
    private final Submitter submitter;
    /** SQEs still to prep in full (io_uring_prep_nop): one per SQ slot, then the opcode alone. */
    private int fullPreps;
    /** The nop_flags and fd every NOP carries, written with the full prep of its slot. */
    private final Nop nop;

    /**
     * The loop at depth {@link #DEPTH} on {@code ring}, which must be fresh (nothing queued or
     * in flight) and have at least {@link #DEPTH} SQ entries: open it with {@link #setup()}.
     */
    public Nops32(Ring ring) {
        this(ring, DEPTH);
    }

    /**
     * What a NOP of the loop carries besides its opcode: {@code sqe->nop_flags} and {@code sqe->fd}
     * (IORING_NOP_FILE's file, or with IORING_NOP_FIXED_FILE a registered file's slot), as fio's
     * later t/io_uring writes them in its NOP mode ({@code init_io} with {@code do_nop}: IORING_NOP_FILE
     * and the file's fd, IORING_NOP_FIXED_FILE and its slot with {@code -F1}). Kernels 6.13 on
     * (6.17 for IORING_NOP_TW).
     *
     * @param nopFlags {@code sqe->nop_flags} ({@link dev.uringlab.api.NopFlags})
     * @param fd       {@code sqe->fd}
     */
    public record Nop(int nopFlags, int fd) {
        /** A plain NOP: no flags, fd -1 (io_uring_prep_nop). */
        public static final Nop PLAIN = new Nop(0, -1);
    }

    /**
     * The loop at {@code depth} ({@code t/io_uring -N1 -s32 -c32 -d depth}) on {@code ring},
     * which must be fresh and have at least {@code depth} SQ entries: open it with
     * {@link #setup(int)}. As t/io_uring's main(), the submit and complete batches are clamped
     * to the depth.
     */
    public Nops32(Ring ring, int depth) {
        this(ring, depth, Nop.PLAIN);
    }

    /**
     * The loop at {@code depth} with NOPs carrying {@code nop}'s flags and fd (a file or slot the
     * caller opened or registered on {@code ring}, and keeps until the loop is done).
     */
    public Nops32(Ring ring, int depth, Nop nop) {
        if (depth <= 0) {
            throw new IllegalArgumentException("nops32 depth must be positive: " + depth);
        }
        if (ring.sq().entries() < depth) {
            throw new IllegalArgumentException("nops32 needs an SQ of at least " + depth + " entries, the ring has "
                    + ring.sq().entries());
        }
        this.ring = ring;
        this.submitter = new Submitter(ring, Submitter.GetEvents.WHEN_WAITING, this::prepMoreIos, this::reapEvents, depth, SUBMIT_BATCH, COMPLETE_BATCH);
        this.cq = ring.cq();
        this.fullPreps = ring.sq().entries();
        this.nop = nop;
    }

    /** io_uring_setup's arguments for nops32: {@link #DEPTH} entries, default CQ. Add strategies to taste. */
    public static RingConfig.Builder setup() {
        return setup(DEPTH);
    }

    /** io_uring_setup's arguments at {@code depth}: {@code depth} entries, default CQ. */
    public static RingConfig.Builder setup(int depth) {
        return RingConfig.builder(depth);
    }

    /** The NOPs one {@link #submitAndReap()} submits in the steady state: the clamped submit batch. */
    public int submitBatch() {
        return submitter.submitBatch();
    }

    /**
     * One pass of t/io_uring's submit loop: prepare, enter, reap.
     *
     * @return the NOPs submitted by this pass ({@link #submitBatch()} in the steady state)
     * @throws IllegalStateException when io_uring_enter fails with anything but -EAGAIN/-EBUSY
     */
    public int submitAndReap() {
        return submitter.submitAndReap();
    }

    /** SQEs submitted and not yet reaped. */
    public int inflight() {
        return submitter.inflight();
    }

    /**
     * prep_more_ios_uring: up to {@code max} NOP SQEs (init_io with -N1: the opcode alone; the
     * slot keeps the flags and fd of its first, full prep),
     * published with one release store of the SQ tail ({@link dev.uringlab.api.SubmissionQueue#flush()}).
     */
    private int prepMoreIos(int max) {
        int prepped = 0;
        while (prepped < max) {
            Sqe sqe = ring.getSqe();
            if (sqe == null) {
                break;
            }
            if (fullPreps > 0) {
                fullPreps--;
                sqe.prepNop().opFlags(nop.nopFlags()).fd(nop.fd());
            } else {
                sqe.opcode(Opcodes.IORING_OP_NOP);
            }
            prepped++;
        }
        ring.sq().flush();
        return prepped;
    }

    /** reap_events_uring with -N1: every CQE now in the ring, counted, then one release store of the head. */
    private int reapEvents() {
        int reaped = cq.ready();
        if (reaped != 0) {
            cq.advance(reaped);
        }
        return reaped;
    }
}
