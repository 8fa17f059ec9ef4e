package dev.uringlab.api;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The ordered accesses to the shared ring indexes ({@code head}, {@code tail}, {@code flags}
 * of {@code struct io_rings}) that both sides use: the application half in this package and
 * the kernel half of each engine. The names follow the glossary of this package:
 * {@code lv} = smp_load_acquire, {@code so} = smp_store_release, {@code lp}/{@code sp} = plain.
 */
public final class RingMemory {
    private RingMemory() {}

    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    /** smp_load_acquire of a u32 ring word: later loads see what was written before the matching release store. */
    public static int lvInt(MemorySegment ring, long offset) {
        return (int) INT.getAcquire(ring, offset);
    }

    /** smp_store_release of a u32 ring word: earlier stores (CQEs, SQEs) are visible before it. */
    public static void soInt(MemorySegment ring, long offset, int value) {
        INT.setRelease(ring, offset, value);
    }

    /** READ_ONCE-free plain load: only for a word the caller's side alone writes. */
    public static int lpInt(MemorySegment ring, long offset) {
        return ring.get(ValueLayout.JAVA_INT, offset);
    }

    /** Plain store: only for a word no other side reads concurrently, or published by a later release. */
    public static void spInt(MemorySegment ring, long offset, int value) {
        ring.set(ValueLayout.JAVA_INT, offset, value);
    }

    /** Atomic OR on a u32 ring word (the kernel's atomic_or on {@code sq_flags}). */
    public static void orInt(MemorySegment ring, long offset, int bits) {
        INT.getAndBitwiseOr(ring, offset, bits);
    }

    /** Atomic AND-NOT on a u32 ring word (the kernel's atomic_andnot on {@code sq_flags}). */
    public static void andNotInt(MemorySegment ring, long offset, int bits) {
        INT.getAndBitwiseAnd(ring, offset, ~bits);
    }
}
