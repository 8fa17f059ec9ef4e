package dev.uringlab.reports.prices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.reports.input.ReportInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelPricesTest {
    @TempDir
    Path dir;

    @Test
    void shouldReadBackWhatItWroteNotPricedKindsIncluded() throws Exception {
        KernelPrices p = SyntheticPrices.prices();
        Path file = dir.resolve("prices.json");
        p.write(file);
        KernelPrices back = KernelPrices.read(file);
        assertThat(back.kinds()).isEqualTo(p.kinds());
        assertThat(back.prices()).containsExactly(p.prices());
        assertThat(back.draws()).isDeepEqualTo(p.draws());
        assertThat(back.priced(3)).isFalse();
        assertThat(back.races()).hasSize(4);
        assertThat(back.races().getFirst().arms().getFirst().steps()).containsExactly(3, 2, 0.5, 1);
        assertThat(back.workloads().getFirst().looError()).isEqualTo(120 / 130.0 - 1);
    }

    @Test
    void shouldPrintThePriceTableWithEveryLeaveOneOutError() {
        String table = SyntheticPrices.prices().table();
        assertThat(table).contains("syscall").contains("[   90.0,   110.0]").contains("no calibration workload takes it")
                .contains("link100").contains("+25.0%!").contains("worst leave-one-out error: 25.0% (the bar: 15%)")
                .contains("not fitted: echo1: no counting run");
    }

    /**
     * Prices fitted before a kind was typed take it unpriced: no price in any draw, steps 0 in
     * every workload and arm, so every ratio is what it was and the kind is named where a later
     * build's recipe takes it.
     */
    @Test
    void shouldTakeAKindTheyWereNotFittedOnAsNotPriced() {
        KernelPrices p = SyntheticPrices.prices();
        KernelPrices more = p.withUnpricedKinds(java.util.List.of("sock"));

        assertThat(more.kinds()).containsExactly("call", "locked", "syscall", "slab-alloc", "sock");
        assertThat(more.priced(4)).isFalse();
        assertThat(more.prices()).containsExactly(2, 10, 100, 0, 0);
        assertThat(java.util.Arrays.asList(more.draws())).allSatisfy(d -> assertThat(d).hasSize(5).endsWith(0.0));
        assertThat(more.draws()[39]).containsExactly(4, 20, 200, 0, 0);
        assertThat(more.workloads().getFirst().steps()).containsExactly(2, 3, 1, 0, 0);
        assertThat(more.races().getFirst().arms().getFirst().steps()).containsExactly(3, 2, 0.5, 1, 0);
        assertThat(PricedRatios.price(more.races().getFirst(), more).ratio())
                .isEqualTo(PricedRatios.price(p.races().getFirst(), p).ratio());
        assertThat(more.table()).containsPattern("(?m)^  sock +- +no calibration workload takes it$");
        assertThat(p.withUnpricedKinds(java.util.List.of())).isSameAs(p);
        assertThatThrownBy(() -> p.withUnpricedKinds(java.util.List.of("call"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("call is already one");
    }

    @Test
    void shouldRefuseAFileThatIsNotPrices() throws Exception {
        Path file = dir.resolve("jmh.json");
        Files.writeString(file, "[]");
        assertThatThrownBy(() -> KernelPrices.read(file)).isInstanceOf(ReportInputException.class)
                .hasMessageContaining("is not a prices file");
    }
}
