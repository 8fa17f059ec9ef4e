package dev.uringlab.reports.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The verdict rules at their edges (the author's ratio here is 2.0). */
class VerdictTest {
    @Test
    void shouldReproduceWhenTheIntervalIsAboveOneAndReachesTheAuthorsRatio() {
        assertThat(Verdict.of(new Estimate(1.8, 1.2, 2.0), 2.0)).isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(new Estimate(3.0, 2.5, 3.5), 2.0)).isEqualTo(Verdict.REPRODUCED);
        assertThat(Verdict.of(new Estimate(3.0, 1.01, Double.POSITIVE_INFINITY), 2.0)).isEqualTo(Verdict.REPRODUCED);
    }

    @Test
    void shouldCallItSmallerWhenTheWholeIntervalIsBetweenOneAndTheAuthorsRatio() {
        assertThat(Verdict.of(new Estimate(1.5, 1.2, 1.99), 2.0)).isEqualTo(Verdict.SMALLER);
    }

    @Test
    void shouldNotReproduceWhenTheIntervalReachesOneOrIsUnknown() {
        assertThat(Verdict.of(new Estimate(1.8, 1.0, 2.5), 2.0)).isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(Verdict.of(new Estimate(0.5, 0.4, 0.6), 2.0)).isEqualTo(Verdict.NOT_REPRODUCED);
        assertThat(Verdict.of(new Estimate(2.0, Double.NaN, Double.NaN), 2.0)).isEqualTo(Verdict.NOT_REPRODUCED);
    }
}
