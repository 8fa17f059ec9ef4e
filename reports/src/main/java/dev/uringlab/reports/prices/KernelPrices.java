package dev.uringlab.reports.prices;

import com.fasterxml.jackson.databind.JsonNode;
import dev.uringlab.reports.input.JsonFiles;
import dev.uringlab.reports.input.ReportInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The prices file ({@code prices.json}): the kernel prices fitted by {@link PriceFit} with their
 * bootstrap draws and the leave-one-out table, and the recipes' steps per operation of every
 * race's arms, which the report multiplies by the draws for each figure's kernel-priced ratio
 * ({@link PricedRatios}). {@code uring-lab prices} writes it from the calibration runs;
 * {@code uring-lab compare} copies it into the run's directory with the recipes of its own build,
 * where {@code uring-lab report} reads it beside {@code jmh.json}.
 *
 * @param assumes   what every prediction from these prices assumes, in words
 * @param kernel    the running kernel the prices are of ({@code os.version})
 * @param fitted    when and on what machine they were fitted, e.g. {@code 2026-12-03 on AMD EPYC, 2 CPUs}
 *                  (null in a file from before it was kept)
 * @param kinds     the step kinds, in the order of every array here
 * @param prices    ns per step of each kind (0 for a kind not priced)
 * @param low       2.5th bootstrap percentile of each price
 * @param high      97.5th
 * @param apart     per kind, the share of its steps outside the other kinds' span (NaN: not priced)
 * @param draws     the bootstrap's prices, one row per replicate
 * @param workloads the calibration workloads: measured and leave-one-out time, steps per operation
 * @param skipped   calibration workloads measured but not fitted, with why
 * @param races     every recipe's arms with their steps per operation, or empty
 */
public record KernelPrices(String assumes, String kernel, String fitted, List<String> kinds, double[] prices, double[] low, double[] high,
                           double[] apart, double[][] draws, List<Workload> workloads, List<String> skipped, List<Race> races) {
    /** The file's name in a run's directory. */
    public static final String NAME = "prices.json";
    /**
     * The prices shipped with this build, on its class path: {@code uring-lab prices} run on the
     * calibration runs of the machine and kernel their {@code fitted} and {@code kernel} name
     * (docs/prices.md says which), for {@code compare} on a machine that has fitted none of its own.
     */
    public static final String REFERENCE = "prices-reference.json";
    /** What every kernel-priced figure assumes. */
    public static final String ASSUMES = "The prices are those of the kernel and machine named with them, fitted there on"
            + " native calibration workloads. Each arm's steps are its recipe's, in the author's kernel (traced by the emulator,"
            + " held to the recipe by RecipeTest), priced at those prices: the authors' kernels ran on other machines, where a"
            + " step costs otherwise, and work a recipe does not list (inline code, cache misses, the hardware's own queues) is"
            + " priced only as far as the calibration's steps stand for it. A kind no calibration workload takes is left out;"
            + " kinds that move only together are priced as their bundle.";

    public KernelPrices {
        kinds = List.copyOf(kinds);
        workloads = List.copyOf(workloads);
        skipped = List.copyOf(skipped);
        races = List.copyOf(races);
    }

    /**
     * One calibration workload of the fit.
     *
     * @param name       its name
     * @param measuredNs its measured time per operation
     * @param looNs      its time predicted by the fit without it
     * @param steps      its steps per operation, by kind
     */
    public record Workload(String name, double measuredNs, double looNs, double[] steps) {
        /** The leave-one-out error relative to the measured time. */
        public double looError() {
            return looNs / measuredNs - 1;
        }
    }

    /**
     * One recipe (docs/recipes.md): a race's arms and their steps per operation.
     *
     * @param race   the race's name
     * @param figure the seed whose figure it measures
     * @param title  the recipe's title
     * @param params the workload's parameters and every arm's options (key as the recipe writes it)
     * @param arms   the arms, A (the author's kernel) first
     */
    public record Race(String race, String figure, String title, Map<String, String> params, List<Arm> arms) {
    }

    /**
     * One arm of a recipe.
     *
     * @param id     its letter
     * @param label  its label ({@code linux-6.1+batched-cqe})
     * @param kernel its kernel, as the recipe says
     * @param steps  steps per operation, by kind ({@link #kinds} order)
     */
    public record Arm(String id, String label, String kernel, double[] steps) {
    }

    /** The prices of {@code fit}, without races. */
    public static KernelPrices of(PriceFit.Fit fit, String kernel, String fitted, List<String> skipped) {
        List<Workload> rows = new ArrayList<>();
        for (int i = 0; i < fit.workloads().size(); i++) {
            PriceFit.Workload w = fit.workloads().get(i);
            rows.add(new Workload(w.name(), w.ns(), fit.looNs()[i], w.steps()));
        }
        return new KernelPrices(ASSUMES, kernel, fitted, fit.kinds(), fit.prices(), fit.low(), fit.high(), fit.apart(), fit.draws(), rows,
                skipped, List.of());
    }

    /** These prices with {@code races} (a build's recipes) instead of the ones they hold. */
    public KernelPrices withRaces(List<Race> races) {
        return new KernelPrices(assumes, kernel, fitted, kinds, prices, low, high, apart, draws, workloads, skipped, races);
    }

    /**
     * These prices with the kinds {@code more} after their own, none of them priced (price and
     * interval 0 in every draw, {@code apart} NaN, 0 steps in every workload and arm): kinds that a
     * later build's recipes take and the calibration these prices were fitted on did not know. A
     * kernel-priced ratio leaves their steps out and names them, as it does a kind no calibration
     * workload takes; refitting with the later build prices them.
     */
    public KernelPrices withUnpricedKinds(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(kinds);
        for (String kind : more) {
            if (all.contains(kind)) {
                throw new IllegalArgumentException("kind " + kind + " is already one of these prices' " + kinds);
            }
            all.add(kind);
        }
        double[] notPriced = new double[more.size()];
        double[] noApart = new double[more.size()];
        Arrays.fill(noApart, Double.NaN);
        double[][] moreDraws = new double[draws.length][];
        for (int r = 0; r < draws.length; r++) {
            moreDraws[r] = concat(draws[r], notPriced);
        }
        List<Workload> moreWorkloads = workloads.stream()
                .map(w -> new Workload(w.name(), w.measuredNs(), w.looNs(), concat(w.steps(), notPriced))).toList();
        List<Race> moreRaces = races.stream().map(race -> new Race(race.race(), race.figure(), race.title(), race.params(),
                race.arms().stream().map(a -> new Arm(a.id(), a.label(), a.kernel(), concat(a.steps(), notPriced))).toList())).toList();
        return new KernelPrices(assumes, kernel, fitted, all, concat(prices, notPriced), concat(low, notPriced), concat(high, notPriced),
                concat(apart, noApart), moreDraws, moreWorkloads, skipped, moreRaces);
    }

    private static double[] concat(double[] a, double[] b) {
        double[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Whether some calibration workload takes steps of kind {@code k}. */
    public boolean priced(int k) {
        return !Double.isNaN(apart[k]);
    }

    /** Whether kind {@code k}'s price is its own (its steps move apart from the others' somewhere). */
    public boolean separable(int k) {
        return priced(k) && apart[k] >= PriceFit.APART;
    }

    /** The largest leave-one-out error, in absolute value. */
    public double worstLooError() {
        return workloads.stream().mapToDouble(w -> Math.abs(w.looError())).max().orElse(Double.NaN);
    }

    /** Reads a prices file; a missing, truncated or foreign file is one message naming it. */
    public static KernelPrices read(Path file) throws ReportInputException {
        JsonNode tree = JsonFiles.read(file, "a prices file (uring-lab prices)");
        try {
            KernelPrices p = JsonFiles.JSON.treeToValue(tree, KernelPrices.class);
            if (p.kinds() == null || p.prices() == null || p.draws() == null || p.prices().length != p.kinds().size()) {
                throw new ReportInputException(file, "is not a prices file (uring-lab prices): no kinds, prices or draws");
            }
            return p;
        } catch (IOException e) {
            throw new ReportInputException(file, "is not a prices file (uring-lab prices): " + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }

    /** The prices shipped with this build ({@value #REFERENCE}), or empty when it has none. */
    public static Optional<KernelPrices> reference() {
        try (InputStream in = KernelPrices.class.getResourceAsStream(REFERENCE)) {
            return in == null ? Optional.empty() : Optional.of(JsonFiles.JSON.readValue(in, KernelPrices.class));
        } catch (IOException e) {
            throw new UncheckedIOException("the shipped " + REFERENCE + " is unreadable", e);
        }
    }

    /** The kernel and, where known, when and where the prices were fitted: {@code Linux 6.18.44 (fitted 2026-12-03 on ...)}. */
    public String provenance() {
        return fitted == null ? kernel : kernel + " (fitted " + fitted + ")";
    }

    /** Writes this file (NaN as JSON's {@code "NaN"}). */
    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Files.writeString(file, JsonFiles.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(this)); // NaN quoted, Jackson's default
    }

    /** The price table and the leave-one-out table, as text (what {@code uring-lab prices} prints). */
    public String table() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "Kernel prices of %s (NNLS of ns/op on steps/op, 95%% bootstrap intervals, %d workloads):%n",
                provenance(), workloads.size()));
        for (int k = 0; k < kinds.size(); k++) {
            if (!priced(k)) {
                out.append(String.format(Locale.ROOT, "  %-13s %8s     %-20s  no calibration workload takes it%n", kinds.get(k), "-", ""));
                continue;
            }
            out.append(String.format(Locale.ROOT, "  %-13s %8.1f ns  [%7.1f, %7.1f]  %s%n", kinds.get(k), prices[k], low[k], high[k],
                    separable(k) ? String.format(Locale.ROOT, "apart %.1f%%", 100 * apart[k])
                            : String.format(Locale.ROOT, "apart %.2f%%: moves only with other kinds, priced as their bundle", 100 * apart[k])));
        }
        out.append("Leave-one-out: each workload predicted by the fit of the others:\n");
        out.append(String.format(Locale.ROOT, "  %-18s %10s %10s %8s   steps/op (%s)%n", "workload", "measured", "predicted", "error",
                String.join(" ", kinds)));
        for (Workload w : workloads) {
            StringBuilder steps = new StringBuilder();
            for (double s : w.steps()) {
                steps.append(steps.isEmpty() ? "" : " ").append(String.format(Locale.ROOT, "%.3g", s));
            }
            out.append(String.format(Locale.ROOT, "  %-18s %7.1f ns %7.1f ns %+7.1f%%%s  %s%n", w.name(), w.measuredNs(), w.looNs(),
                    100 * w.looError(), Math.abs(w.looError()) > 0.15 ? "!" : " ", steps));
        }
        out.append(String.format(Locale.ROOT, "  worst leave-one-out error: %.1f%% (the bar: 15%%)%n", 100 * worstLooError()));
        for (String s : skipped) {
            out.append("  not fitted: ").append(s).append('\n');
        }
        return out.toString();
    }
}
