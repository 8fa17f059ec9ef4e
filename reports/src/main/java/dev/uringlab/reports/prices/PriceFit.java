package dev.uringlab.reports.prices;

import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.ReportInputException;
import dev.uringlab.reports.input.Run;
import dev.uringlab.reports.input.RunReader;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Kernel prices (DESIGN.md, "Measuring"): what each kind of step costs the running kernel, in
 * nanoseconds, fitted from calibration workloads on the native ring that move one kind of step at
 * a time (jmh's {@code CalibrationBenchmark}). Each workload gives its time per operation (a JMH
 * run without counting) and its steps per operation (the kernel's own tracepoint counts, from a
 * counting run: {@code -prof dev.uringlab.jmh.KernelCountsProfiler}); the prices are the
 * non-negative least-squares fit of time on steps (Lawson and Hanson's active set), each with a
 * bootstrap interval (the timing run's iterations resampled within each workload, each workload's
 * time the median of its iterations), and the fit
 * is validated by predicting each workload from a fit without it (leave-one-out).
 *
 * <p>The step kinds are the counters the kernel's tracepoints see ({@link #KINDS}): a system
 * call, a request (allocated, issued, completed, freed), a CQE filled, a link member added, a
 * task-work pass, an io-wq punt, a context switch. Steps no tracepoint sees (locks, fences,
 * out-of-line calls) are folded into the kind they go with on these workloads; pricing them
 * apart needs the linux-6.18 recipes (left for later).
 *
 * <p>What it assumes: the running kernel's prices on this virtual machine, with its noise; the
 * authors' machines were others. Usage:
 * {@code java -cp reports.jar dev.uringlab.reports.prices.PriceFit TIMING.json COUNTS.json}.
 */
public final class PriceFit {
    /** Step kinds: the secondary metric (a ring counter's field name) each one is read from. */
    public static final Map<String, String> KINDS = kinds();
    /** The bootstrap's replicates. */
    static final int REPLICATES = 1000;

    private static Map<String, String> kinds() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("syscall", "enter");
        m.put("request", "sqeSubmitted");
        m.put("cqe", "cqeFilled");
        m.put("link", "reqLinked");
        m.put("task-work-pass", "taskWorkPass");
        m.put("io-wq punt", "ioWqEnqueue");
        m.put("context switch", "schedSwitch");
        return m;
    }

    /**
     * One calibration workload.
     *
     * @param name      its name (the benchmark's {@code calib} param)
     * @param steps     steps per operation, one per kind, in {@link #KINDS} order
     * @param nsSamples time per operation of each measurement iteration, in nanoseconds
     */
    public record Workload(String name, double[] steps, double[] nsSamples) {
        /**
         * The time per operation: the median of the iterations' (a shared machine's slow phases
         * take whole iterations; the median leaves them out, the mean would not).
         */
        public double ns() {
            return median(nsSamples);
        }
    }

    /**
     * The fit: a price per kind with its interval, and each workload's leave-one-out prediction.
     *
     * @param kinds     the kinds, in order
     * @param prices    ns per step
     * @param low       2.5th bootstrap percentile of each price
     * @param high      97.5th
     * @param workloads the workloads fitted
     * @param looNs     each workload's time predicted by the fit of all the others
     */
    public record Fit(List<String> kinds, double[] prices, double[] low, double[] high, List<Workload> workloads,
                      double[] looNs) {
        /** The leave-one-out prediction's error relative to the measured time, per workload. */
        public double looError(int i) {
            return looNs[i] / workloads.get(i).ns() - 1;
        }

        /** The largest leave-one-out error, in absolute value. */
        public double worstLooError() {
            double worst = 0;
            for (int i = 0; i < looNs.length; i++) {
                worst = Math.max(worst, Math.abs(looError(i)));
            }
            return worst;
        }
    }

    private PriceFit() {}

    /** Fits {@code workloads} (at least one more than kinds, for the leave-one-out). */
    public static Fit fit(List<String> kinds, List<Workload> workloads, long seed) {
        int m = workloads.size();
        int n = kinds.size();
        double[][] a = new double[m][];
        double[] b = new double[m];
        for (int i = 0; i < m; i++) {
            a[i] = workloads.get(i).steps();
            b[i] = workloads.get(i).ns();
        }
        double[] prices = nnls(a, b);
        SplittableRandom random = new SplittableRandom(seed);
        double[][] reps = new double[n][REPLICATES];
        double[] bb = new double[m];
        for (int r = 0; r < REPLICATES; r++) {
            for (int i = 0; i < m; i++) {
                double[] s = workloads.get(i).nsSamples();
                double[] resample = new double[s.length];
                for (int j = 0; j < s.length; j++) {
                    resample[j] = s[random.nextInt(s.length)];
                }
                bb[i] = median(resample);
            }
            double[] p = nnls(a, bb);
            for (int k = 0; k < n; k++) {
                reps[k][r] = p[k];
            }
        }
        double[] low = new double[n];
        double[] high = new double[n];
        for (int k = 0; k < n; k++) {
            Arrays.sort(reps[k]);
            low[k] = reps[k][(int) Math.floor(0.025 * (REPLICATES - 1))];
            high[k] = reps[k][(int) Math.ceil(0.975 * (REPLICATES - 1))];
        }
        double[] loo = new double[m];
        for (int i = 0; i < m; i++) {
            double[][] ai = new double[m - 1][];
            double[] bi = new double[m - 1];
            for (int j = 0, t = 0; j < m; j++) {
                if (j != i) {
                    ai[t] = a[j];
                    bi[t++] = b[j];
                }
            }
            double[] p = nnls(ai, bi);
            loo[i] = dot(p, a[i]);
        }
        return new Fit(List.copyOf(kinds), prices, low, high, List.copyOf(workloads), loo);
    }

    /**
     * Non-negative least squares, min |Ax - b| subject to x >= 0: Lawson and Hanson's active-set
     * method (Solving Least Squares Problems, 1974, chapter 23), the unconstrained sub-problems
     * solved on the normal equations of the passive columns.
     */
    static double[] nnls(double[][] a, double[] b) {
        int m = a.length;
        int n = a[0].length;
        double[] x = new double[n];
        boolean[] passive = new boolean[n];
        double tol = 1e-10 * Math.max(1, norm(b));
        for (int outer = 0; outer < 3 * n + 10; outer++) {
            double[] w = gradient(a, b, x);
            int best = -1;
            for (int j = 0; j < n; j++) {
                if (!passive[j] && w[j] > tol && (best < 0 || w[j] > w[best])) {
                    best = j;
                }
            }
            if (best < 0) {
                break;
            }
            passive[best] = true;
            while (true) {
                double[] z = solvePassive(a, b, passive);
                boolean feasible = true;
                for (int j = 0; j < n; j++) {
                    if (passive[j] && z[j] <= 0) {
                        feasible = false;
                    }
                }
                if (feasible) {
                    x = z;
                    break;
                }
                double alpha = Double.POSITIVE_INFINITY;
                for (int j = 0; j < n; j++) {
                    if (passive[j] && z[j] <= 0) {
                        alpha = Math.min(alpha, x[j] / (x[j] - z[j]));
                    }
                }
                for (int j = 0; j < n; j++) {
                    x[j] += alpha * (z[j] - x[j]);
                    if (passive[j] && x[j] <= 1e-12) {
                        passive[j] = false;
                        x[j] = 0;
                    }
                }
            }
        }
        return x;
    }

    /** A^T (b - A x). */
    private static double[] gradient(double[][] a, double[] b, double[] x) {
        int n = x.length;
        double[] w = new double[n];
        for (int i = 0; i < a.length; i++) {
            double r = b[i] - dot(a[i], x);
            for (int j = 0; j < n; j++) {
                w[j] += a[i][j] * r;
            }
        }
        return w;
    }

    /** Least squares on the passive columns only (normal equations, Gaussian elimination with pivoting); 0 elsewhere. */
    private static double[] solvePassive(double[][] a, double[] b, boolean[] passive) {
        int n = passive.length;
        int[] cols = java.util.stream.IntStream.range(0, n).filter(j -> passive[j]).toArray();
        int p = cols.length;
        double[][] g = new double[p][p + 1];
        for (int i = 0; i < a.length; i++) {
            double[] row = a[i];
            for (int r = 0; r < p; r++) {
                for (int c = 0; c < p; c++) {
                    g[r][c] += row[cols[r]] * row[cols[c]];
                }
                g[r][p] += row[cols[r]] * b[i];
            }
        }
        for (int r = 0; r < p; r++) {
            g[r][r] += 1e-12; // a ridge far below any price: keeps a column of zeros solvable
        }
        for (int c = 0; c < p; c++) {
            int piv = c;
            for (int r = c + 1; r < p; r++) {
                if (Math.abs(g[r][c]) > Math.abs(g[piv][c])) {
                    piv = r;
                }
            }
            double[] t = g[c];
            g[c] = g[piv];
            g[piv] = t;
            for (int r = 0; r < p; r++) {
                if (r != c && g[c][c] != 0) {
                    double f = g[r][c] / g[c][c];
                    for (int k = c; k <= p; k++) {
                        g[r][k] -= f * g[c][k];
                    }
                }
            }
        }
        double[] z = new double[n];
        for (int r = 0; r < p; r++) {
            z[cols[r]] = g[r][r] == 0 ? 0 : g[r][p] / g[r][r];
        }
        return z;
    }

    static double median(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        int n = c.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
    }

    private static double dot(double[] u, double[] v) {
        double s = 0;
        for (int i = 0; i < u.length; i++) {
            s += u[i] * v[i];
        }
        return s;
    }

    private static double norm(double[] v) {
        return Math.sqrt(dot(v, v));
    }

    /**
     * The calibration workloads of two JMH runs of {@code CalibrationBenchmark}: times from
     * {@code timing} (no counting), steps per operation from {@code counts} (a counting fork:
     * secondary score / primary score), matched on the {@code calib} param.
     */
    public static List<Workload> workloads(Run timing, Run counts) {
        Map<String, JmhResult> counted = new LinkedHashMap<>();
        for (JmhResult r : counts.results()) {
            if (r.params().containsKey("calib")) {
                counted.put(r.params().get("calib"), r);
            }
        }
        List<Workload> out = new ArrayList<>();
        for (JmhResult r : timing.results()) {
            String name = r.params().get("calib");
            JmhResult c = name == null ? null : counted.get(name);
            if (c == null) {
                continue;
            }
            double[] steps = new double[KINDS.size()];
            int k = 0;
            for (String metric : KINDS.values()) {
                var m = c.secondary().get(metric);
                steps[k++] = m == null ? 0 : m.score() / c.primary().score();
            }
            double[] ns = r.primary().samples().stream().mapToDouble(opsPerSecond -> 1e9 / opsPerSecond).toArray();
            out.add(new Workload(name, steps, ns));
        }
        return out;
    }

    /** Prints the prices and the leave-one-out table. */
    public static void print(Fit fit, PrintStream out) {
        out.println("Kernel prices (NNLS of ns/op on steps/op, 95% bootstrap intervals):");
        for (int k = 0; k < fit.kinds().size(); k++) {
            out.printf(Locale.ROOT, "  %-16s %8.1f ns  [%8.1f, %8.1f]%n", fit.kinds().get(k), fit.prices()[k], fit.low()[k],
                    fit.high()[k]);
        }
        out.println("Leave-one-out: each workload predicted by the fit of the others:");
        out.printf(Locale.ROOT, "  %-22s %10s %10s %8s   steps/op (%s)%n", "workload", "measured", "predicted", "error",
                String.join(", ", fit.kinds()));
        for (int i = 0; i < fit.workloads().size(); i++) {
            Workload w = fit.workloads().get(i);
            StringBuilder steps = new StringBuilder();
            for (double s : w.steps()) {
                steps.append(steps.isEmpty() ? "" : " ").append(String.format(Locale.ROOT, "%.3f", s));
            }
            out.printf(Locale.ROOT, "  %-22s %8.1f ns %8.1f ns %+7.1f%%   %s%n", w.name(), w.ns(), fit.looNs()[i],
                    100 * fit.looError(i), steps);
        }
        out.printf(Locale.ROOT, "  worst leave-one-out error: %.1f%% (the bar: 15%%)%n", 100 * fit.worstLooError());
    }

    public static void main(String[] args) throws ReportInputException {
        if (args.length != 2) {
            System.err.println("usage: PriceFit TIMING.json COUNTS.json (CalibrationBenchmark without and with"
                    + " -prof dev.uringlab.jmh.KernelCountsProfiler)");
            System.exit(2);
        }
        List<Workload> w = workloads(RunReader.read(Path.of(args[0])), RunReader.read(Path.of(args[1])));
        print(fit(List.copyOf(KINDS.keySet()), w, 42), System.out);
    }
}
