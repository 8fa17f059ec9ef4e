package dev.uringlab.cli.compare;

import static dev.uringlab.cli.UringLab.EXIT_OK;
import static dev.uringlab.cli.UringLab.EXIT_USAGE;

import dev.uringlab.cli.DemoPages;
import dev.uringlab.cli.FileProblem;
import dev.uringlab.reports.Report;
import dev.uringlab.reports.ReportRequest;
import dev.uringlab.reports.Reports;
import dev.uringlab.reports.analysis.Intervals;
import dev.uringlab.reports.input.ReportInputException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code uring-lab report JSON... [-o FILE] [--against FILE]}: regenerates the HTML report from
 * saved runs ({@code results/<timestamp>/jmh.json}, or any JMH {@code -rf json} file), several
 * runs (from different machines) merged into one report, each labelled by its {@code env.json}.
 * A missing, empty, truncated or non-JMH file, or an output that cannot be written
 * ({@code cannot write X: permission denied}), is one message naming the file and the problem,
 * exit status 2, and no report file. Every path is relative to the directory the user is in.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write the HTML report of saved JMH runs (jmh.json files; env.json beside each labels it)."})
public final class ReportCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "JSON", description = "JMH result files (-rf json), e.g. results/<timestamp>/jmh.json.")
    private List<Path> runs;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "The report to write (default: report.html beside the first JSON).")
    private Path output;

    @Option(names = "--against", paramLabel = "FILE", description = "An earlier run's jmh.json: the report shows the change since it.")
    private Path baseline;

    @Option(names = "--prices", paramLabel = "FILE",
            description = "Kernel prices (uring-lab prices): written beside the first JSON as prices.json, with this build's recipes,"
                    + " for each figure's kernel-priced ratio (without it, a prices.json already there is used).")
    private Path prices;

    @Option(names = "--confidence", paramLabel = "PERCENT", defaultValue = "95",
            description = "The confidence of every interval, e.g. 99 (default: ${DEFAULT-VALUE}).")
    private double confidence;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!(confidence >= 50 && confidence < 100)) {
            err.println("uring-lab report: --confidence " + confidence + ": a confidence is a percentage from 50 to below 100, e.g. 95 or 99");
            return EXIT_USAGE;
        }
        Path file = output != null ? output : runs.get(0).toAbsolutePath().resolveSibling(CompareCommand.REPORT);
        if (prices != null && !PricesCommand.placeBeside(prices, runs.get(0).toAbsolutePath().getParent(), err)) {
            return EXIT_USAGE;
        }
        Report report;
        try {
            report = Reports.write(new ReportRequest(runs, Optional.ofNullable(baseline), Optional.empty(), file,
                    new Intervals(confidence / 100)));
        } catch (ReportInputException e) {
            err.println("uring-lab report: " + e.getMessage());
            return EXIT_USAGE;
        } catch (IOException e) {
            err.println("uring-lab report: cannot write " + file + ": " + FileProblem.of(e));
            return EXIT_USAGE;
        }
        out.print(report.summaryTable());
        out.println("report: " + report.file());
        DemoPages.writeBeside(report.file(), err).forEach(page -> out.println("demo: " + page));
        return EXIT_OK;
    }
}
