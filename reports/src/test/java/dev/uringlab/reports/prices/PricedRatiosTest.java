package dev.uringlab.reports.prices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.uringlab.reports.input.Claim;
import dev.uringlab.reports.input.Claims;
import dev.uringlab.reports.input.Figure;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PricedRatiosTest {
    private static final KernelPrices PRICES = SyntheticPrices.prices();

    private static Claim claim(String seed) {
        return Claims.builtIn().claims().stream().filter(c -> c.seed().equals(seed)).findFirst().orElseThrow();
    }

    private static Figure figure(Claim c, String label) {
        return c.figures().stream().filter(f -> f.label().equals(label)).findFirst().orElseThrow();
    }

    @Test
    void shouldPredictTheRatioOfATwoArmRecipeAsComputedByHand() {
        PricedRatios.Priced p = PricedRatios.price(SyntheticPrices.link10(), PRICES);
        // A: 3 calls x 2 + 2 locked x 10 + 0.5 syscalls x 100 = 76 ns/op; B: 2 + 10 + 25 = 37 ns/op
        assertThat(p.arms().get(0).ns()).isCloseTo(76, within(1e-9));
        assertThat(p.arms().get(1).ns()).isCloseTo(37, within(1e-9));
        assertThat(p.ratio()).isCloseTo(76 / 37.0, within(1e-12));
        assertThat(p.arms().get(0).byKind()).containsExactly(6, 20, 50, 0);
        // every draw is a multiple of the prices: the ratio does not move, its interval is the point
        assertThat(p.low()).isCloseTo(76 / 37.0, within(1e-12));
        assertThat(p.high()).isCloseTo(76 / 37.0, within(1e-12));
        assertThat(p.note()).contains("slab-alloc 1.00/1.00").contains("left out");
    }

    @Test
    void shouldTakeTheIntervalFromThePriceDraws() {
        double[][] draws = PRICES.draws().clone();
        draws[0] = new double[] {2, 10, 300, 0}; // the syscall three times dearer in one draw of 40
        draws[1] = new double[] {2, 10, 300, 0};
        KernelPrices p = new KernelPrices(PRICES.assumes(), PRICES.kernel(), PRICES.fitted(), PRICES.kinds(), PRICES.prices(), PRICES.low(),
                PRICES.high(), PRICES.apart(), draws, PRICES.workloads(), PRICES.skipped(), PRICES.races());
        PricedRatios.Priced priced = PricedRatios.price(SyntheticPrices.link10(), p);
        assertThat(priced.ratio()).isCloseTo(76 / 37.0, within(1e-12));
        // with the syscall at 300: A 6 + 20 + 150 = 176, B 2 + 10 + 75 = 87: 2.023 < 76/37 = 2.054
        assertThat(priced.low()).isCloseTo(176 / 87.0, within(1e-12));
        assertThat(priced.high()).isCloseTo(76 / 37.0, within(1e-12));
    }

    @Test
    void shouldMatchEachFigureToTheRecipeOfItsParameters() {
        StringBuilder why = new StringBuilder();
        Claim links = claim("003");
        assertThat(PricedRatios.of(links, figure(links, "link size 10"), PRICES, why)).get()
                .extracting(x -> x.race().race()).isEqualTo("linked-nops-10-5.6");
        assertThat(PricedRatios.of(links, figure(links, "link size 100"), PRICES, why)).get()
                .extracting(x -> x.race().race()).isEqualTo("linked-nops-100-5.6");
        Optional<PricedRatios.Priced> async = PricedRatios.of(links, figure(links, "link size 10, FORCE_ASYNC"), PRICES, why);
        assertThat(async).isEmpty();
        assertThat(why.toString()).contains("no recipe of seed 003 has this figure's parameters");
        Claim regb = claim("000");
        assertThat(PricedRatios.of(regb, figure(regb, "16-entry CQE array"), PRICES, new StringBuilder())).isPresent();
        assertThat(PricedRatios.of(regb, figure(regb, "v1 sweep, 8-entry array"), PRICES, new StringBuilder())).isEmpty();
        StringBuilder none = new StringBuilder();
        assertThat(PricedRatios.of(claim("004"), claim("004").figures().getFirst(), PRICES, none)).isEmpty();
        assertThat(none.toString()).isEqualTo("no recipe of seed 004");
    }

    @Test
    void shouldPriceTheEchoFigureFromItsOneConnectionRecipeAndSaySo() {
        Claim echo = claim("002");
        PricedRatios.Priced p = PricedRatios.of(echo, echo.figures().getFirst(), PRICES, new StringBuilder()).orElseThrow();
        // A: 26 x 2 + 23 x 10 + 5 x 100 = 782; B: 50 + 220 + 500 = 770
        assertThat(p.ratio()).isCloseTo(782 / 770.0, within(1e-12));
        assertThat(p.note()).contains("connections=1 (the figure's 1000)");
    }

    @Test
    void shouldSayHowMuchOfThePredictedDifferenceIsInKindsPricedOnlyAsABundle() {
        // locked moves only with others: of link 10's 39 ns difference (calls 4, locked 10, syscalls 25), 10 are a bundle's
        KernelPrices p = new KernelPrices(PRICES.assumes(), PRICES.kernel(), PRICES.fitted(), PRICES.kinds(), PRICES.prices(), PRICES.low(),
                PRICES.high(), new double[] {0.5, 0.0001, 0.9, Double.NaN}, PRICES.draws(), PRICES.workloads(), PRICES.skipped(),
                PRICES.races());
        assertThat(PricedRatios.price(SyntheticPrices.link10(), p).note())
                .contains("the arms differ in locked, priced only as part of a bundle (26% of the arms' difference in time)");
    }
}
