package dev.uringlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.KernelProfile;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.testkit.Goldens;
import dev.uringlab.workloads.calibration.Calibration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The typed steps (docs/recipes.md) each calibration workload of the kernel prices takes per
 * operation on the emulated ring under {@code linux-6.18}, this machine's kernel: the steps no
 * tracepoint sees (locks, fences, out-of-line calls, RCU sections, irq save/restore...) that
 * reports' {@code PriceFit} prices beside the kernel's own counts. The emulated ring runs in
 * deterministic mode (io-wq inline), {@value #WARMUP} rounds untraced, then rounds traced until
 * at least {@value #OPS} operations. The counts are pinned in reports' resource
 * {@code calibration-steps-linux-6.18.json} ({@link Goldens}: {@code URINGLAB_UPDATE_GOLDENS=1}
 * rewrites it for review), so the price fit reads the trace without running the emulator.
 */
class CalibrationStepsTest {
    static final Path GOLDEN = Path.of("../reports/src/main/resources/dev/uringlab/reports/prices/calibration-steps-linux-6.18.json");
    static final int WARMUP = 8;
    static final int OPS = 800;

    @Test
    void theCalibrationStepsFileIsTheLinux618Trace() throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add("{");
        lines.add("  \"comment\": \"Typed steps of each calibration workload on the emulated ring under linux-6.18 (deterministic,"
                + " io-wq inline), counted over 'ops' operations after " + WARMUP + " untraced rounds ('enter': the io_uring_enter"
                + " system calls among them; 'sqes', 'cqes': SQEs submitted and CQEs filled); written by conformance's"
                + " CalibrationStepsTest (URINGLAB_UPDATE_GOLDENS=1), read by reports' PriceFit.\",");
        lines.add("  \"profile\": \"" + KernelProfile.LINUX_6_18.name() + "\",");
        lines.add("  \"workloads\": {");
        for (int i = 0; i < Calibration.ALL.size(); i++) {
            Calibration c = Calibration.ALL.get(i);
            Map<StepKind, Long> counts = new EnumMap<>(StepKind.class);
            long[] enters = {0, 0, 0};
            long ops = traced(c, counts, enters);
            StringBuilder line = new StringBuilder("    \"" + c.name() + "\": {\"ops\": " + ops + ", \"enter\": " + enters[0]
                    + ", \"sqes\": " + enters[1] + ", \"cqes\": " + enters[2] + ", \"steps\": {");
            for (StepKind k : StepKind.values()) {
                line.append(k.ordinal() == 0 ? "" : ", ").append('"').append(k.keyword()).append("\": ").append(counts.getOrDefault(k, 0L));
            }
            lines.add(line.append("}}").append(i == Calibration.ALL.size() - 1 ? "" : ",").toString());
        }
        lines.add("  }");
        lines.add("}");
        Goldens.check(GOLDEN, lines, "the calibration workloads' typed steps under linux-6.18");
    }

    @Test
    void everyWorkloadTakesSystemCallsAndCalls() throws Exception {
        for (Calibration c : Calibration.ALL) {
            Map<StepKind, Long> counts = new EnumMap<>(StepKind.class);
            long ops = traced(c, counts, new long[3]);
            assertThat(ops).as(c.name()).isGreaterThanOrEqualTo(OPS);
            assertThat(counts.getOrDefault(StepKind.SYSCALL, 0L)).as(c.name() + " system calls").isPositive();
            assertThat(counts.getOrDefault(StepKind.CALL, 0L)).as(c.name() + " calls").isPositive();
        }
    }

    /**
     * Runs {@code c} traced; adds its typed steps per kind to {@code counts}, its io_uring_enter
     * steps to {@code enters[0]} (the system calls a tracepoint also counts, which the fit takes
     * from the kernel), its SQEs submitted to {@code enters[1]} and CQEs filled to
     * {@code enters[2]} (the requests' and CQEs' inline work, which no step lists); returns the
     * operations traced.
     */
    private static long traced(Calibration c, Map<StepKind, Long> counts, long[] enters) throws Exception {
        boolean[] recording = {false};
        String enter = StepKind.SYSCALL.keyword() + " io_uring_enter";
        var config = c.setup().get().deterministic(true).profile(KernelProfile.LINUX_6_18.name()).trace(e -> {
            if (recording[0] && e.typedStep() != null) {
                counts.merge(e.point().kind(), 1L, Long::sum);
                if (e.typedStep().equals(enter)) {
                    enters[0]++;
                }
            }
        });
        try (Ring ring = Rings.open("emulated", config.build())) {
            Calibration.Round round = c.open().apply(ring);
            try {
                for (int i = 0; i < WARMUP; i++) {
                    round.run();
                }
                Map<Counter, Long> before = ring.counters().snapshot();
                recording[0] = true;
                long ops = 0;
                while (ops < OPS) {
                    ops += round.run();
                }
                recording[0] = false;
                Map<Counter, Long> after = ring.counters().snapshot();
                enters[1] += after.get(Counter.SQE_SUBMITTED) - before.get(Counter.SQE_SUBMITTED);
                enters[2] += after.get(Counter.CQE_FILLED) - before.get(Counter.CQE_FILLED);
                return ops;
            } finally {
                round.close().run();
            }
        }
    }
}
