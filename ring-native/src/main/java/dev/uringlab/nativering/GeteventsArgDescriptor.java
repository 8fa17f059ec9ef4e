package dev.uringlab.nativering;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;

/**
 * The argument of io_uring_enter(2) with IORING_ENTER_EXT_ARG: {@code struct
 * io_uring_getevents_arg} (include/uapi/linux/io_uring.h) followed, in the same allocation,
 * by the {@code struct __kernel_timespec} its {@code ts} field points to:
 * <pre>
 *   0                          8              12               16                         24
 *   +--------------------------+--------------+----------------+--------------------------+
 *   |         sigmask          |  sigmask_sz  | min_wait_usec  |            ts ----------+-+
 *   +--------------------------+--------------+----------------+--------------------------+ |
 *   |         tv_sec           |         tv_nsec               |  <-----------------------+
 *   +--------------------------+-------------------------------+ 40
 * </pre>
 * {@code min_wait_usec} was {@code pad} before 6.12; both must be zero here. A ring allocates
 * one of these at setup and, per wait, stores only the two timespec words.
 */
final class GeteventsArgDescriptor {
    private GeteventsArgDescriptor() {}

    /** struct io_uring_getevents_arg. */
    private static final StructLayout GETEVENTS_ARG = MemoryLayout.structLayout(
            JAVA_LONG.withName("sigmask"), JAVA_INT.withName("sigmask_sz"), JAVA_INT.withName("min_wait_usec"),
            JAVA_LONG.withName("ts"));

    /** struct __kernel_timespec. */
    private static final StructLayout KERNEL_TIMESPEC = MemoryLayout.structLayout(
            JAVA_LONG.withName("tv_sec"), JAVA_LONG.withName("tv_nsec"));

    /** Both, back to back. */
    private static final StructLayout LAYOUT = MemoryLayout.structLayout(
            GETEVENTS_ARG.withName("arg"), KERNEL_TIMESPEC.withName("timespec"));

    /** sizeof(struct io_uring_getevents_arg): io_uring_enter's {@code argsz}. */
    static final long ARG_SIZE = GETEVENTS_ARG.byteSize();
    /** _NSIG / 8: the sigmask size liburing passes (ignored while sigmask is NULL). */
    private static final int SIGMASK_SIZE = 64 / 8;

    private static final long SIGMASK_SZ = LAYOUT.byteOffset(groupElement("arg"), groupElement("sigmask_sz"));
    private static final long TS = LAYOUT.byteOffset(groupElement("arg"), groupElement("ts"));
    private static final long TV_SEC = LAYOUT.byteOffset(groupElement("timespec"), groupElement("tv_sec"));
    private static final long TV_NSEC = LAYOUT.byteOffset(groupElement("timespec"), groupElement("tv_nsec"));

    /**
     * A zeroed argument with no sigmask, its {@code ts} pointing at its own timespec; the
     * caller sets the timeout with {@link #setTimeout} before each enter.
     */
    static MemorySegment allocate(Arena arena) {
        MemorySegment arg = arena.allocate(LAYOUT);
        arg.set(JAVA_INT, SIGMASK_SZ, SIGMASK_SIZE);
        arg.set(JAVA_LONG, TS, arg.address() + TV_SEC);
        return arg;
    }

    /** Stores a relative timeout of {@code nanos} (negative counts as 0) into the timespec. */
    static void setTimeout(MemorySegment arg, long nanos) {
        long n = Math.max(0, nanos);
        arg.set(JAVA_LONG, TV_SEC, n / 1_000_000_000L);
        arg.set(JAVA_LONG, TV_NSEC, n % 1_000_000_000L);
    }
}
