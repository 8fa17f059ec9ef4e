package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunLengthTest {

    @Test
    void shouldPassEverySettingToJmhInItsOwnSyntax() {
        assertThat(RunLength.QUICK.jmhArgs()).containsExactly("-f", "1", "-wi", "2", "-w", "500ms", "-i", "5", "-r", "500ms");
        assertThat(RunLength.FULL.jmhArgs()).containsExactly("-f", "3", "-wi", "5", "-w", "2s", "-i", "10", "-r", "2s");
    }

    @Test
    void shouldCountEveryForksIterations() {
        assertThat(RunLength.DEFAULT.iterationTimePerPoint()).isEqualTo(Duration.ofSeconds(16));
        assertThat(RunLength.QUICK.describe()).isEqualTo("1 fork, 2 x 500 ms warmup, 5 x 500 ms measurement");
    }
}
