package dev.uringlab.nativering;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import dev.uringlab.api.RingOffsets;

/**
 * Layout of {@code struct io_uring_params} (include/uapi/linux/io_uring.h), 120 bytes, which
 * io_uring_setup(2) reads ({@code flags}, {@code cq_entries}) and writes back (sizes,
 * {@code features}, and where each ring word lives in the mappings):
 * <pre>
 *   0            4            8            12             16              20           24
 *   +------------+------------+------------+--------------+---------------+------------+
 *   | sq_entries | cq_entries |   flags    | sq_thread_cpu| sq_thread_idle|  features  |
 *   +------------+------------+------------+--------------+---------------+------------+ 24
 *   |   wq_fd    |              resv[3]                   |
 *   +------------+----------------------------------------+ 40
 *   | sq_off: struct io_sqring_offsets (40 bytes)                                        |
 *   |   head tail ring_mask ring_entries flags dropped array resv1 (u32 each) user_addr  |
 *   +------------------------------------------------------------------------------------+ 80
 *   | cq_off: struct io_cqring_offsets (40 bytes)                                        |
 *   |   head tail ring_mask ring_entries overflow cqes flags resv1 (u32 each) user_addr  |
 *   +------------------------------------------------------------------------------------+ 120
 * </pre>
 * The offsets below are computed from the layout, so a mistake in it fails the size check at
 * class initialisation rather than reading the wrong word.
 */
final class IoUringParamsDescriptor {
    private IoUringParamsDescriptor() {}

    /** struct io_sqring_offsets. */
    private static final StructLayout SQRING_OFFSETS = MemoryLayout.structLayout(
            JAVA_INT.withName("head"), JAVA_INT.withName("tail"), JAVA_INT.withName("ring_mask"),
            JAVA_INT.withName("ring_entries"), JAVA_INT.withName("flags"), JAVA_INT.withName("dropped"),
            JAVA_INT.withName("array"), JAVA_INT.withName("resv1"), JAVA_LONG.withName("user_addr"));

    /** struct io_cqring_offsets. */
    private static final StructLayout CQRING_OFFSETS = MemoryLayout.structLayout(
            JAVA_INT.withName("head"), JAVA_INT.withName("tail"), JAVA_INT.withName("ring_mask"),
            JAVA_INT.withName("ring_entries"), JAVA_INT.withName("overflow"), JAVA_INT.withName("cqes"),
            JAVA_INT.withName("flags"), JAVA_INT.withName("resv1"), JAVA_LONG.withName("user_addr"));

    /** struct io_uring_params. */
    static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_INT.withName("sq_entries"), JAVA_INT.withName("cq_entries"), JAVA_INT.withName("flags"),
            JAVA_INT.withName("sq_thread_cpu"), JAVA_INT.withName("sq_thread_idle"), JAVA_INT.withName("features"),
            JAVA_INT.withName("wq_fd"), MemoryLayout.sequenceLayout(3, JAVA_INT).withName("resv"),
            SQRING_OFFSETS.withName("sq_off"), CQRING_OFFSETS.withName("cq_off"));

    static {
        if (LAYOUT.byteSize() != 120) {
            throw new AssertionError("sizeof(struct io_uring_params) is 120, the layout says " + LAYOUT.byteSize());
        }
    }

    /** __u32 sq_entries: in, the SQ size asked for (the syscall's argument wins); out, the size chosen. */
    static final long SQ_ENTRIES = offset("sq_entries");
    /** __u32 cq_entries: in, with IORING_SETUP_CQSIZE, the CQ size asked for; out, the size chosen. */
    static final long CQ_ENTRIES = offset("cq_entries");
    /** __u32 flags: IORING_SETUP_*. */
    static final long FLAGS = offset("flags");
    /** __u32 features: IORING_FEAT_*, written by the kernel. */
    static final long FEATURES = offset("features");

    /** Where, in the mappings, io_uring_setup put each shared ring word. */
    static RingOffsets ringOffsets(MemorySegment params) {
        return new RingOffsets(
                sq(params, "head"), sq(params, "tail"), sq(params, "ring_mask"), sq(params, "ring_entries"),
                sq(params, "flags"), sq(params, "dropped"), sq(params, "array"),
                cq(params, "head"), cq(params, "tail"), cq(params, "ring_mask"), cq(params, "ring_entries"),
                cq(params, "overflow"), cq(params, "cqes"), cq(params, "flags"));
    }

    private static long offset(String field) {
        return LAYOUT.byteOffset(groupElement(field));
    }

    private static int sq(MemorySegment params, String field) {
        return params.get(JAVA_INT, LAYOUT.byteOffset(groupElement("sq_off"), groupElement(field)));
    }

    private static int cq(MemorySegment params, String field) {
        return params.get(JAVA_INT, LAYOUT.byteOffset(groupElement("cq_off"), groupElement(field)));
    }
}
