package dev.uringlab.core.block;

import dev.uringlab.spi.Cpus;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code struct sbitmap_queue} (lib/sbitmap.c, 5.14) as blk-mq uses it for a hardware queue's
 * tags: words of 64 bits ({@code sbitmap_calculate_shift}), each with its {@code cleared} mask,
 * a per-CPU allocation hint, no round robin. A tag is taken with {@code test_and_set_bit_lock}
 * on its word, scanning from the first bit of the word the hint names; a freed tag is only
 * marked in {@code cleared} ({@code sbitmap_deferred_clear_bit}: {@code set_bit}) and the
 * hint moves to it; a word found full gets its cleared bits back in one {@code xchg} and one
 * {@code atomic_long_andnot} ({@code sbitmap_deferred_clear}) before it is scanned again.
 * Nobody waits for a tag here (BLK_MQ_REQ_NOWAIT: io_uring's first attempt), so the wake-up
 * side finds {@code ws_active} zero.
 *
 * <p>Threads: any; every change to a word is a locked read-modify-write, as the kernel's. The
 * hints are per CPU, plain, like {@code this_cpu_read}/{@code this_cpu_write}.
 */
final class Sbitmap {
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int SHIFT = 6;
    private static final int BITS_PER_WORD = 1 << SHIFT;

    private final int depth;
    private final int mapNr;
    /** map[i].word: bit set = tag in use. */
    private final long[] word;
    /** map[i].cleared: tags freed but not yet given back to {@link #word}. */
    private final long[] cleared;
    /** sb->alloc_hint, per CPU; starts at 0 (the kernel draws it with prandom_u32). */
    private final int[] allocHint = new int[Cpus.NR_CPU_IDS];
    private final Trace trace;

    Sbitmap(int depth, Trace trace) {
        this.depth = depth;
        this.mapNr = (depth + BITS_PER_WORD - 1) / BITS_PER_WORD;
        this.word = new long[mapNr];
        this.cleared = new long[mapNr];
        this.trace = trace;
    }

    private int wordDepth(int index) {
        return Math.min(BITS_PER_WORD, depth - index * BITS_PER_WORD);
    }

    /**
     * __sbitmap_queue_get -> sbitmap_get on CPU {@code cpu}: the hint's word first, then the
     * next ones; -1 when every tag is in use. The hint moves past the tag only when the tag is
     * the hint itself (update_alloc_hint_after_get).
     */
    @OutOfLine("__sbitmap_queue_get")
    int get(int cpu) {
        trace.step(StepKind.CALL, "__sbitmap_queue_get");
        int hint = allocHint[cpu];
        if (hint >= depth) {
            hint = 0;
        }
        int nr = -1;
        int index = hint >>> SHIFT;
        for (int i = 0; i < mapNr; i++) {
            nr = findBitInIndex(index);
            if (nr != -1) {
                nr += index << SHIFT;
                break;
            }
            if (++index >= mapNr) {
                index = 0;
            }
        }
        if (nr == -1) {
            allocHint[cpu] = 0;
        } else if (nr == hint) {
            int next = nr + 1;
            allocHint[cpu] = next >= depth - 1 ? 0 : next;
        }
        return nr;
    }

    /** sbitmap_find_bit_in_index: the word from bit 0; a full word takes its deferred clears back and is tried again. */
    private int findBitInIndex(int index) {
        while (true) {
            int nr = getWord(index);
            if (nr != -1 || !deferredClear(index)) {
                return nr;
            }
        }
    }

    /** __sbitmap_get_word from bit 0: find_next_zero_bit, then test_and_set_bit_lock, again if another CPU took it. */
    private int getWord(int index) {
        int wdepth = wordDepth(index);
        int hint = 0;
        while (true) {
            int nr = findNextZeroBit(index, wdepth, hint);
            if (nr >= wdepth) {
                return -1;
            }
            trace.step(StepKind.LOCKED, "test_and_set_bit_lock(sbitmap word)");
            long bit = 1L << nr;
            if (((long) WORDS.getAndBitwiseOr(word, index, bit) & bit) == 0) {
                return nr;
            }
            hint = nr + 1;
            if (hint >= wdepth - 1) {
                hint = 0;
            }
        }
    }

    /** find_next_zero_bit -> _find_next_bit (lib/find_bit.c): the first clear bit of word {@code index} from {@code hint}, or {@code size}. */
    @OutOfLine("_find_next_bit")
    private int findNextZeroBit(int index, int size, int hint) {
        trace.step(StepKind.CALL, "_find_next_bit");
        long free = ~(long) WORDS.getVolatile(word, index) >>> hint << hint;
        if (size < BITS_PER_WORD) {
            free &= (1L << size) - 1;
        }
        return free == 0 ? size : Long.numberOfTrailingZeros(free);
    }

    /** sbitmap_deferred_clear: xchg the cleared mask to 0, and-not it out of the word; false when nothing was cleared. */
    private boolean deferredClear(int index) {
        if ((long) WORDS.getVolatile(cleared, index) == 0) {
            return false;
        }
        trace.step(StepKind.LOCKED, "xchg(sbitmap cleared)");
        long mask = (long) WORDS.getAndSet(cleared, index, 0L);
        trace.step(StepKind.LOCKED, "atomic_long_andnot(sbitmap word)");
        WORDS.getAndBitwiseAnd(word, index, ~mask);
        return true;
    }

    /**
     * sbitmap_queue_clear: set the tag's bit in its word's {@code cleared} mask (set_bit, a
     * locked RMW that orders the request's stores before the tag is reused), wake nobody
     * (no waiter: {@code ws_active} is 0), and point CPU {@code cpu}'s hint at the tag.
     */
    @OutOfLine("sbitmap_queue_clear")
    void clear(int nr, int cpu) {
        trace.step(StepKind.CALL, "sbitmap_queue_clear");
        trace.step(StepKind.LOCKED, "set_bit(sbitmap cleared)");
        WORDS.getAndBitwiseOr(cleared, nr >>> SHIFT, 1L << (nr & (BITS_PER_WORD - 1)));
        if (nr < depth) {
            allocHint[cpu] = nr;
        }
    }
}
