package dev.uringlab.reports.prices;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PriceFitTest {

    @Test
    void shouldSolveANonNegativeLeastSquaresProblemWithAnActiveConstraint() {
        // unconstrained least squares would give x = (2, -1); NNLS keeps x2 at 0 and refits x1
        double[][] a = {{1, 0}, {0, 1}, {1, 1}};
        double[] b = {2, -1, 1};
        double[] x = PriceFit.nnls(a, b);
        assertThat(x[1]).isEqualTo(0.0);
        assertThat(x[0]).isCloseTo(1.5, within(1e-9)); // min (x-2)^2 + (x-1)^2
    }

    @Test
    void shouldRecoverKnownPricesWithIntervalsThatHoldThemAndPredictEachWorkloadLeftOut() {
        double[] truth = {300, 40, 15, 25, 60, 900};
        List<String> kinds = List.of("syscall", "request", "cqe", "link", "task-work-pass", "io-wq punt");
        double[][] steps = {
            {1, 1, 1, 0, 0, 0}, {0.25, 1, 1, 0, 0, 0}, {0.125, 1, 1, 0, 0, 0}, {1 / 32.0, 1, 1, 0, 0, 0},
            {0.1, 1, 1, 0.9, 0.9, 0}, {0.1, 1, 0.1, 0.9, 0.9, 0}, {0.01, 1, 1, 0.99, 0.99, 0}, {0.01, 1, 0.01, 0.99, 0.99, 0},
            {1, 1, 1, 0, 1, 1}, {0.5, 1, 1, 0.5, 0.5, 0.5}, {0.1, 1, 1, 0.9, 0.1, 0.1}, {0.1, 1, 0.1, 0.9, 0.1, 0.1},
            {0.5, 1, 1, 0.5, 0.5, 0}};
        SplittableRandom random = new SplittableRandom(7);
        List<PriceFit.Workload> workloads = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            double ns = 0;
            for (int k = 0; k < truth.length; k++) {
                ns += truth[k] * steps[i][k];
            }
            double[] samples = new double[10];
            for (int s = 0; s < samples.length; s++) {
                samples[s] = ns * (1 + 0.02 * (random.nextDouble() - 0.5)); // 1% noise either way
            }
            workloads.add(new PriceFit.Workload("w" + i, steps[i], samples));
        }

        PriceFit.Fit fit = PriceFit.fit(kinds, workloads, 42);

        for (int k = 0; k < truth.length; k++) {
            assertThat(fit.prices()[k]).as(kinds.get(k)).isCloseTo(truth[k], within(0.1 * truth[k] + 5));
            assertThat(fit.low()[k]).as(kinds.get(k)).isLessThanOrEqualTo(fit.prices()[k]);
            assertThat(fit.high()[k]).as(kinds.get(k)).isGreaterThanOrEqualTo(fit.prices()[k]);
            assertThat(fit.low()[k]).isGreaterThanOrEqualTo(0.0);
        }
        assertThat(fit.worstLooError()).isLessThan(0.15);
    }

    @Test
    void shouldSayWhichKindsNoWorkloadTakesAndWhichMoveOnlyTogether() {
        // fence always equals call, and nothing takes slab-alloc: call and fence are one bundle
        List<String> kinds = List.of("call", "fence", "syscall", "slab-alloc");
        double[][] steps = {{1, 1, 1, 0}, {1, 1, 0.5, 0}, {2, 2, 0.25, 0}, {3, 3, 0.1, 0}};
        List<PriceFit.Workload> workloads = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            double ns = 10 * steps[i][0] + 5 * steps[i][1] + 200 * steps[i][2];
            workloads.add(new PriceFit.Workload("w" + i, steps[i], new double[] {ns, ns * 1.01, ns * 0.99}));
        }

        PriceFit.Fit fit = PriceFit.fit(kinds, workloads, 1);

        assertThat(fit.priced(3)).isFalse();
        assertThat(fit.prices()[3]).isZero();
        assertThat(fit.separable(0)).isFalse();
        assertThat(fit.separable(1)).isFalse();
        assertThat(fit.separable(2)).isTrue();
        assertThat(fit.prices()[0] + fit.prices()[1]).as("the bundle's price").isCloseTo(15, within(0.5));
        assertThat(fit.prices()[2]).isCloseTo(200, within(5.0));
        assertThat(fit.draws()).hasNumberOfRows(PriceFit.REPLICATES);
    }

    /**
     * A kind that only the echo rows take (a socket's protocol pass, 4 per transaction in echo1
     * and echo8) gets its own price: it is the only column those rows have that no other has, so
     * it lies wholly outside the others' span; and each echo row left out is predicted from the
     * other, which takes the same kind. Without the kind the same rows are predicted far too fast.
     */
    @Test
    void shouldPriceAKindOnlyTheEchoRowsTake() {
        List<String> kinds = List.of("call", "syscall", "cqe", "sock");
        double[] truth = {5, 400, 60, 3000};
        double[][] steps = {{2, 1, 1, 0}, {0.5, 0.25, 1, 0}, {0.125, 0.0625, 1, 0}, {11, 0.01, 1, 0}, {4, 0.4, 1, 0},
            {37, 5, 3, 4}, {34, 2.4, 3, 4}};
        List<PriceFit.Workload> workloads = new ArrayList<>();
        List<PriceFit.Workload> withoutSock = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            double ns = 0;
            for (int k = 0; k < truth.length; k++) {
                ns += truth[k] * steps[i][k];
            }
            double[] samples = {ns, ns * 1.01, ns * 0.99};
            String name = i < 5 ? "nop" + i : "echo" + i;
            workloads.add(new PriceFit.Workload(name, steps[i], samples));
            withoutSock.add(new PriceFit.Workload(name, java.util.Arrays.copyOf(steps[i], 3), samples));
        }

        PriceFit.Fit fit = PriceFit.fit(kinds, workloads, 5);
        PriceFit.Fit blind = PriceFit.fit(kinds.subList(0, 3), withoutSock, 5);

        int sock = kinds.indexOf("sock");
        assertThat(fit.separable(sock)).isTrue();
        assertThat(fit.apart()[sock]).isGreaterThan(0.5);
        assertThat(fit.prices()[sock]).isCloseTo(3000, within(60.0));
        assertThat(fit.low()[sock]).isLessThanOrEqualTo(fit.prices()[sock]);
        assertThat(fit.high()[sock]).isGreaterThanOrEqualTo(fit.prices()[sock]);
        for (int i = 5; i < 7; i++) {
            assertThat(fit.looError(i)).as(workloads.get(i).name() + " left out").isCloseTo(0, within(0.05));
            assertThat(blind.looError(i)).as(workloads.get(i).name() + " left out, no sock kind").isLessThan(-0.5);
        }
    }

    @Test
    void shouldResampleForksNotOnlyIterations() {
        // two forks a factor 2 apart: the interval of a one-kind fit spans both, however tight each fork is
        List<PriceFit.Workload> workloads = List.of(
                new PriceFit.Workload("a", new double[] {1}, List.of(new double[] {100, 100, 100}, new double[] {200, 200, 200})),
                new PriceFit.Workload("b", new double[] {2}, List.of(new double[] {200, 200, 200}, new double[] {400, 400, 400})));
        PriceFit.Fit fit = PriceFit.fit(List.of("syscall"), workloads, 3);
        assertThat(fit.low()[0]).isCloseTo(100, within(1e-3));
        assertThat(fit.high()[0]).isCloseTo(200, within(1e-3));
    }
}
