package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {
    private static final PlanPoint POINT = PlanPoint.parse("run\tdev.uringlab.jmh.Nops32Benchmark.nops32\tring=native");

    @Test
    void shouldEstimateTheRoundsFromTheGuessedOverheadBeforeAnyForkEnds() {
        Progress p = new Progress(RunLength.QUICK, Duration.ofMinutes(5));
        // quick: 2 x 1 s + 4 x 1 s = 6 s, plus 1.2 s overhead = 7.2 s per fork; 10 forks to go;
        // the budget allows (300 s - 8 s for the report) / 7.2 s = 40 forks
        assertThat(p.before(POINT, "reference", 1, Duration.ZERO, 10))
                .isEqualTo("[fork 1 of at most 40] Nops32Benchmark.nops32 ring=native, reference, fork 1 | elapsed 0:00"
                        + " | at most 5:00 left (minimum forks in about 1:12)");
    }

    @Test
    void shouldNeverLetTheForksPlannedOrTheTimeLeftGrow() {
        Progress p = new Progress(RunLength.QUICK, Duration.ofMinutes(1));
        p.finished(Duration.ofMillis(6_000));
        assertThat(p.perFork()).isEqualTo(Duration.ofSeconds(6));
        // 6 s per fork and 8 s for the report within the minute
        assertThat(p.fits(Duration.ofSeconds(46), 1)).isTrue();
        assertThat(p.fits(Duration.ofSeconds(47), 1)).isFalse();
        assertThat(p.fits(Duration.ofSeconds(40), 2)).isTrue();
        assertThat(p.fits(Duration.ofSeconds(41), 2)).isFalse();
        assertThat(p.before(POINT, "patched", 1, Duration.ofSeconds(6), 3))
                .startsWith("[fork 2 of at most 8] ").endsWith("| at most 0:54 left (minimum forks in about 0:18)");
        // later with as many forks to go: that estimate would end later than the one given; it does not grow
        assertThat(p.before(POINT, "patched", 1, Duration.ofSeconds(12), 3))
                .startsWith("[fork 2 of at most 7] ").endsWith("| at most 0:48 left (minimum forks in about 0:12)");
        assertThat(p.before(POINT, "patched", 1, Duration.ofSeconds(30), 3)).startsWith("[fork 2 of at most 4] ")
                .endsWith("(minimum forks: past the estimate)");
        p.finished(Duration.ofMillis(1_000)); // faster forks: the budget would allow 8, the line keeps the 4 it gave
        assertThat(p.before(POINT, "patched", 2, Duration.ofSeconds(30), 0))
                .startsWith("[fork 3 of at most 4] ").endsWith("| at most 0:30 left (adding forks where intervals are widest)");
    }

    @Test
    void shouldPrintClocksInMinutesAndHours() {
        assertThat(Progress.clock(Duration.ofSeconds(59))).isEqualTo("0:59");
        assertThat(Progress.clock(Duration.ofSeconds(754))).isEqualTo("12:34");
        assertThat(Progress.clock(Duration.ofSeconds(3_725))).isEqualTo("1:02:05");
    }
}
