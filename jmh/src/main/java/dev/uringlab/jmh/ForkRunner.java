package dev.uringlab.jmh;

import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * JMH's {@link Runner} driven one fork at a time, for {@code uring-lab compare}'s interleaved
 * races: one host JVM for the whole run, so a fork costs its own JVM only (not a second one for
 * JMH's host), and the cli decides after each fork which point runs next.
 *
 * <p>Protocol (UTF-8 lines): the cli writes one request per line, tab-separated: the JSON file
 * to write the fork's results to, then JMH's command-line arguments (a benchmark regex, its
 * {@code -p}, {@code -wi}/{@code -i}/{@code -w}/{@code -r}, {@code -prof}...). The forks are
 * set to 1 whatever the arguments say, and every fork gets {@link ForkFlags}. The runner answers on standard output with one line,
 * {@code ok N} (N results written) or {@code error MESSAGE}. JMH's own output goes to the log
 * file named as the first argument ({@code -} for standard error), appended fork after fork.
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.uringlab.jmh.ForkRunner LOG|-}.
 */
public final class ForkRunner {
    private ForkRunner() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ForkRunner LOG|-");
            System.exit(2);
        }
        PrintStream jmhOut = args[0].equals("-") ? System.err
                : new PrintStream(new FileOutputStream(args[0], true), true, StandardCharsets.UTF_8);
        PrintStream answers = System.out;
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            String[] fields = line.split("\t");
            answers.println(runOne(fields[0], Arrays.copyOfRange(fields, 1, fields.length), jmhOut));
            answers.flush();
        }
    }

    /** Runs one fork of what {@code jmhArgs} select; the answer line. */
    static String runOne(String resultFile, String[] jmhArgs, PrintStream jmhOut) {
        try {
            Options options = new OptionsBuilder().parent(new CommandLineOptions(ForkFlags.withForkFlags(jmhArgs)))
                    .forks(1).result(resultFile).resultFormat(ResultFormatType.JSON).build();
            Collection<RunResult> results = new Runner(options, OutputFormatFactory.createFormatInstance(jmhOut, VerboseMode.NORMAL)).run();
            return "ok " + results.size();
        } catch (CommandLineOptionException | RunnerException | RuntimeException e) {
            String message = String.valueOf(e.getMessage()).replaceAll("\\s+", " ").strip();
            return "error " + (message.isEmpty() || message.equals("null") ? e.getClass().getSimpleName() : message);
        }
    }
}
