package dev.uringlab.core.fs;

import java.lang.foreign.MemorySegment;

/**
 * Copies in and out of a circular byte buffer (a stream socket's receive queue), with the wrap at
 * the buffer's end; the caller holds the lock that guards the buffer and keeps its head and count.
 */
final class RingBytes {
    private RingBytes() {}

    /** Copies {@code n} bytes starting at {@code from} in {@code ring} to the start of {@code dst}. */
    static void copyOut(MemorySegment ring, int from, MemorySegment dst, int n) {
        int first = (int) Math.min(n, ring.byteSize() - from);
        MemorySegment.copy(ring, from, dst, 0, first);
        if (n > first) {
            MemorySegment.copy(ring, 0, dst, first, n - first);
        }
    }

    /** Copies the first {@code n} bytes of {@code src} into {@code ring} starting at {@code to}. */
    static void copyIn(MemorySegment src, MemorySegment ring, int to, int n) {
        int first = (int) Math.min(n, ring.byteSize() - to);
        MemorySegment.copy(src, 0, ring, to, first);
        if (n > first) {
            MemorySegment.copy(src, first, ring, 0, n - first);
        }
    }
}
