package dev.uringlab.workloads.regb;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static dev.uringlab.api.PollEvents.POLLIN;

import dev.uringlab.api.CompletionQueue;
import dev.uringlab.api.CqeHandler;
import dev.uringlab.api.Errno;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.api.Sqe;
import dev.uringlab.api.Syscalls;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * reg.b set 1, "poll_multi eventfd": the benchmark Dylan Yudaken wrote for seed 000 ("io_uring:
 * batch multishot completions", liburing {@code benchmark/reg.c}, run as
 * {@code reg.b -s 1 -t 2000 -r 10}). A pipe, an eventfd registered on the ring, and
 * {@link #NSQE} multishot POLL_ADDs on the pipe's read end; each {@link #round()} makes one
 * byte readable, so every poll posts one aux CQE (IORING_CQE_F_MORE): one round is
 * {@link #NSQE} CQEs, and the metric is CQEs per second.
 *
 * <p>One round, as reg.c's {@code run} loop:
 * <ol>
 *   <li>the application writes 1 byte to the pipe (the wakeup of all {@value #NSQE} polls);</li>
 *   <li>io_uring_wait_cqes for {@value #NSQE} CQEs, and exactly that many must be ready;</li>
 *   <li>every CQE without F_MORE (its poll ended) gets its POLL_ADD re-armed with the same
 *       user_data, submitted together;</li>
 *   <li>the application reads the byte back;</li>
 *   <li>io_uring_cq_advance({@value #NSQE}).</li>
 * </ol>
 *
 * <p>What differs from reg.c: the pipe's read end is used by its fd, not registered as fixed
 * file 0 (the Ring API registers no files; the poll path is the same either way), and the
 * eventfd is eventfd(0, EFD_NONBLOCK) rather than eventfd(1, 0) (nobody reads it). Single-threaded,
 * like the ring it drives; the ring itself stays the caller's.
 *
 * <p>For the kernel prices' calibration (jmh's {@code CalibrationBenchmark}) the same loop runs
 * with fewer polls on the pipe and with or without the eventfd ({@link #RegbPollMulti(Ring, int,
 * boolean)}): the per-round steps (the write, the read, the wait) against the per-CQE ones, and
 * the eventfd's signal alone.
 */
public final class RegbPollMulti implements AutoCloseable {
    /** reg.c's NSQE: SQ entries, multishot polls, and CQEs per round. */
    public static final int NSQE = 128;
    /** reg.c's NCQE = NSQE * 4: CQ entries (IORING_SETUP_CQSIZE). */
    public static final int NCQE = NSQE * 4;

    private final Ring ring;
    private final CompletionQueue cq;
    private final Syscalls sys;
    private final int readFd;
    private final int writeFd;
    private final int polls;
    /** The eventfd registered on the ring, or -1 without one. */
    private final int eventfd;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment buf = arena.allocate(1);
    private final CqeHandler rearmEnded = this::rearmIfEnded;
    /** reg.c's {@code c2}: POLL_ADDs re-armed in this round. */
    private int rearmed;
    private boolean closed;

    /**
     * reg.c's {@code init} and the head of {@code run}: a pipe, an eventfd registered on
     * {@code ring}, and {@value #NSQE} multishot POLL_ADDs (user_data 0 to 127) on the read end,
     * submitted at once. {@code ring} must be fresh and sized by {@link #setup()}.
     *
     * @throws IllegalArgumentException when the ring is too small
     * @throws IllegalStateException when a system call or the submit fails
     */
    public RegbPollMulti(Ring ring) {
        this(ring, NSQE, true);
    }

    /**
     * The same with {@code polls} multishot POLL_ADDs on the pipe (1 to {@value #NSQE}), and an
     * eventfd registered only when {@code eventfd}: one round is then {@code polls} CQEs.
     *
     * @throws IllegalArgumentException when {@code polls} is out of range or the ring too small
     */
    public RegbPollMulti(Ring ring, int polls, boolean eventfd) {
        if (polls < 1 || polls > NSQE) {
            throw new IllegalArgumentException("polls " + polls + ": 1 to " + NSQE);
        }
        if (ring.sq().entries() < NSQE || ring.cq().entries() < NCQE) {
            throw new IllegalArgumentException("reg.b poll_multi needs " + NSQE + " SQ and " + NCQE
                    + " CQ entries, the ring has " + ring.sq().entries() + " and " + ring.cq().entries());
        }
        this.ring = ring;
        this.cq = ring.cq();
        this.sys = ring.sys();
        this.polls = polls;
        int[] fds = sys.pipe();
        this.readFd = fds[0];
        this.writeFd = fds[1];
        this.eventfd = eventfd ? sys.eventfd() : -1;
        try {
            int ret = eventfd ? ring.registerEventfd(this.eventfd) : 0;
            if (ret < 0) {
                throw new IllegalStateException("io_uring_register(IORING_REGISTER_EVENTFD): " + Errno.name(-ret));
            }
            for (int i = 0; i < polls; i++) {
                prepPollMulti(i);
            }
            submitExactly(polls);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * io_uring_setup's arguments for reg.b, as reg.c's {@code basic_benchmark_init_flags}:
     * {@value #NSQE} SQ entries, a CQ of {@value #NCQE}, and IORING_SETUP_SINGLE_ISSUER |
     * IORING_SETUP_DEFER_TASKRUN, so the kernel runs the polls' task work in the
     * io_uring_enter that waits for the CQEs (io_cqring_wait's local work), where the completion
     * path holds the submit state and multishot CQEs can be deferred; the emulated engine does
     * the same. The ring must then be used by the thread that made it.
     */
    public static RingConfig.Builder setup() {
        return RingConfig.builder(NSQE).cqEntries(NCQE)
                .flags(SetupFlags.IORING_SETUP_SINGLE_ISSUER | SetupFlags.IORING_SETUP_DEFER_TASKRUN);
    }

    /**
     * One round of reg.c's benchmark loop.
     *
     * @return the CQEs it consumed: one per poll ({@value #NSQE} for reg.b)
     * @throws IllegalStateException when a system call or the wait fails, or the CQ does not
     *     hold exactly one CQE per poll after the wait (reg.c's "bad ready")
     */
    public int round() {
        int ret = sys.write(writeFd, buf, 1);
        if (ret != 1) {
            throw new IllegalStateException("write(pipe, 1): " + describe(ret));
        }
        ret = ring.waitCqes(polls);
        if (ret < 0) {
            throw new IllegalStateException("io_uring_wait_cqes(" + polls + "): " + Errno.name(-ret));
        }
        int ready = cq.ready();
        if (ready != polls) {
            throw new IllegalStateException("bad ready " + ready + ", expected " + polls);
        }
        rearmed = 0;
        cq.forEach(rearmEnded);
        if (rearmed != 0) {
            submitExactly(rearmed);
        }
        ret = sys.read(readFd, buf, 1);
        if (ret != 1) {
            throw new IllegalStateException("read(pipe, 1): " + describe(ret));
        }
        cq.advance(polls);
        return polls;
    }

    /** The eventfd registered on the ring (for tests that read its count), or -1 without one. */
    public int eventfd() {
        return eventfd;
    }

    /** The pipe's read end, which the polls watch. */
    public int pipeReadFd() {
        return readFd;
    }

    /** Unregisters the eventfd and closes the pipe and the eventfd; the ring stays open. Idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            if (eventfd >= 0) {
                ring.unregisterEventfd();
            }
            closeFds();
        }
    }

    private void rearmIfEnded(long userData, int res, int flags) {
        if ((flags & IORING_CQE_F_MORE) == 0) {
            prepPollMulti(userData);
            rearmed++;
        }
    }

    /** io_uring_prep_poll_multishot(read end, POLLIN), user_data {@code userData}. */
    private void prepPollMulti(long userData) {
        Sqe sqe = ring.getSqe();
        if (sqe == null) {
            throw new IllegalStateException("SQ full: no SQE to arm poll " + userData);
        }
        sqe.prepPollMultishot(readFd, POLLIN).userData(userData);
    }

    private void submitExactly(int n) {
        int ret = ring.submit();
        if (ret != n) {
            throw new IllegalStateException("io_uring_submit: " + describe(ret) + ", expected " + n);
        }
    }

    private void closeFds() {
        sys.close(readFd);
        sys.close(writeFd);
        if (eventfd >= 0) {
            sys.close(eventfd);
        }
        arena.close();
    }

    private static String describe(int ret) {
        return ret < 0 ? Errno.name(-ret) : Integer.toString(ret);
    }
}
