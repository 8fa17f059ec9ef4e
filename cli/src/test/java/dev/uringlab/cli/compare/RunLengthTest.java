package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunLengthTest {

    @Test
    void shouldPassEveryForksSettingsToJmhInItsOwnSyntax() {
        assertThat(RunLength.QUICK.jmhArgs()).containsExactly("-f", "1", "-wi", "2", "-w", "1s", "-i", "4", "-r", "1s");
        assertThat(RunLength.FULL.jmhArgs()).containsExactly("-f", "1", "-wi", "5", "-w", "2s", "-i", "10", "-r", "2s");
    }

    @Test
    void shouldGiveQuickFiveMinutesAndTheDefaultTwentyInAll() {
        assertThat(RunLength.QUICK.budget()).isEqualTo(Duration.ofMinutes(5));
        assertThat(RunLength.DEFAULT.budget()).isEqualTo(Duration.ofMinutes(20));
        assertThat(RunLength.DEFAULT.minForks()).isEqualTo(3);
        assertThat(RunLength.DEFAULT.iterationTimePerFork()).isEqualTo(Duration.ofSeconds(9));
        assertThat(RunLength.QUICK.describe()).isEqualTo("2-4 forks, 2 x 1 s warmup, 4 x 1 s measurement, 5:00 budget");
    }
}
