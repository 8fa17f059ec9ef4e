package dev.uringlab.api;

import static dev.uringlab.api.RingMemory.lpInt;
import static dev.uringlab.api.RingMemory.lvInt;
import static dev.uringlab.api.RingMemory.soInt;

import java.lang.foreign.MemorySegment;

/**
 * The application half of the completion queue, as liburing's {@code struct io_uring_cq}.
 * The kernel writes CQEs, then release-stores {@code ktail}; this side load-acquires the
 * tail ({@link #lvTail()}), reads the CQEs, then release-stores {@code khead}
 * ({@link #advance(int)}), which tells the kernel the slots are free again.
 * Single-threaded: one application thread reaps a CQ.
 */
public final class CompletionQueue {
    private final MemorySegment ring;
    private final int headOffset;
    private final int tailOffset;
    private final int overflowOffset;
    private final int mask;
    private final int entries;
    private final Cqe[] slots;
    /** Our own copy of khead: only this side writes it, so a plain field is exact. */
    private int head;

    public CompletionQueue(MemorySegment ring, MemorySegment cqes, RingOffsets off) {
        this.ring = ring;
        this.headOffset = off.cqHead();
        this.tailOffset = off.cqTail();
        this.overflowOffset = off.cqOverflow();
        this.mask = lpInt(ring, off.cqRingMask());
        this.entries = lpInt(ring, off.cqRingEntries());
        this.slots = new Cqe[entries];
        for (int i = 0; i < entries; i++) {
            slots[i] = new Cqe(cqes, i);
        }
        this.head = lpInt(ring, headOffset);
    }

    /** The kernel's tail, load-acquired: every CQE before it is fully written. */
    public int lvTail() {
        return lvInt(ring, tailOffset);
    }

    /** io_uring_cq_ready: CQEs posted and not yet advanced over. */
    public int ready() {
        return lvTail() - head;
    }

    /** io_uring_peek_cqe without entering: the CQE at the head, or {@code null} when none is ready. */
    public Cqe peek() {
        return lvTail() != head ? slots[head & mask] : null;
    }

    /**
     * io_uring_for_each_cqe: hands every ready CQE to {@code handler} in order, without
     * advancing; returns how many it saw.
     */
    public int forEach(CqeHandler handler) {
        int tail = lvTail();
        int n = tail - head;
        for (int h = head; h != tail; h++) {
            Cqe cqe = slots[h & mask];
            handler.accept(cqe.userData(), cqe.res(), cqe.flags());
        }
        return n;
    }

    /** io_uring_cq_advance: give {@code n} slots back to the kernel with one release store. */
    public void advance(int n) {
        head += n;
        soInt(ring, headOffset, head);
    }

    /** {@code cq_ring->overflow}: CQEs the kernel dropped because it could not even queue them. */
    public int lvOverflow() {
        return lvInt(ring, overflowOffset);
    }

    public int entries() {
        return entries;
    }
}
