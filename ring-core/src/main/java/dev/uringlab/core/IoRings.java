package dev.uringlab.core;

import static dev.uringlab.api.CqeDescriptor.CQE_SIZE;
import static dev.uringlab.api.SqeDescriptor.SQE_SIZE;

import dev.uringlab.api.RingMemory;
import dev.uringlab.api.RingOffsets;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code struct io_rings} and the SQE array in native memory, laid out as the kernel lays
 * them out (io_uring/io_uring.h, rings_size), and the kernel side's accesses to them.
 * <pre>
 *   0    sq.head            (kernel writes)        -- each index on its own 64-byte line
 *   64   sq.tail            (application writes)
 *   128  cq.head            (application writes)
 *   192  cq.tail            (kernel writes)
 *   256  sq_ring_mask, 260 cq_ring_mask, 264 sq_ring_entries, 268 cq_ring_entries
 *   272  sq_dropped, 276 sq_flags, 280 cq_flags, 284 cq_overflow
 *   320  cqes[cq_entries]   (16 bytes each, cache-line aligned)
 *   ALIGN(320 + 16 * cq_entries, 64): the SQ array, u32[sq_entries]
 *   separate mapping: sqes[sq_entries] (64 bytes each)
 * </pre>
 * Who writes what is as in the kernel: the application owns sq.tail, cq.head and the SQ
 * array; the kernel owns sq.head, cq.tail, sq_flags, sq_dropped, cq_overflow and the CQEs.
 * The mapping is made by a shared {@link Arena}, so any thread the application uses can
 * touch it, and is freed on {@link #close()}.
 */
final class IoRings {
    static final int SQ_HEAD = 0;
    static final int SQ_TAIL = 64;
    static final int CQ_HEAD = 128;
    static final int CQ_TAIL = 192;
    static final int SQ_RING_MASK = 256;
    static final int CQ_RING_MASK = 260;
    static final int SQ_RING_ENTRIES = 264;
    static final int CQ_RING_ENTRIES = 268;
    static final int SQ_DROPPED = 272;
    static final int SQ_FLAGS = 276;
    static final int CQ_FLAGS = 280;
    static final int CQ_OVERFLOW = 284;
    static final int CQES = 320;
    private static final int SMP_CACHE_BYTES = 64;

    private final Arena arena;
    /** The SQ and CQ rings: one mapping, as with IORING_FEAT_SINGLE_MMAP. */
    final MemorySegment ring;
    /** The SQE array. */
    final MemorySegment sqes;
    final RingOffsets offsets;
    /** offsets.sqArray(), kept in a field for the submission loop. */
    private final int sqArray;

    IoRings(int sqEntries, int cqEntries) {
        int sqArray = align(CQES + CQE_SIZE * cqEntries);
        this.arena = Arena.ofShared();
        this.ring = arena.allocate(sqArray + 4L * sqEntries, 4096);
        this.sqes = arena.allocate((long) SQE_SIZE * sqEntries, 4096);
        RingMemory.spInt(ring, SQ_RING_MASK, sqEntries - 1);
        RingMemory.spInt(ring, CQ_RING_MASK, cqEntries - 1);
        RingMemory.spInt(ring, SQ_RING_ENTRIES, sqEntries);
        RingMemory.spInt(ring, CQ_RING_ENTRIES, cqEntries);
        this.sqArray = sqArray;
        this.offsets = new RingOffsets(SQ_HEAD, SQ_TAIL, SQ_RING_MASK, SQ_RING_ENTRIES, SQ_FLAGS, SQ_DROPPED, sqArray,
                CQ_HEAD, CQ_TAIL, CQ_RING_MASK, CQ_RING_ENTRIES, CQ_OVERFLOW, CQES, CQ_FLAGS);
    }

    private static int align(int off) {
        return (off + SMP_CACHE_BYTES - 1) & -SMP_CACHE_BYTES;
    }

    /** The SQ array slot {@code index}: plain, ordered after the acquire of the SQ tail that covers it. */
    int lpSqArray(int index) {
        return ring.get(ValueLayout.JAVA_INT, sqArray + 4L * index);
    }

    /** READ_ONCE(sq_dropped)++ : only the kernel side writes it. */
    void incSqDropped() {
        RingMemory.spInt(ring, SQ_DROPPED, RingMemory.lpInt(ring, SQ_DROPPED) + 1);
    }

    void close() {
        arena.close();
    }
}
