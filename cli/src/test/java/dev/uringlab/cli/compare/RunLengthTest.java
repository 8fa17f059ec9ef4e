package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunLengthTest {

    @Test
    void shouldPassEveryForksSettingsToJmhInItsOwnSyntax() {
        assertThat(RunLength.QUICK.jmhArgs()).containsExactly("-f", "1", "-wi", "4", "-w", "1s", "-i", "2", "-r", "1s");
        assertThat(RunLength.FULL.jmhArgs()).containsExactly("-f", "1", "-wi", "8", "-w", "2s", "-i", "10", "-r", "2s");
    }

    @Test
    void shouldGiveQuickFiveMinutesAndTheDefaultTwentyInAll() {
        assertThat(RunLength.QUICK.budget()).isEqualTo(Duration.ofMinutes(5));
        assertThat(RunLength.DEFAULT.budget()).isEqualTo(Duration.ofMinutes(20));
        assertThat(RunLength.DEFAULT.minForks()).isEqualTo(3);
        assertThat(RunLength.DEFAULT.iterationTimePerFork()).isEqualTo(Duration.ofSeconds(16));
        assertThat(RunLength.QUICK.describe()).isEqualTo("2-4 forks, 4 x 1 s warmup, 2 x 1 s measurement, 2 copies of each paired arm (the A/A's 2), 5:00 budget");
        assertThat(RunLength.QUICK.pairedArgs(false)).containsExactly("-p", "copies=2");
        assertThat(RunLength.DEFAULT.pairedArgs(false)).containsExactly("-p", "copies=4");
        assertThat(RunLength.QUICK.pairedArgs(true)).containsExactly("-p", "copies=2");
        assertThat(RunLength.DEFAULT.pairedArgs(true)).containsExactly("-p", "copies=8");
    }
}
