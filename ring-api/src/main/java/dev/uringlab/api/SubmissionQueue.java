package dev.uringlab.api;

import static dev.uringlab.api.RingMemory.lpInt;
import static dev.uringlab.api.RingMemory.lvInt;
import static dev.uringlab.api.RingMemory.soInt;
import static dev.uringlab.api.RingMemory.spInt;

import java.lang.foreign.MemorySegment;

/**
 * The application half of the submission queue, as liburing's {@code struct io_uring_sq}:
 * SQEs are handed out from {@code sqeTail} and published to the kernel by one release store
 * of {@code ktail} in {@link #flush()}. The kernel consumes them and publishes {@code khead}.
 * Single-threaded: one application thread owns an SQ, as with liburing.
 */
public final class SubmissionQueue {
    private final MemorySegment ring;
    private final int headOffset;
    private final int tailOffset;
    private final int flagsOffset;
    private final int mask;
    private final int entries;
    private final Sqe[] slots;
    /** liburing's sqe_head: SQEs before it are published to the kernel. */
    private int sqeHead;
    /** liburing's sqe_tail: the next SQE to hand out. */
    private int sqeTail;

    /**
     * @param ring the SQ ring mapping
     * @param sqes the SQE array mapping
     * @param off  the offsets io_uring_setup reported
     */
    public SubmissionQueue(MemorySegment ring, MemorySegment sqes, RingOffsets off) {
        this.ring = ring;
        this.headOffset = off.sqHead();
        this.tailOffset = off.sqTail();
        this.flagsOffset = off.sqFlags();
        this.mask = lpInt(ring, off.sqRingMask());
        this.entries = lpInt(ring, off.sqRingEntries());
        this.slots = new Sqe[entries];
        for (int i = 0; i < entries; i++) {
            slots[i] = new Sqe(sqes, i);
            // liburing maps SQ slot i to SQE i once, at setup.
            spInt(ring, off.sqArray() + 4L * i, i);
        }
        this.sqeHead = this.sqeTail = lpInt(ring, tailOffset);
    }

    /** io_uring_get_sqe: the next free SQE, or {@code null} when all {@code entries} are queued or in flight. */
    public Sqe getSqe() {
        int next = sqeTail + 1;
        // khead is the kernel's: acquire it so a slot it has consumed is free to overwrite.
        if (next - lvInt(ring, headOffset) > entries) {
            return null;
        }
        Sqe sqe = slots[sqeTail & mask];
        sqeTail = next;
        return sqe;
    }

    /**
     * __io_uring_flush_sq: publish every SQE handed out so far with one release store of the
     * tail, and return how many SQEs the kernel has yet to consume.
     */
    public int flush() {
        int tail = sqeTail;
        if (sqeHead != tail) {
            sqeHead = tail;
            soInt(ring, tailOffset, tail);
        }
        return tail - lvInt(ring, headOffset);
    }

    /** SQEs handed out but not yet published by {@link #flush()}. */
    public int unflushed() {
        return sqeTail - sqeHead;
    }

    /** io_uring_sq_space_left. */
    public int spaceLeft() {
        return entries - (sqeTail - lvInt(ring, headOffset));
    }

    /** The kernel's {@code sq_flags} (IORING_SQ_*), load-acquired. */
    public int lvFlags() {
        return lvInt(ring, flagsOffset);
    }

    public int entries() {
        return entries;
    }
}
