package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {
    private static final PlanPoint POINT = PlanPoint.parse("run\tdev.uringlab.jmh.Nops32Benchmark.nops32\tring=native");

    @Test
    void shouldEstimateTheRoundsFromTheGuessedOverheadBeforeAnyForkEnds() {
        Progress p = new Progress(RunLength.QUICK, Duration.ofMinutes(5));
        // quick: 2 x 1 s + 4 x 1 s = 6 s, plus 1.2 s overhead = 7.2 s per fork; 10 forks to go
        assertThat(p.before(1, 10, POINT, "reference", 1, Duration.ZERO, 10))
                .isEqualTo("[1/10] Nops32Benchmark.nops32 ring=native, reference, fork 1 | elapsed 0:00 | about 1:12 left");
    }

    @Test
    void shouldEstimateFromTheMeasuredForksAndNeverPastTheBudget() {
        Progress p = new Progress(RunLength.QUICK, Duration.ofMinutes(1));
        p.finished(Duration.ofMillis(6_000));
        assertThat(p.perFork()).isEqualTo(Duration.ofSeconds(6));
        assertThat(p.before(2, 4, POINT, "patched", 1, Duration.ofSeconds(6), 3)).endsWith("| about 0:18 left");
        assertThat(p.before(2, 4, POINT, "patched", 1, Duration.ofSeconds(50), 3)).endsWith("| about 0:10 left");
        assertThat(p.before(2, 4, POINT, "patched", 2, Duration.ofSeconds(30), 0))
                .endsWith("| at most 0:30 left (adding forks where intervals are widest)");
        // 6 s per fork and 8 s for the report within the minute
        assertThat(p.fits(Duration.ofSeconds(46), 1)).isTrue();
        assertThat(p.fits(Duration.ofSeconds(47), 1)).isFalse();
        assertThat(p.fits(Duration.ofSeconds(40), 2)).isTrue();
        assertThat(p.fits(Duration.ofSeconds(41), 2)).isFalse();
    }

    @Test
    void shouldPrintClocksInMinutesAndHours() {
        assertThat(Progress.clock(Duration.ofSeconds(59))).isEqualTo("0:59");
        assertThat(Progress.clock(Duration.ofSeconds(754))).isEqualTo("12:34");
        assertThat(Progress.clock(Duration.ofSeconds(3_725))).isEqualTo("1:02:05");
    }
}
