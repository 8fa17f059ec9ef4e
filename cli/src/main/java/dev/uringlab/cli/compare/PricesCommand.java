package dev.uringlab.cli.compare;

import static dev.uringlab.cli.UringLab.EXIT_OK;
import static dev.uringlab.cli.UringLab.EXIT_USAGE;

import dev.uringlab.cli.FileProblem;
import dev.uringlab.reports.input.ReportInputException;
import dev.uringlab.reports.input.Run;
import dev.uringlab.reports.input.RunReader;
import dev.uringlab.reports.prices.CalibrationInput;
import dev.uringlab.reports.prices.KernelPrices;
import dev.uringlab.reports.prices.PriceFit;
import dev.uringlab.reports.prices.PricedRatios;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code uring-lab prices TIMING.json COUNTS.json [TIMING.json COUNTS.json]... [-o FILE]}: the
 * kernel prices (DESIGN.md, "Measuring") from JMH runs of {@code CalibrationBenchmark}, each pair
 * a run without counting (the times) and one with {@code -prof dev.uringlab.jmh.KernelCountsProfiler}
 * (the kernel's counts): reports' {@link PriceFit} with bootstrap intervals and leave-one-out, then
 * the kernel-priced ratio of every recipe of this build. Prints the price table and writes the
 * prices file ({@link KernelPrices}), by default {@code results/prices.json}, where
 * {@code uring-lab compare} finds it.
 */
@Command(name = "prices", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Fit the kernel's price per kind of step from CalibrationBenchmark runs and write prices.json.",
            "Give the files in pairs: the timing run (no profiler), then the counting run (-prof dev.uringlab.jmh.KernelCountsProfiler)."})
public final class PricesCommand implements Callable<Integer> {
    /** The prices file {@code compare} uses unless told otherwise: {@code results/prices.json}. */
    static Path defaultFile(Layout layout) {
        return layout.results().resolve(KernelPrices.NAME);
    }

    @Parameters(arity = "2..*", paramLabel = "TIMING COUNTS", description = "JMH result files of CalibrationBenchmark, in pairs.")
    private List<Path> files;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "The prices file to write (default: results/prices.json).")
    private Path output;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "The bootstrap's seed (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (files.size() % 2 != 0) {
            err.println("uring-lab prices: " + files.size() + " files: give them in pairs, TIMING.json COUNTS.json");
            return EXIT_USAGE;
        }
        List<Run> timing = new ArrayList<>();
        List<Run> counts = new ArrayList<>();
        try {
            for (int i = 0; i < files.size(); i += 2) {
                timing.add(RunReader.read(files.get(i)));
                counts.add(RunReader.read(files.get(i + 1)));
            }
        } catch (ReportInputException e) {
            err.println("uring-lab prices: " + e.getMessage());
            return EXIT_USAGE;
        }
        CalibrationInput input = CalibrationInput.of(timing, counts);
        if (input.workloads().size() < 2) {
            err.println("uring-lab prices: " + input.workloads().size() + " calibration workloads with a time and counts; a fit"
                    + " with leave-one-out needs two or more" + (input.skipped().isEmpty() ? "" : ": " + input.skipped()));
            return EXIT_USAGE;
        }
        PriceFit.Fit fit = PriceFit.fit(input.kinds(), input.workloads(), seed);
        KernelPrices prices = RecipeRaces.into(KernelPrices.of(fit, "Linux " + System.getProperty("os.version"), fitted(), input.skipped()));
        Path file = output != null ? output : defaultFile(Layout.locate());
        try {
            prices.write(file);
        } catch (IOException e) {
            err.println("uring-lab prices: cannot write " + file + ": " + FileProblem.of(e));
            return EXIT_USAGE;
        }
        out.print(prices.table());
        out.print(ratios(prices));
        out.println("prices: " + file);
        return EXIT_OK;
    }

    /** Each recipe's kernel-priced ratio, one line per race. */
    static String ratios(KernelPrices prices) {
        StringBuilder out = new StringBuilder("Kernel-priced ratio of each recipe (arm A's time over arm B's, 95% over the price draws):\n");
        for (KernelPrices.Race race : prices.races()) {
            if (race.arms().size() != 2) {
                continue;
            }
            PricedRatios.Priced p = PricedRatios.price(race, prices);
            out.append(String.format(Locale.ROOT, "  %s %-22s %.2fx [%.2f, %.2f]   A %.1f ns/op, B %.1f ns/op%s%n", race.figure(),
                    race.race(), p.ratio(), p.low(), p.high(), p.arms().get(0).ns(), p.arms().get(1).ns(),
                    p.note().isEmpty() ? "" : "\n      " + p.note()));
        }
        return out.toString();
    }

    /** When and on what machine prices fitted now are: {@code 2026-12-03 on AMD EPYC, 2 CPUs} (env.json's cpu and cores). */
    static String fitted() {
        return LocalDate.now(ZoneOffset.UTC) + " on " + EnvFile.cpuModel().orElse("an unknown CPU") + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs";
    }

    /**
     * Puts {@code prices} beside a run as {@code prices.json}, with this build's recipes, for the
     * report to read; returns whether it did. Prices fitted before a kind this build's recipes
     * take was typed price the rest and name that kind's steps as left out ({@link RecipeRaces#into}).
     */
    static boolean placeBeside(KernelPrices prices, Path runDir, PrintWriter err) {
        try {
            RecipeRaces.into(prices).write(runDir.resolve(KernelPrices.NAME));
            return true;
        } catch (IOException | IllegalStateException e) {
            err.println("uring-lab: no kernel-priced ratios: " + e.getMessage());
            return false;
        }
    }

    /** {@link #placeBeside(KernelPrices, Path, PrintWriter)} of the prices file {@code source}, which may be unreadable. */
    static boolean placeBeside(Path source, Path runDir, PrintWriter err) {
        return read(source, err).map(p -> placeBeside(p, runDir, err)).orElse(false);
    }

    /**
     * What {@code compare} prices its figures with: {@code given}, else {@code results/prices.json}
     * when there is one (this machine's own fit), else the prices shipped with this build
     * ({@link KernelPrices#reference}, named in the report by kernel, date and machine).
     */
    static Optional<KernelPrices> forCompare(Path given, Layout layout, PrintWriter err) {
        Path source = given != null ? given : defaultFile(layout);
        return given == null && !Files.isRegularFile(source) ? KernelPrices.reference() : read(source, err);
    }

    /** The prices file {@code source}, or empty with the reason on {@code err}. */
    private static Optional<KernelPrices> read(Path source, PrintWriter err) {
        try {
            return Optional.of(KernelPrices.read(source));
        } catch (ReportInputException e) {
            err.println("uring-lab: no kernel-priced ratios: " + e.getMessage());
            return Optional.empty();
        }
    }
}
