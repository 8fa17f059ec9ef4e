package dev.uringlab.workloads.polledreads;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;

import dev.uringlab.api.CompletionQueue;
import dev.uringlab.api.Errno;
import dev.uringlab.api.Opcodes;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.SetupFlags;
import dev.uringlab.api.Sqe;
import dev.uringlab.api.SqeFlags;
import dev.uringlab.workloads.tio.Submitter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * polled reads, the analogue of fio's {@code t/io_uring -b512 -d128 -s32 -c32 -p1} (seed
 * 004's {@code -p1 -F1 -B1}) and of its interrupt-driven twin {@code -p0}: random 512-byte
 * O_DIRECT reads of a block device at queue depth 128, up to 32 SQEs prepared and submitted
 * per io_uring_enter, up to 32 CQEs waited for. Its metric is reads submitted per second, as
 * t/io_uring's IOPS counts SQEs submitted.
 *
 * <p>The device is {@link dev.uringlab.api.Syscalls#openBlockDevice} of {@link #DEVICE_SIZE}
 * bytes: on the emulated kernel a memory-backed NVMe namespace with one poll queue when polled
 * (none otherwise); on the real kernel an O_DIRECT file, which cannot be polled. The ring is
 * io_uring_setup({@link #DEPTH}) with IORING_SETUP_IOPOLL for {@code -p1}.
 *
 * <p>One {@link #submitAndReap()} is one pass of t/io_uring's {@code submitter_uring_fn}
 * ({@link Submitter}): {@code prep_more_ios_uring} (min(depth - inflight, 32) READ SQEs at
 * random block offsets, each into the buffer of its SQ slot), {@code io_uring_enter(to_submit,
 * to_wait, IORING_ENTER_GETEVENTS)} with t/io_uring's to_wait (0 while the queue fills, then
 * 32), and {@code reap_events_uring} (every CQE, checked to be a full block). GETEVENTS on every
 * enter is what makes an IOPOLL ring poll on every pass; t/io_uring asks for it only when it
 * waits ({@link Submitter.GetEvents#ALWAYS} says why this loop still does). Registered files and buffers ({@code -F1 -B1}) are not
 * used: see the README for why they change nothing the race measures.
 * Single-threaded, like the ring it drives.
 */
public final class PolledReads {
    /** {@code -b512}: the block size. */
    public static final int BS = 512;
    /** {@code -d128}: queue depth, also io_uring_setup's {@code entries}. */
    public static final int DEPTH = 128;
    /** {@code -s32}: the most SQEs prepared and submitted per io_uring_enter. */
    public static final int SUBMIT_BATCH = 32;
    /** {@code -c32}: the most CQEs waited for per io_uring_enter. */
    public static final int COMPLETE_BATCH = 32;
    /** The device: 16 MiB, 32768 blocks to pick from. */
    public static final long DEVICE_SIZE = 16L << 20;
    private static final int BUF_ALIGN = 4096;

    private final Ring ring;
    private final CompletionQueue cq;
    /** t/io_uring's loop at {@link #DEPTH}, {@link #SUBMIT_BATCH}, {@link #COMPLETE_BATCH}. */
    private final Submitter submitter;
    private final int fd;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment bufs;
    private final long maxBlocks = DEVICE_SIZE / BS;
    /** SQEs handed out so far: the next SQ slot, as liburing's sqe_tail. */
    private int sqeTail;
    /** __rand64's state (xorshift64*). */
    private long rand = 0x9E3779B97F4A7C15L;
    /** Reaped CQEs whose res was not a full block (t/io_uring stops at the first). */
    private long errors;
    private int lastError;

    /**
     * Opens the device on {@code ring} (opened with {@link #setup(boolean)}) and checks with
     * one read that the kernel takes the IO: an IOPOLL ring on a file the kernel cannot poll
     * gets the kernel's error here.
     *
     * @throws IllegalStateException naming the kernel's error when the device cannot be opened or read
     */
    public PolledReads(Ring ring, boolean polled) {
        if (ring.sq().entries() < DEPTH) {
            throw new IllegalArgumentException("polled reads need an SQ of " + DEPTH + " entries, the ring has "
                    + ring.sq().entries());
        }
        this.ring = ring;
        this.cq = ring.cq();
        this.submitter = new Submitter(ring, Submitter.GetEvents.ALWAYS, this::prepMoreIos, this::reapEvents, DEPTH, SUBMIT_BATCH, COMPLETE_BATCH);
        this.fd = ring.sys().openBlockDevice("nullb0", DEVICE_SIZE, polled ? 1 : 0, 0);
        if (fd < 0) {
            throw new IllegalStateException("open block device (poll_queues=" + (polled ? 1 : 0) + "): "
                    + Errno.name(-fd) + (polled && fd == -Errno.EOPNOTSUPP ? ": no pollable block device here" : ""));
        }
        this.bufs = arena.allocate((long) ring.sq().entries() * BUF_ALIGN, BUF_ALIGN);
        MemorySegment[] iovecs = new MemorySegment[ring.sq().entries()];
        for (int i = 0; i < iovecs.length; i++) {
            iovecs[i] = bufs.asSlice((long) i * BUF_ALIGN, BS);
        }
        int ret = ring.registerFiles(new int[] {fd});
        if (ret == 0) {
            ret = ring.registerBuffers(iovecs);
        }
        if (ret < 0) {
            throw new IllegalStateException("io_uring_register (-F1 -B1): " + Errno.name(-ret));
        }
        ret = submitAndReap();
        if (ret >= 0) {
            ret = drain();
        }
        if (ret < 0 || errors != 0) {
            throw new IllegalStateException("the kernel refused a " + BS + "-byte O_DIRECT read"
                    + (polled ? " on an IOPOLL ring" : "") + ": " + Errno.name(ret < 0 ? -ret : -lastError));
        }
    }

    /** io_uring_setup's arguments: {@link #DEPTH} entries, default CQ, IORING_SETUP_IOPOLL when {@code polled}. */
    public static RingConfig.Builder setup(boolean polled) {
        return RingConfig.builder(DEPTH).flags(polled ? SetupFlags.IORING_SETUP_IOPOLL : 0);
    }

    /**
     * One pass of t/io_uring's submit loop: prepare, enter, reap.
     *
     * @return the reads submitted by this pass ({@link #SUBMIT_BATCH} in the steady state)
     * @throws IllegalStateException when io_uring_enter fails with anything but -EAGAIN/-EBUSY
     */
    public int submitAndReap() {
        return submitter.submitAndReap();
    }

    /** Reads submitted and not yet reaped. */
    public int inflight() {
        return submitter.inflight();
    }

    /** CQEs reaped with a result other than {@link #BS}. */
    public long errors() {
        return errors;
    }

    /** Waits for every read in flight, then releases the buffers (the device must not write into freed memory). */
    public void close() {
        drain();
        arena.close();
    }

    /** Enters until nothing is in flight: 0, or the enter's -errno. */
    private int drain() {
        while (submitter.inflight() > 0) {
            int ret = ring.enter(0, submitter.inflight(), IORING_ENTER_GETEVENTS);
            submitter.reap();
            if (ret < 0 && ret != -Errno.EINTR) {
                return ret;
            }
        }
        return 0;
    }

    /**
     * prep_more_ios_uring: up to {@code max} READ_FIXED SQEs on fixed file 0, each of one block
     * at a random block offset ({@code __rand64 % (max_blocks - 1)}) into its SQ slot's
     * registered buffer, published with one release store of the SQ tail.
     */
    private int prepMoreIos(int max) {
        int prepped = 0;
        int mask = ring.sq().entries() - 1;
        while (prepped < max) {
            Sqe sqe = ring.getSqe();
            if (sqe == null) {
                break;
            }
            int index = sqeTail++ & mask; // the SQ slot getSqe handed out (SQ slot i is SQE i)
            long off = Long.remainderUnsigned(nextRand(), maxBlocks - 1) * BS;
            sqe.prepRw(Opcodes.IORING_OP_READ_FIXED, 0, bufs.address() + (long) index * BUF_ALIGN, BS, off)
                    .flags(SqeFlags.IOSQE_FIXED_FILE).bufIndex(index).userData(index);
            prepped++;
        }
        ring.sq().flush();
        return prepped;
    }

    private long nextRand() {
        long x = rand;
        x ^= x >>> 12;
        x ^= x << 25;
        x ^= x >>> 27;
        rand = x;
        return x * 0x2545F4914F6CDD1DL;
    }

    /** reap_events_uring: every CQE now in the ring, each checked to be a full block, then one release store of the head. */
    private int reapEvents() {
        int reaped = cq.forEach((ud, res, flags) -> {
            if (res != BS) {
                errors++;
                lastError = res;
            }
        });
        if (reaped != 0) {
            cq.advance(reaped);
        }
        return reaped;
    }
}
