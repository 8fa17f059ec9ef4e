package dev.uringlab.reports.prices;

import java.util.List;
import java.util.Map;

/**
 * Hand-made prices for tests: three kinds priced (call 2 ns, locked 10 ns, syscall 100 ns), one
 * not priced (slab-alloc), every bootstrap draw the same but one with every price doubled (so a
 * ratio's interval is that of two draws a test can compute), and recipes for seeds 003 (links of
 * 10 and 100), 002 (one connection) and 000 (a 16-entry array).
 */
public final class SyntheticPrices {
    /** The kinds. */
    public static final List<String> KINDS = List.of("call", "locked", "syscall", "slab-alloc");
    /** The prices. */
    public static final double[] PRICES = {2, 10, 100, 0};

    private SyntheticPrices() {
    }

    /** Arm A of link 10: 6 + 20 + 50 = 76 ns/op; arm B: 2 + 10 + 25 = 37 ns/op. */
    public static KernelPrices.Race link10() {
        return new KernelPrices.Race("linked-nops-10-5.6", "003", "a link of 10", Map.of("linkSize", "10", "async", "false"),
                List.of(new KernelPrices.Arm("A", "linux-5.6", "v5.6", new double[] {3, 2, 0.5, 1}),
                        new KernelPrices.Arm("B", "linux-5.6+boxed-cqe", "v5.6 + RFC", new double[] {1, 1, 0.25, 1})));
    }

    /** The prices, with races. */
    public static KernelPrices prices() {
        double[][] draws = new double[40][];
        for (int r = 0; r < draws.length; r++) {
            draws[r] = PRICES.clone();
        }
        draws[39] = new double[] {4, 20, 200, 0};
        KernelPrices.Race link100 = new KernelPrices.Race("linked-nops-100-5.6", "003", "a link of 100",
                Map.of("linkSize", "100", "async", "false"),
                List.of(new KernelPrices.Arm("A", "linux-5.6", "v5.6", new double[] {2, 2, 0.01, 0}),
                        new KernelPrices.Arm("B", "linux-5.6+boxed-cqe", "v5.6 + RFC", new double[] {1, 1, 0.01, 0})));
        KernelPrices.Race echo = new KernelPrices.Race("echo-5.15", "002", "echo", Map.of("connections", "1"),
                List.of(new KernelPrices.Arm("A", "linux-5.15", "v5.15", new double[] {26, 23, 5, 0}),
                        new KernelPrices.Arm("B", "linux-5.15+active-flag", "v5.15 + patch", new double[] {25, 22, 5, 0})));
        KernelPrices.Race regb = new KernelPrices.Race("regb-6.1", "000", "reg.b <poll_multi> & \"eventfd\"", Map.of("cqe-array", "16"),
                List.of(new KernelPrices.Arm("A", "linux-6.1", "v6.1-rc7", new double[] {5, 3, 0.02, 0}),
                        new KernelPrices.Arm("B", "linux-6.1+batched-cqe", "v6.1-rc7 + series", new double[] {1, 0.1, 0.02, 0})));
        List<KernelPrices.Workload> workloads = List.of(new KernelPrices.Workload("nop-b1", 130, 120, new double[] {2, 3, 1, 0}),
                new KernelPrices.Workload("link100", 40, 50, new double[] {1, 1, 0.01, 0}));
        return new KernelPrices(KernelPrices.ASSUMES, "Linux 6.18.2-test", "2026-12-03 on a test machine", KINDS, PRICES.clone(), new double[] {1.5, 8, 90, 0},
                new double[] {2.5, 12, 110, 0}, new double[] {0.5, 0.2, 0.9, Double.NaN}, draws, workloads,
                List.of("echo1: no counting run"), List.of(link10(), link100, echo, regb));
    }
}
