package dev.uringlab.reports.prices;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Kernel prices (DESIGN.md, "Measuring"): what each kind of step costs the running kernel, in
 * nanoseconds, fitted from calibration workloads on the native ring that move one kind of step at
 * a time (jmh's {@code CalibrationBenchmark}). Each workload gives its time per operation (a JMH
 * run without counting) and its steps per operation ({@link CalibrationInput}: the kernel's own
 * tracepoint counts where a tracepoint sees the step, the emulated ring's typed steps under
 * {@code linux-6.18} where none does); the prices are the non-negative least-squares fit of time
 * on steps (Lawson and Hanson's active set; relative errors minimised), each with a bootstrap interval (forks resampled, then
 * iterations within each fork; each workload's time the median of its resample), and the fit is
 * validated by predicting each workload from a fit without it (leave-one-out).
 *
 * <p>What the fit can and cannot tell apart is part of its answer: a kind no workload takes is
 * not priced, and a kind whose steps move only together with others' across the workloads is
 * priced only as part of their bundle ({@link Fit#apart}: how much of its column lies outside
 * the span of the others').
 *
 * <p>What it assumes: the running kernel's prices on this virtual machine, with its noise; the
 * authors' machines were others.
 */
public final class PriceFit {
    /** The bootstrap's replicates. */
    static final int REPLICATES = 1000;
    /** Below this share of its column outside the others' span, a kind's price is its bundle's, not its own. */
    public static final double APART = 0.01;

    /**
     * One calibration workload.
     *
     * @param name  its name (the benchmark's {@code calib} param)
     * @param steps steps per operation, one per kind, in the fit's kind order
     * @param forks time per operation of each measurement iteration, in nanoseconds, per fork
     */
    public record Workload(String name, double[] steps, List<double[]> forks) {
        public Workload {
            forks = List.copyOf(forks);
        }

        /** A workload measured in one fork. */
        public Workload(String name, double[] steps, double[] nsSamples) {
            this(name, steps, List.of(nsSamples));
        }

        /**
         * The time per operation: the median of every iteration (a shared machine's slow phases
         * take whole iterations; the median leaves them out, the mean would not).
         */
        public double ns() {
            return median(forks.stream().flatMapToDouble(Arrays::stream).toArray());
        }
    }

    /**
     * The fit: a price per kind with its interval, and each workload's leave-one-out prediction.
     *
     * @param kinds     the kinds, in order
     * @param prices    ns per step (0 for a kind not priced)
     * @param low       2.5th bootstrap percentile of each price
     * @param high      97.5th
     * @param draws     the bootstrap's prices, one row per replicate, for intervals on what the prices predict
     * @param apart     per kind, the share of its steps' column (over the workloads) outside the span of
     *                  the other kinds' columns: 0 when it moves only with others, NaN when no workload takes it
     * @param workloads the workloads fitted
     * @param looNs     each workload's time predicted by the fit of all the others
     */
    public record Fit(List<String> kinds, double[] prices, double[] low, double[] high, double[][] draws, double[] apart,
                      List<Workload> workloads, double[] looNs) {
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

        /** Whether some workload takes steps of kind {@code k}. */
        public boolean priced(int k) {
            return !Double.isNaN(apart[k]);
        }

        /** Whether kind {@code k}'s price is its own: its steps move apart from every other kind's somewhere. */
        public boolean separable(int k) {
            return priced(k) && apart[k] >= APART;
        }
    }

    private PriceFit() {}

    /**
     * Fits {@code workloads} (at least one more than kinds, for the leave-one-out). Each workload's
     * row is weighted by the inverse of its measured time, so the fit minimises relative errors, as
     * the leave-one-out bar is relative: on absolute nanoseconds a workload of microseconds (an io-wq
     * punt) would outweigh every workload of tens of nanoseconds.
     */
    public static Fit fit(List<String> kinds, List<Workload> workloads, long seed) {
        int m = workloads.size();
        int n = kinds.size();
        double[][] a = new double[m][];
        double[] b = new double[m];
        double[] weight = new double[m];
        for (int i = 0; i < m; i++) {
            weight[i] = 1 / workloads.get(i).ns();
            a[i] = scaled(workloads.get(i).steps(), weight[i]);
            b[i] = 1;
        }
        double[] prices = nnls(a, b);
        SplittableRandom random = new SplittableRandom(seed);
        double[][] draws = new double[REPLICATES][];
        double[] bb = new double[m];
        for (int r = 0; r < REPLICATES; r++) {
            for (int i = 0; i < m; i++) {
                bb[i] = weight[i] * median(resample(workloads.get(i).forks(), random));
            }
            draws[r] = nnls(a, bb);
        }
        double[] low = new double[n];
        double[] high = new double[n];
        double[] column = new double[REPLICATES];
        for (int k = 0; k < n; k++) {
            for (int r = 0; r < REPLICATES; r++) {
                column[r] = draws[r][k];
            }
            low[k] = percentile(column, 0.025);
            high[k] = percentile(column, 0.975);
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
            loo[i] = dot(p, workloads.get(i).steps());
        }
        return new Fit(List.copyOf(kinds), prices, low, high, draws, apart(a, n), List.copyOf(workloads), loo);
    }

    private static double[] scaled(double[] v, double by) {
        double[] out = new double[v.length];
        for (int k = 0; k < v.length; k++) {
            out[k] = v[k] * by;
        }
        return out;
    }

    /** The {@code q} quantile of {@code v} by the nearest rank below (sorts a copy). */
    public static double percentile(double[] v, double q) {
        double[] c = v.clone();
        Arrays.sort(c);
        return c[(int) Math.floor(q * (c.length - 1) + 1e-9)];
    }

    /** Forks drawn with replacement, then iterations with replacement within each fork drawn, pooled. */
    private static double[] resample(List<double[]> forks, SplittableRandom random) {
        int total = 0;
        double[][] picked = new double[forks.size()][];
        for (int f = 0; f < picked.length; f++) {
            picked[f] = forks.get(random.nextInt(forks.size()));
            total += picked[f].length;
        }
        double[] out = new double[total];
        int o = 0;
        for (double[] fork : picked) {
            for (int j = 0; j < fork.length; j++) {
                out[o++] = fork[random.nextInt(fork.length)];
            }
        }
        return out;
    }

    /**
     * Per kind, the norm of its column's residual after least squares on the other kinds' columns,
     * over the column's norm; NaN for a column of zeros.
     */
    static double[] apart(double[][] a, int n) {
        double[] out = new double[n];
        for (int k = 0; k < n; k++) {
            double[] col = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                col[i] = a[i][k];
            }
            double normK = norm(col);
            if (normK == 0) {
                out[k] = Double.NaN;
                continue;
            }
            boolean[] others = new boolean[n];
            for (int j = 0; j < n; j++) {
                others[j] = j != k;
            }
            double[] z = solvePassive(a, col, others);
            double[] residual = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                residual[i] = col[i] - dot(a[i], z);
            }
            out[k] = norm(residual) / normK;
        }
        return out;
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
}
