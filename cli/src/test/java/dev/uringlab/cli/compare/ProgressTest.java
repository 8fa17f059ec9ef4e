package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {
    private static final PlanPoint POINT = PlanPoint.parse("run\tdev.uringlab.jmh.Nops32Benchmark.nops32\tring=native");

    @Test
    void shouldEstimateFromTheRunLengthAndTheGuessedOverheadBeforeAnyPointEnds() {
        Progress p = new Progress(10, RunLength.QUICK);
        // quick: 1 fork x (2 x 0.5 s + 5 x 0.5 s) = 3.5 s, plus 1.5 s fork + 0.7 s host = 5.7 s per point
        assertThat(p.estimateAll()).isEqualTo(Duration.ofMillis(57_000));
        assertThat(p.before(1, POINT, Duration.ZERO)).isEqualTo("[1/10] Nops32Benchmark.nops32 ring=native | elapsed 0:00 | about 0:57 left");
    }

    @Test
    void shouldEstimateFromTheMeasuredOverheadOnceAPointEnded() {
        Progress p = new Progress(4, RunLength.QUICK);
        p.finished(Duration.ofMillis(6_500)); // 3.5 s iterations + 3 s overhead
        assertThat(p.before(2, POINT, Duration.ofMillis(6_500))).isEqualTo(
                "[2/4] Nops32Benchmark.nops32 ring=native | elapsed 0:06 | about 0:19 left");
    }

    @Test
    void shouldPrintClocksInMinutesAndHours() {
        assertThat(Progress.clock(Duration.ofSeconds(59))).isEqualTo("0:59");
        assertThat(Progress.clock(Duration.ofSeconds(754))).isEqualTo("12:34");
        assertThat(Progress.clock(Duration.ofSeconds(3_725))).isEqualTo("1:02:05");
    }
}
