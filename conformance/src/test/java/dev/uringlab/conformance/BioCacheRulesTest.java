package dev.uringlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.BioAllocation;
import dev.uringlab.spi.BioAllocation.PutContext;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Strategies;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The numbers of seed 004's caches, from block/bio.c: 5.15's {@code percpu-cache} (LIFO,
 * ALLOC_CACHE_MAX 512, pruned by ALLOC_CACHE_SLACK 64 past 576, polled IO only) and 6.2's
 * {@code percpu-cache-irq} (free_list_irq, spliced at ALLOC_CACHE_THRESHOLD 16, refused past
 * ALLOC_CACHE_MAX 256).
 */
class BioCacheRulesTest {

    private static BioAllocation create(String alias, FakeStrategyContext ctx) {
        return Strategies.of(Axis.BIO_ALLOC).stream().filter(p -> p.alias().equals(alias)).findFirst()
                .orElseThrow(() -> new AssertionError("no bio-alloc strategy " + alias)).create(ctx);
    }

    private static List<Bio> alloc(BioAllocation a, int cpu, int n, boolean cache) {
        List<Bio> bios = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            bios.add(a.bioAlloc(cpu, 1, cache));
        }
        return bios;
    }

    @Test
    void percpuCacheShouldPruneSlackBiosOnThePutPast576() {
        FakeStrategyContext ctx = new FakeStrategyContext();
        BioAllocation a = create("percpu-cache", ctx);
        List<Bio> bios = alloc(a, 0, 577, true);
        for (int i = 0; i < 576; i++) {
            a.bioPut(bios.get(i), 0, PutContext.POLLED);
        }
        assertThat(a.cached(0)).isEqualTo(576);
        assertThat(ctx.bioSlabCounting().frees()).isZero();
        a.bioPut(bios.get(576), 0, PutContext.POLLED);
        assertThat(a.cached(0)).as("577 > 512 + 64: 64 pruned").isEqualTo(513);
        assertThat(ctx.bioSlabCounting().frees()).isEqualTo(64);
    }

    @Test
    void percpuCacheShouldHandOutTheLastFreedBioFirstOnItsOwnCpu() {
        FakeStrategyContext ctx = new FakeStrategyContext();
        BioAllocation a = create("percpu-cache", ctx);
        List<Bio> bios = alloc(a, 3, 3, true);
        bios.forEach(b -> a.bioPut(b, 3, PutContext.POLLED));
        assertThat(a.bioAlloc(3, 1, true)).isSameAs(bios.get(2));
        assertThat(a.bioAlloc(5, 1, true)).as("CPU 5's cache is empty").isNotIn(bios);
        assertThat(ctx.counters().get(Counter.BIO_CACHE_HIT)).isEqualTo(1);
        assertThat(ctx.counters().get(Counter.BIO_CACHE_MISS)).isEqualTo(4);
    }

    @Test
    void percpuCacheShouldServePolledIoOnly() {
        FakeStrategyContext ctx = new FakeStrategyContext();
        BioAllocation a = create("percpu-cache", ctx);
        alloc(a, 0, 4, false).forEach(b -> a.bioPut(b, 0, PutContext.IRQ));
        List<Bio> marked = alloc(a, 0, 4, true);
        marked.forEach(b -> a.bioPut(b, 0, PutContext.IRQ));
        assertThat(a.cached(0)).as("nothing put in IRQ context is cached").isZero();
        assertThat(alloc(a, 0, 5, true).size()).isEqualTo(5);
        assertThat(a.bioAlloc(0, 5, true).percpuCache()).as("more than BIO_INLINE_VECS vecs").isFalse();
        assertThat(a.cachesIrqCompletions()).isFalse();
    }

    @Test
    void percpuCacheShouldGiveEverythingBackWhenItsCpuDies() {
        FakeStrategyContext ctx = new FakeStrategyContext();
        BioAllocation a = create("percpu-cache", ctx);
        alloc(a, 2, 100, true).forEach(b -> a.bioPut(b, 2, PutContext.POLLED));
        a.bioCpuDead(2);
        assertThat(a.cached(2)).isZero();
        assertThat(ctx.bioSlabCounting().outstanding()).isZero();
    }

    @Test
    void irqCacheShouldSpliceIrqFreedBiosOnlyFromTheThreshold() {
        FakeStrategyContext ctx = new FakeStrategyContext();
        BioAllocation a = create("percpu-cache-irq", ctx);
        List<Bio> bios = alloc(a, 0, 16, true);
        for (int i = 0; i < 15; i++) {
            a.bioPut(bios.get(i), 0, PutContext.IRQ);
        }
        assertThat(a.cached(0)).isEqualTo(15);
        Bio miss = a.bioAlloc(0, 1, true);
        assertThat(miss).as("15 < ALLOC_CACHE_THRESHOLD: no splice").isNotIn(bios);
        a.bioPut(bios.get(15), 0, PutContext.IRQ);
        assertThat(a.bioAlloc(0, 1, true)).as("16 IRQ-freed bios are spliced, the last freed first")
                .isSameAs(bios.get(15));
        assertThat(a.cached(0)).isEqualTo(15);
        assertThat(a.cachesIrqCompletions()).isTrue();
    }

    @Test
    void irqCacheShouldRefusePutsPastItsMaximum() {
        FakeStrategyContext ctx = new FakeStrategyContext();
        BioAllocation a = create("percpu-cache-irq", ctx);
        List<Bio> bios = alloc(a, 1, 300, true);
        for (int i = 0; i < 300; i++) {
            a.bioPut(bios.get(i), 1, i % 2 == 0 ? PutContext.POLLED : PutContext.IRQ);
        }
        assertThat(a.cached(1)).as("257: the check before each put is nr + nr_irq > 256").isEqualTo(257);
        assertThat(ctx.bioSlabCounting().frees()).isEqualTo(300 - 257);
        a.bioCpuDead(1);
        assertThat(a.cached(1)).isZero();
        assertThat(ctx.bioSlabCounting().outstanding()).isZero();
    }
}
