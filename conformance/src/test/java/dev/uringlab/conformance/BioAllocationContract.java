package dev.uringlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.StrategyProvider;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract of the {@code bio-alloc} axis ({@link BioAllocation}), run for every registered
 * implementation against a {@link CountingSlab} that fails at the call on a double free. What
 * every implementation must do, for polled ({@code allocCache}) and interrupt-driven IO alike:
 * <ul>
 *   <li>hand out bios from the bio_set's slab with room for the vecs asked for (up to
 *       BIO_INLINE_VECS), never one that is still live;</li>
 *   <li>balance: repeated alloc/put cycles leave the slab where the first cycle left it (a cache
 *       may hold bios, but no cycle leaks one);</li>
 *   <li>take back bios put on another thread (the IRQ completion path).</li>
 * </ul>
 * <p>and, for the caches: never hold more than {@link BioAllocation#cacheLimit()} on a CPU, and
 * give a CPU's bios back when it dies (bio_cpu_dead). {@code BioCacheRulesTest} checks each
 * cache's own numbers (pruning, threshold, maximum).
 * By design they differ in where a put bio goes: baseline frees every bio to the slab;
 * {@code percpu-cache} keeps polled-IO bios in a per-CPU list, so the slab sees fewer calls.
 */
class BioAllocationContract {
    private static final long SEED = Long.getLong("uringlab.seed", System.nanoTime());
    private static final boolean[] CACHE_HINTS = {false, true};

    static Stream<Named<StrategyProvider<BioAllocation>>> providers() {
        return Providers.of(Axis.BIO_ALLOC);
    }

    private static Set<Bio> identitySet() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldHandOutDistinctSlabBiosWithRoomForTheVecs(StrategyProvider<BioAllocation> p) {
        for (boolean cache : CACHE_HINTS) {
            FakeStrategyContext ctx = new FakeStrategyContext();
            BioAllocation a = p.create(ctx);
            Set<Bio> live = identitySet();
            for (int i = 0; i < 64; i++) {
                int vecs = 1 + i % FakeStrategyContext.BIO_INLINE_VECS;
                Bio bio = a.bioAlloc(0, vecs, cache);
                assertThat(ctx.bioSlabCounting().made(bio)).as("bio %d (allocCache=%s) from the slab", i, cache).isTrue();
                assertThat(bio.maxVecs()).as("room for %d vecs", vecs).isGreaterThanOrEqualTo(vecs);
                assertThat(live.add(bio)).as("bio %d (allocCache=%s) not already live", i, cache).isTrue();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldNeverHandOutALiveBioAcrossPuts(StrategyProvider<BioAllocation> p) {
        FakeStrategyContext ctx = new FakeStrategyContext();
        BioAllocation a = p.create(ctx);
        Random rnd = new Random(SEED);
        List<Bio> live = new ArrayList<>();
        Set<Bio> liveSet = identitySet();
        for (int op = 0; op < 5000; op++) {
            if (live.isEmpty() || rnd.nextBoolean()) {
                Bio bio = a.bioAlloc(0, 1 + rnd.nextInt(FakeStrategyContext.BIO_INLINE_VECS), rnd.nextBoolean());
                assertThat(liveSet.add(bio)).as("seed %d, op %d: a live bio handed out again", SEED, op).isTrue();
                live.add(bio);
            } else {
                Bio bio = live.remove(rnd.nextInt(live.size()));
                liveSet.remove(bio);
                a.bioPut(bio, 0, BioAllocation.PutContext.POLLED);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldBalanceAllocAndPutCycles(StrategyProvider<BioAllocation> p) {
        for (boolean cache : CACHE_HINTS) {
            FakeStrategyContext ctx = new FakeStrategyContext();
            BioAllocation a = p.create(ctx);
            int afterFirst = -1;
            for (int cycle = 0; cycle < 50; cycle++) {
                List<Bio> bios = new ArrayList<>();
                for (int i = 0; i < 32; i++) {
                    bios.add(a.bioAlloc(0, 1, cache));
                }
                bios.forEach(b -> a.bioPut(b, 0, BioAllocation.PutContext.POLLED));
                int held = ctx.bioSlabCounting().outstanding();
                if (afterFirst < 0) {
                    afterFirst = held;
                    assertThat(held).as("bios held after one cycle of 32 (allocCache=%s)", cache).isLessThanOrEqualTo(32);
                }
                assertThat(held).as("bios out of the slab after cycle %d (allocCache=%s)", cycle, cache).isEqualTo(afterFirst);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldTakeBackBiosPutOnAnotherThread(StrategyProvider<BioAllocation> p) throws Exception {
        FakeStrategyContext ctx = new FakeStrategyContext();
        BioAllocation a = p.create(ctx);
        List<Bio> bios = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            bios.add(a.bioAlloc(0, 1, false));
        }
        Thread irq = new Thread(() -> bios.forEach(b -> a.bioPut(b, 1, BioAllocation.PutContext.IRQ)), "irq");
        irq.start();
        irq.join();
        Set<Bio> live = identitySet();
        for (int i = 0; i < 64; i++) {
            assertThat(live.add(a.bioAlloc(0, 1, false))).as("bio %d after the IRQ-side puts", i).isTrue();
        }
        assertThat(ctx.bioSlabCounting().frees()).as("bios the slab got back")
                .isLessThanOrEqualTo(ctx.bioSlabCounting().allocs());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void shouldNeverCacheMoreThanItsLimitAndGiveAllBackWhenACpuDies(StrategyProvider<BioAllocation> p) {
        FakeStrategyContext ctx = new FakeStrategyContext();
        BioAllocation a = p.create(ctx);
        Random rnd = new Random(SEED);
        List<List<Bio>> live = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        BioAllocation.PutContext[] contexts = BioAllocation.PutContext.values();
        for (int op = 0; op < 20000; op++) {
            int cpu = rnd.nextInt(3);
            List<Bio> mine = live.get(cpu);
            if (mine.isEmpty() || rnd.nextInt(100) < 55) {
                mine.add(a.bioAlloc(cpu, 1, rnd.nextInt(10) > 0));
            } else {
                a.bioPut(mine.remove(rnd.nextInt(mine.size())), cpu, contexts[rnd.nextInt(contexts.length)]);
            }
            assertThat(a.cached(cpu)).as("seed %d, op %d: CPU %d's cache", SEED, op, cpu)
                    .isBetween(0, a.cacheLimit());
        }
        int held = 0;
        for (int cpu = 0; cpu < 3; cpu++) {
            for (Bio b : live.get(cpu)) {
                a.bioPut(b, cpu, BioAllocation.PutContext.POLLED);
            }
            held += a.cached(cpu);
        }
        assertThat(ctx.bioSlabCounting().outstanding()).as("seed %d: bios out of the slab are the cached ones", SEED)
                .isEqualTo(held);
        for (int cpu = 0; cpu < 3; cpu++) {
            a.bioCpuDead(cpu);
            assertThat(a.cached(cpu)).as("CPU %d after bio_cpu_dead", cpu).isZero();
        }
        assertThat(ctx.bioSlabCounting().outstanding()).as("seed %d: everything back after every CPU died", SEED).isZero();
    }
}
