package dev.uringlab.core.mm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TraceEvent;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** SLUB's per-CPU freelist: LIFO reuse, pages of real objects, the slow paths, and no allocation on the fast path. */
class SlabCacheTest {

    static final class Obj extends SlabObject {
    }

    private final Counters counters = new Counters();

    private SlabCache<Obj> slab(Trace trace) {
        return new SlabCache<>("test", 256, Obj::new, counters, trace, Counter.BIO_SLAB_ALLOC, Counter.BIO_SLAB_FREE);
    }

    @Test
    void shouldHoldThirtyTwoObjectsOfTwoHundredFiftySixBytesPerSlabAsCalculateOrderGivesForSixtyFourCpus() {
        assertThat(SlabCache.calculateOrder(256, 64)).isEqualTo(1);
        assertThat(slab(Trace.OFF).objectsPerPage()).isEqualTo(32);
        assertThat(SlabCache.calculateOrder(64, 1)).isZero(); // 8 objects wanted, a 4 KiB page holds 64
    }

    @Test
    void shouldHandOutTheObjectFreedLastFirst() {
        SlabCache<Obj> s = slab(Trace.OFF);
        Obj a = s.kmemCacheAlloc(0);
        Obj b = s.kmemCacheAlloc(0);
        s.kmemCacheFree(a, 0);
        s.kmemCacheFree(b, 0);
        assertThat(s.kmemCacheAlloc(0)).isSameAs(b);
        assertThat(s.kmemCacheAlloc(0)).isSameAs(a);
        assertThat(counters.get(Counter.BIO_SLAB_ALLOC)).isEqualTo(4);
        assertThat(counters.get(Counter.BIO_SLAB_FREE)).isEqualTo(2);
    }

    @Test
    void shouldMakeObjectsOnlyWhenEveryPageIsInUse() {
        SlabCache<Obj> s = slab(Trace.OFF);
        Set<Obj> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Obj> held = new ArrayList<>();
        for (int round = 0; round < 10; round++) {
            for (int i = 0; i < 40; i++) {
                held.add(s.kmemCacheAlloc(0));
            }
            seen.addAll(held);
            held.forEach(o -> s.kmemCacheFree(o, 0));
            held.clear();
        }
        assertThat(seen).as("40 objects in use at most: two pages of 32").hasSize(64);
    }

    @Test
    void shouldTakeOnlyTheFastPathsWhileTheFreelistServes() {
        List<String> steps = new ArrayList<>();
        SlabCache<Obj> s = slab(Trace.COMPILED ? Trace.to(e -> steps.add(e.typedStep())) : Trace.OFF);
        cycle(s, 1);
        steps.clear();
        cycle(s, 2);
        assertThat(steps).hasSize(128).containsOnly("slab-alloc kmem_cache_alloc(test)", "slab-free kmem_cache_free(test)");
    }

    @Test
    void shouldAllocateNoBytesOnTheFastPaths() {
        SlabCache<Obj> s = slab(Trace.OFF);
        cycle(s, 1);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().threadId();
        long before = mx.getThreadAllocatedBytes(tid);
        cycle(s, 10_000);
        long allocated = mx.getThreadAllocatedBytes(tid) - before;
        assertThat(allocated).as("bytes allocated by 320,000 fast-path allocations and frees").isLessThan(4096);
    }

    private static final Obj[] HELD = new Obj[32];

    /** {@code rounds} times: a page's worth allocated, then freed in reverse. */
    private static void cycle(SlabCache<Obj> s, int rounds) {
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < 32; i++) {
                HELD[i] = s.kmemCacheAlloc(0);
            }
            for (int i = 31; i >= 0; i--) {
                s.kmemCacheFree(HELD[i], 0);
            }
        }
    }

    @Test
    void shouldFreeAnObjectOfAnotherPageThroughSlabFreeAndReuseItsPageFromThePartialList() {
        List<String> steps = new ArrayList<>();
        SlabCache<Obj> s = slab(Trace.COMPILED ? Trace.to(e -> steps.add(typed(e))) : Trace.OFF);
        List<Obj> first = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            first.add(s.kmemCacheAlloc(0)); // the whole first page
        }
        Obj fromSecond = s.kmemCacheAlloc(0); // the slow path makes a second page
        s.kmemCacheFree(first.get(5), 0); // not this CPU's page any more: __slab_free, then this CPU's partial list
        for (int i = 0; i < 31; i++) {
            s.kmemCacheAlloc(0); // the rest of the second page
        }
        Obj again = s.kmemCacheAlloc(0); // the freelist is empty again: the partial page comes back
        assertThat(again).isSameAs(first.get(5));
        assertThat(fromSecond).isNotIn(first);
        if (Trace.COMPILED) {
            assertThat(steps).contains("call __slab_free", "locked cmpxchg_double_slab(__slab_free)", "call __slab_alloc",
                    "irq local_irq_save(__slab_alloc)", "call allocate_slab");
        }
    }

    @Test
    void shouldKeepEveryObjectUniqueWhenAnotherThreadFreesOnTheSameCpu() throws Exception {
        SlabCache<Obj> s = slab(Trace.OFF);
        ConcurrentLinkedQueue<Obj> toFree = new ConcurrentLinkedQueue<>();
        int n = 200_000;
        CountDownLatch done = new CountDownLatch(1);
        Thread irq = Thread.ofPlatform().start(() -> {
            int freed = 0;
            while (freed < n) {
                Obj o = toFree.poll();
                if (o == null) {
                    Thread.onSpinWait();
                    continue;
                }
                s.kmemCacheFree(o, 0); // the device's interrupt, played on CPU 0
                freed++;
            }
            done.countDown();
        });
        Set<Obj> live = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Obj> mine = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Obj o = s.kmemCacheAlloc(0);
            synchronized (live) {
                assertThat(live.add(o)).as("object handed out twice").isTrue();
            }
            mine.add(o);
            if (mine.size() == 64) {
                for (Obj x : mine) {
                    synchronized (live) {
                        live.remove(x);
                    }
                    toFree.add(x);
                }
                mine.clear();
            }
        }
        for (Obj x : mine) {
            synchronized (live) {
                live.remove(x);
            }
            toFree.add(x);
        }
        done.await();
        irq.join();
        assertThat(counters.get(Counter.BIO_SLAB_FREE)).isEqualTo(n);
    }

    private static String typed(TraceEvent e) {
        return e.typedStep();
    }
}
