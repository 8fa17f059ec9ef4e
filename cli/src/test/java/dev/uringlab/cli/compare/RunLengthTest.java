package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunLengthTest {

    @Test
    void shouldPassEveryForksSettingsToJmhInItsOwnSyntax() {
        assertThat(RunLength.QUICK.jmhArgs()).containsExactly("-f", "1", "-wi", "2", "-w", "500ms", "-i", "5", "-r", "500ms");
        assertThat(RunLength.FULL.jmhArgs()).containsExactly("-f", "1", "-wi", "5", "-w", "2s", "-i", "10", "-r", "2s");
    }

    @Test
    void shouldGiveQuickFiveMinutesInAll() {
        assertThat(RunLength.QUICK.budget()).isEqualTo(Duration.ofMinutes(5));
        assertThat(RunLength.DEFAULT.minForks()).isEqualTo(3);
        assertThat(RunLength.DEFAULT.iterationTimePerFork()).isEqualTo(Duration.ofSeconds(8));
        assertThat(RunLength.QUICK.describe()).isEqualTo("2-3 forks, 2 x 500 ms warmup, 5 x 500 ms measurement, 5:00 budget");
    }
}
