package dev.uringlab.nativering;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;
import static dev.uringlab.api.Features.IORING_FEAT_SINGLE_MMAP;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import dev.uringlab.api.CompletionQueue;
import dev.uringlab.api.CqeDescriptor;
import dev.uringlab.api.Errno;
import dev.uringlab.api.IoUringParams;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingOffsets;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.SqeDescriptor;
import dev.uringlab.api.SubmissionQueue;
import dev.uringlab.api.Syscalls;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.KernelCounts;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A real io_uring instance of the running kernel, driven through ring-api's shared
 * application half: {@link SubmissionQueue} and {@link CompletionQueue} run unchanged on the
 * kernel's mapped rings, as liburing's {@code io_uring_queue_init} /
 * {@code io_uring_queue_mmap} set them up (the setup is {@link #setup}).
 *
 * <p>Memory: one shared {@link Arena} per ring owns everything native the ring touches: the
 * mappings of the SQ ring, the CQ ring (one mapping with IORING_FEAT_SINGLE_MMAP) and the SQE
 * array, reinterpreted to their sizes and bound to the arena with {@code munmap} as cleanup;
 * the errno states; and the argument structs of {@link #waitCqes(int, long)} and
 * {@link #registerEventfd(int)}, allocated once so that no call allocates. A shared arena
 * lets the ring be set up on one thread and used on another (JMH, a test's timeout thread).
 *
 * <p>Counters: only what user space does is visible here, so only {@link Counter#ENTER}
 * (io_uring_enter calls) and {@link Counter#SQE_SUBMITTED} (the SQEs those calls consumed)
 * are counted; locks, CQE fills, task work and the rest happen inside the kernel and stay at
 * zero. The kernel's own counts of the work its tracepoints see are {@link #kernelCounts()}.
 *
 * <p>One application thread at a time, as with liburing. After {@link #close()}, entering,
 * waiting, registering and {@link #sys()} throw {@link IllegalStateException}, and so does any
 * access to the unmapped rings through {@link #sq()} and {@link #cq()}.
 */
final class NativeRing implements Ring {
    /** IORING_OFF_SQ_RING: mmap offset of the SQ ring, and of both rings with IORING_FEAT_SINGLE_MMAP. */
    private static final long IORING_OFF_SQ_RING = 0L;
    /** IORING_OFF_CQ_RING: mmap offset of the CQ ring. */
    private static final long IORING_OFF_CQ_RING = 0x8000000L;
    /** IORING_OFF_SQES: mmap offset of the SQE array. */
    private static final long IORING_OFF_SQES = 0x10000000L;
    /** IORING_ENTER_EXT_ARG: io_uring_enter's argp is a struct io_uring_getevents_arg. */
    private static final int IORING_ENTER_EXT_ARG = 1 << 3;
    /** IORING_REGISTER_EVENTFD: io_uring_register opcode, arg is an int fd, nr_args 1. */
    private static final int IORING_REGISTER_EVENTFD = 4;
    /** IORING_UNREGISTER_EVENTFD: io_uring_register opcode, no argument. */
    private static final int IORING_UNREGISTER_EVENTFD = 5;
    /** IORING_REGISTER_BUFFERS: io_uring_register opcode, arg a struct iovec array, nr_args its length. */
    private static final int IORING_REGISTER_BUFFERS = 0;
    /** IORING_REGISTER_FILES: io_uring_register opcode, arg an __s32 array, nr_args its length. */
    private static final int IORING_REGISTER_FILES = 2;

    private final Arena arena;
    private final MemorySegment errno;
    private final int ringFd;
    private final IoUringParams params;
    private final SubmissionQueue sq;
    private final CompletionQueue cq;
    /** The int fd argument of IORING_REGISTER_EVENTFD. */
    private final MemorySegment eventfdArg;
    /** struct io_uring_getevents_arg and its timespec, for {@link #waitCqes(int, long)}. */
    private final MemorySegment geteventsArg;
    private final NativeSyscalls sys;
    private final Counters counters = new Counters();
    /** The kernel's counts, once asked for (at setup with {@link KernelCounts#PROPERTY}, else at the first {@link #kernelCounts()}). */
    private PerfKernelCounts kernelCounts;
    private boolean closed;

    private NativeRing(Arena arena, MemorySegment errno, int ringFd, MemorySegment p) throws RingUnavailableException {
        this.arena = arena;
        this.errno = errno;
        this.ringFd = ringFd;
        this.params = new IoUringParams(p.get(JAVA_INT, IoUringParamsDescriptor.SQ_ENTRIES),
                p.get(JAVA_INT, IoUringParamsDescriptor.CQ_ENTRIES), p.get(JAVA_INT, IoUringParamsDescriptor.FLAGS),
                p.get(JAVA_INT, IoUringParamsDescriptor.FEATURES));
        RingOffsets off = IoUringParamsDescriptor.ringOffsets(p);
        long sqRingSize = off.sqArray() + (long) Integer.BYTES * params.sqEntries();
        long cqesSize = (long) CqeDescriptor.CQE_SIZE * params.cqEntries();
        long cqRingSize = off.cqCqes() + cqesSize;
        MemorySegment sqRing;
        MemorySegment cqRing;
        if (params.hasFeature(IORING_FEAT_SINGLE_MMAP)) {
            // Both rings live in one region since 5.4: map it once, at the SQ ring's offset.
            sqRing = cqRing = map(arena, errno, ringFd, Math.max(sqRingSize, cqRingSize), IORING_OFF_SQ_RING, "SQ and CQ rings");
        } else {
            sqRing = map(arena, errno, ringFd, sqRingSize, IORING_OFF_SQ_RING, "SQ ring");
            cqRing = map(arena, errno, ringFd, cqRingSize, IORING_OFF_CQ_RING, "CQ ring");
        }
        MemorySegment sqes = map(arena, errno, ringFd, (long) SqeDescriptor.SQE_SIZE * params.sqEntries(),
                IORING_OFF_SQES, "SQE array");
        this.sq = new SubmissionQueue(sqRing, sqes, off);
        this.cq = new CompletionQueue(cqRing, cqRing.asSlice(off.cqCqes(), cqesSize), off);
        this.eventfdArg = arena.allocate(JAVA_INT);
        this.geteventsArg = GeteventsArgDescriptor.allocate(arena);
        this.sys = new NativeSyscalls(arena);
    }

    /**
     * io_uring_setup(2) with {@code config}'s entries, flags and cq_entries, then the mappings.
     * The config must have passed {@link NativeRingConfig#check}.
     *
     * @throws RingUnavailableException when the kernel refuses the ring or a mapping (the errno named)
     */
    static NativeRing setup(RingConfig config) throws RingUnavailableException {
        Arena arena = Arena.ofShared();
        MemorySegment errno = Libc.newErrnoState(arena);
        MemorySegment p = arena.allocate(IoUringParamsDescriptor.LAYOUT);
        p.set(JAVA_INT, IoUringParamsDescriptor.FLAGS, config.flags());
        p.set(JAVA_INT, IoUringParamsDescriptor.CQ_ENTRIES, config.cqEntries());
        int fd = Libc.ioUringSetup(errno, config.entries(), p);
        if (fd < 0) {
            arena.close();
            throw new RingUnavailableException("io_uring_setup(" + config.entries() + ") for " + config + ": "
                    + Errno.name(-fd));
        }
        try {
            NativeRing ring = new NativeRing(arena, errno, fd, p);
            if (KernelCounts.requested()) {
                ring.kernelCounts = PerfKernelCounts.openForThisThread();
            }
            return ring;
        } catch (Throwable t) {
            Libc.close(errno, fd);
            arena.close();
            throw t;
        }
    }

    /** mmap(2) of one region of the ring fd, as a segment of the ring's arena that munmaps it when the arena closes. */
    @SuppressWarnings("restricted") // the size is the kernel's: sq_off.array/cq_off.cqes plus the entries it reported
    private static MemorySegment map(Arena arena, MemorySegment errno, int ringFd, long size, long offset, String what)
            throws RingUnavailableException {
        long addr = Libc.mmapShared(errno, size, ringFd, offset);
        if (addr < 0) {
            throw new RingUnavailableException("mmap of the " + what + " (" + size + " bytes): " + Errno.name((int) -addr));
        }
        return MemorySegment.ofAddress(addr).reinterpret(size, arena, NativeRing::unmap);
    }

    /** The arena's cleanup of a mapping; it runs once the arena is closed, so no access can race it. */
    private static void unmap(MemorySegment mapping) {
        if (Libc.munmap(mapping) != 0) {
            // munmap fails only for a range mmap did not return: a bug here, never a run-time condition.
            throw new AssertionError("munmap of " + mapping + " failed");
        }
    }

    @Override
    public String engine() {
        return NativeRingProvider.NAME;
    }

    @Override
    public IoUringParams params() {
        return params;
    }

    @Override
    public SubmissionQueue sq() {
        return sq;
    }

    @Override
    public CompletionQueue cq() {
        return cq;
    }

    /** io_uring_enter(2) without an argument: no allocation, one downcall. */
    @Override
    public int enter(int toSubmit, int minComplete, int flags) {
        ensureOpen();
        counters.inc(Counter.ENTER);
        int ret = Libc.ioUringEnter(errno, ringFd, toSubmit, minComplete, flags, MemorySegment.NULL, 0L);
        if (ret > 0) {
            counters.add(Counter.SQE_SUBMITTED, ret);
        }
        return ret;
    }

    /**
     * io_uring_wait_cqes with a timeout: returns 0 without entering when {@code waitNr} CQEs
     * are already in the CQ ring (as liburing does), else enters with IORING_ENTER_GETEVENTS |
     * IORING_ENTER_EXT_ARG and a relative {@code struct __kernel_timespec}.
     *
     * <p>Two departures from the bare system call, both so that the result means what
     * {@link Ring#waitCqes(int, long)} promises (0: the {@code waitNr} CQEs are there):
     * <ul>
     *   <li>when the timeout expires with some CQEs in the ring but fewer than {@code waitNr},
     *       the kernel's io_cqring_wait returns 0 (it reports -ETIME only for an empty CQ
     *       ring); this method returns {@code -ETIME};</li>
     *   <li>a signal to the waiting thread (the JVM's own, e.g. JFR's sampler suspending a
     *       thread in native code) ends the kernel's wait with {@code -EINTR}, which is not
     *       restarted; this method waits again for the time left.</li>
     * </ul>
     */
    @Override
    public int waitCqes(int waitNr, long timeoutNanos) {
        ensureOpen();
        if (cq.ready() >= waitNr) {
            return 0;
        }
        long deadline = System.nanoTime() + timeoutNanos;
        long left = timeoutNanos;
        int ret;
        do {
            GeteventsArgDescriptor.setTimeout(geteventsArg, left);
            counters.inc(Counter.ENTER);
            ret = Libc.ioUringEnter(errno, ringFd, 0, waitNr, IORING_ENTER_GETEVENTS | IORING_ENTER_EXT_ARG,
                    geteventsArg, GeteventsArgDescriptor.ARG_SIZE);
            left = deadline - System.nanoTime();
            // An IOPOLL ring's GETEVENTS (io_iopoll_check) does not sleep: it may return before a
            // completion it has not reaped yet, so wait again until the deadline, as liburing's
            // __io_uring_get_cqe loops; an interrupted wait goes on the same way.
        } while ((ret == -Errno.EINTR || (ret >= 0 && cq.ready() < waitNr)) && left > 0);
        if (ret < 0 && ret != -Errno.EINTR) {
            return ret;
        }
        return cq.ready() >= waitNr ? 0 : -Errno.ETIME;
    }

    @Override
    public int registerEventfd(int eventfd) {
        ensureOpen();
        eventfdArg.set(JAVA_INT, 0, eventfd);
        return Libc.ioUringRegister(errno, ringFd, IORING_REGISTER_EVENTFD, eventfdArg, 1);
    }

    /** IORING_REGISTER_FILES with the fds in a native int array (setup, not on a hot path). */
    @Override
    public int registerFiles(int[] fds) {
        ensureOpen();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment arg = a.allocateFrom(JAVA_INT, fds);
            return Libc.ioUringRegister(errno, ringFd, IORING_REGISTER_FILES, arg, fds.length);
        }
    }

    /** IORING_REGISTER_BUFFERS with one struct iovec (base, length) per buffer. */
    @Override
    public int registerBuffers(MemorySegment[] bufs) {
        ensureOpen();
        try (Arena a = Arena.ofConfined()) {
            MemorySegment iov = a.allocate(16L * bufs.length, 8);
            for (int i = 0; i < bufs.length; i++) {
                iov.set(java.lang.foreign.ValueLayout.JAVA_LONG, 16L * i, bufs[i].address());
                iov.set(java.lang.foreign.ValueLayout.JAVA_LONG, 16L * i + 8, bufs[i].byteSize());
            }
            return Libc.ioUringRegister(errno, ringFd, IORING_REGISTER_BUFFERS, iov, bufs.length);
        }
    }

    @Override
    public int unregisterEventfd() {
        ensureOpen();
        return Libc.ioUringRegister(errno, ringFd, IORING_UNREGISTER_EVENTFD, MemorySegment.NULL, 0);
    }

    @Override
    public Syscalls sys() {
        ensureOpen();
        return sys;
    }

    /** Only {@link Counter#ENTER} and {@link Counter#SQE_SUBMITTED}: the kernel's own work is not visible from user space. */
    @Override
    public Counters counters() {
        return counters;
    }

    /**
     * The kernel's tracepoint counts for the thread that first asks (or that set the ring up,
     * with {@link KernelCounts#PROPERTY} on) and the threads it starts afterwards
     * ({@link PerfKernelCounts}).
     */
    @Override
    public KernelCounts kernelCounts() {
        ensureOpen();
        if (kernelCounts == null) {
            kernelCounts = PerfKernelCounts.openForThisThread();
        }
        return kernelCounts;
    }

    /**
     * io_uring_queue_exit, and more: closes every fd {@link #sys()} created and left open,
     * then the ring fd, then the arena, which first makes every segment of this ring
     * inaccessible and then munmaps the rings and the SQE array. The kernel cancels what is
     * still in flight when its last reference (fd or mapping) goes. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (kernelCounts != null) {
            kernelCounts.close();
        }
        sys.closeAll();
        Libc.close(errno, ringFd);
        arena.close();
    }

    /** The ring's file descriptor (for tests that look at /proc/self/fd). */
    int ringFd() {
        return ringFd;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("native io_uring (fd " + ringFd + ") is closed");
        }
    }

    @Override
    public String toString() {
        return "native io_uring fd=" + ringFd + " " + params + (closed ? " (closed)" : "");
    }
}
