package dev.uringlab.api;

import static dev.uringlab.api.CqeDescriptor.*;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;

/**
 * One slot of the CQE array, a read-only flyweight over its 16 bytes ({@link CqeDescriptor}).
 * Loads are plain: they are ordered after the load-acquire of the CQ tail that made the slot
 * visible ({@link CompletionQueue#lvTail()}), and before the release store of the head that
 * gives the slot back ({@link CompletionQueue#advance(int)}). Read it before advancing.
 */
public final class Cqe {
    private final MemorySegment cqes;
    private final long base;

    /** The CQE at {@code index} of the CQE array {@code cqes}. */
    public Cqe(MemorySegment cqes, int index) {
        this.cqes = cqes;
        this.base = (long) index * CQE_SIZE;
    }

    public long userData() { return cqes.get(JAVA_LONG, base + USER_DATA_OFFSET); }
    public int res() { return cqes.get(JAVA_INT, base + RES_OFFSET); }
    public int flags() { return cqes.get(JAVA_INT, base + FLAGS_OFFSET); }

    /** The scenario-output line of this CQE: {@code cqe ud=U res=R flags=F} (docs/scenario-format.md). */
    @Override
    public String toString() {
        return "cqe ud=" + Long.toUnsignedString(userData()) + " res=" + res() + " flags=" + CqeFlags.describe(flags());
    }
}
