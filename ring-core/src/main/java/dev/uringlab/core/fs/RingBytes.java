package dev.uringlab.core.fs;

import java.lang.foreign.MemorySegment;

/**
 * Copies in and out of a circular byte buffer (a stream socket's receive queue), with the wrap at
 * the buffer's end; the caller holds the lock that guards the buffer and keeps its head and count.
 */
final class RingBytes {
    private RingBytes() {}

    /** Copies {@code n} bytes starting at {@code from} in {@code ring} to {@code at} in {@code dst}. */
    static void copyOut(MemorySegment ring, int from, MemorySegment dst, long at, int n) {
        int first = (int) Math.min(n, ring.byteSize() - from);
        MemorySegment.copy(ring, from, dst, at, first);
        if (n > first) {
            MemorySegment.copy(ring, 0, dst, at + first, n - first);
        }
    }

    /** Copies the {@code n} bytes at {@code at} in {@code src} into {@code ring} starting at {@code to}. */
    static void copyIn(MemorySegment src, long at, MemorySegment ring, int to, int n) {
        int first = (int) Math.min(n, ring.byteSize() - to);
        MemorySegment.copy(src, at, ring, to, first);
        if (n > first) {
            MemorySegment.copy(src, at + first, ring, 0, n - first);
        }
    }
}
