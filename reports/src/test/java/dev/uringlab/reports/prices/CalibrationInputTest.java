package dev.uringlab.reports.prices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.Metric;
import dev.uringlab.reports.input.Run;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CalibrationInputTest {

    private static JmhResult result(String calib, double opsPerSecond, Map<String, Double> perOp) {
        Map<String, Metric> secondary = new LinkedHashMap<>();
        perOp.forEach((k, v) -> secondary.put(k, new Metric(v * opsPerSecond, 0, "ops/s", List.of(List.of(v * opsPerSecond)))));
        return new JmhResult("dev.uringlab.jmh.CalibrationBenchmark.calibration", Map.of("ring", "native", "calib", calib),
                new Metric(opsPerSecond, 0, "ops/s", List.of(List.of(opsPerSecond, opsPerSecond), List.of(opsPerSecond / 2))),
                secondary, null);
    }

    private static Run run(JmhResult... results) {
        return new Run(java.nio.file.Path.of("x.json"), "x", null, List.of(results), List.of());
    }

    @Test
    void shouldTakeTheKernelsCountWhereATracepointSeesTheStepAndTheTraceElsewhere() {
        // traced over 128 operations: 256 calls, 4 system calls of which 0 io_uring_enter (the emulator
        // ran the task work at the write's return), no wakeup
        Map<String, CalibrationInput.Traced> traced = Map.of("polls128", new CalibrationInput.Traced(128, 0, 0, 128,
                new LinkedHashMap<>(Map.of("call", 256L, "syscall", 4L, "wakeup", 0L))));
        CalibrationInput in = CalibrationInput.of(new LinkedHashMap<>(traced),
                List.of(run(result("polls128", 1e7, Map.of()), result("nop-b1", 1e6, Map.of()))),
                List.of(run(result("polls128", 5e6, Map.of("enter", 1 / 128.0, "schedWaking", 0.5, "cqeFilled", 1.0)))));

        assertThat(in.kinds()).containsExactlyInAnyOrder("call", "syscall", "wakeup", "request", "cqe");
        assertThat(in.workloads()).hasSize(1);
        PriceFit.Workload w = in.workloads().getFirst();
        double[] steps = w.steps();
        assertThat(steps[in.kinds().indexOf("call")]).isEqualTo(2.0);
        // write(2) and read(2) from the trace, one io_uring_enter per round from the kernel
        assertThat(steps[in.kinds().indexOf("syscall")]).isCloseTo(4 / 128.0 + 1 / 128.0, within(1e-12));
        assertThat(steps[in.kinds().indexOf("wakeup")]).isCloseTo(0.5, within(1e-12));
        assertThat(steps[in.kinds().indexOf("request")]).isZero(); // multishot: no request per CQE
        assertThat(steps[in.kinds().indexOf("cqe")]).isEqualTo(1.0);
        assertThat(w.forks()).hasSize(2);
        assertThat(w.forks().get(1)[0]).isCloseTo(200, within(1e-9)); // ns per operation at 5 M ops/s
        assertThat(in.skipped()).singleElement().asString().startsWith("nop-b1: not in");
    }

    @Test
    void shouldTakeTheSocketPassesFromTheKernelWhereTheCountingRunCountedThemAndFromTheTraceOtherwise() {
        Map<String, CalibrationInput.Traced> traced = Map.of("echo1", new CalibrationInput.Traced(8, 24, 16, 24,
                new LinkedHashMap<>(Map.of("syscall", 40L, "sock", 32L))));
        List<Run> timing = List.of(run(result("echo1", 1e5, Map.of())));
        CalibrationInput counted = CalibrationInput.of(new LinkedHashMap<>(traced), timing, List.of(run(result("echo1", 5e4,
                Map.of("enter", 3.0, "cqeFilled", 3.0, "sockSend", 2.5, "sockRecv", 2.0)))));
        CalibrationInput older = CalibrationInput.of(new LinkedHashMap<>(traced), timing,
                List.of(run(result("echo1", 5e4, Map.of("enter", 3.0, "cqeFilled", 3.0)))));
        assertThat(counted.workloads().getFirst().steps()[counted.kinds().indexOf("sock")]).isCloseTo(4.5, within(1e-12));
        assertThat(older.workloads().getFirst().steps()[older.kinds().indexOf("sock")]).isEqualTo(4.0);
    }

    @Test
    void shouldSayWhenTheCountingRunCountedNothing() {
        Map<String, CalibrationInput.Traced> traced = Map.of("nop-b1", new CalibrationInput.Traced(8, 8, 8, 8,
                new LinkedHashMap<>(Map.of("syscall", 8L, "wakeup", 0L))));
        CalibrationInput in = CalibrationInput.of(new LinkedHashMap<>(traced), List.of(run(result("nop-b1", 1e6, Map.of()))),
                List.of(run(result("nop-b1", 1e6, Map.of("enter", 1.0, "cqeFilled", 0.0, "schedWaking", 0.0)))));
        assertThat(in.workloads()).hasSize(1);
        assertThat(in.skipped()).singleElement().asString().startsWith("the counting run counted no kernel event");
    }

    @Test
    void shouldReadTheBuiltInTraceOfEveryCalibrationWorkload() {
        Map<String, CalibrationInput.Traced> traced = CalibrationInput.tracedSteps();
        assertThat(traced).containsKeys("nop-b1", "link100", "async1", "polls128-evfd", "polls128", "echo1");
        assertThat(traced.get("nop-b1").steps()).containsKeys("call", "locked", "fence", "irq", "rcu", "shared-write",
                "slab-alloc", "slab-free", "syscall", "wakeup", "list", "sock");
        assertThat(traced.get("echo1").steps().get("sock")).as("four passes through TCP per transaction")
                .isEqualTo(4 * traced.get("echo1").ops());
        assertThat(traced.get("nop-b1").steps().get("sock")).isZero();
        assertThat(traced.get("nop-b1").enter()).isEqualTo(traced.get("nop-b1").ops());
        assertThat(traced.get("link10-skip").sqes()).isEqualTo(traced.get("link10-skip").ops());
        assertThat(traced.get("link10-skip").cqes()).isEqualTo(traced.get("link10-skip").ops() / 10);
    }
}
