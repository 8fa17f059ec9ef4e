package dev.uringlab.cli;

import static dev.uringlab.cli.UringLab.EXIT_FAILURE;
import static dev.uringlab.cli.UringLab.EXIT_OK;
import static dev.uringlab.cli.UringLab.EXIT_USAGE;

import dev.uringlab.demos.ArmRun;
import dev.uringlab.demos.Demo;
import dev.uringlab.demos.DemoFailedException;
import dev.uringlab.demos.Demos;
import dev.uringlab.demos.Replay;
import dev.uringlab.demos.render.DemoPage;
import dev.uringlab.demos.render.TextTrace;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
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
 * {@code uring-lab demo [NAME] [--step] [--diff-only] [-o FILE]}: without NAME, lists the classroom demos;
 * with it, replays the demo on the emulated ring (both arms) and prints its narrated trace, or,
 * with {@code -o}, writes it as one self-contained interactive page. Exit status 2, with one
 * line on standard error, for an unknown demo or a page that cannot be written.
 */
@Command(name = "demo",
        mixinStandardHelpOptions = true,
        description = {"Classroom demos: list them, print one as a narrated trace (the author's kernel and the "
                + "patched one, step by step), or write it as an interactive page."},
        footer = {"", "Examples:", "  uring-lab demo", "  uring-lab demo batched-cqe --step", "  uring-lab demo req-cache --diff-only",
            "  uring-lab demo batched-cqe -o batched-cqe.html", "",
            "Exit status: 0 success; 1 a demo that failed to run; 2 an unknown demo or a page that cannot be written."})
final class DemoCommand implements Callable<Integer> {

    @Parameters(paramLabel = "NAME", arity = "0..1", description = "The demo; without it, the list.")
    private String name;

    @Option(names = "--step", description = "Wait for Enter after each step; q and Enter, or end of input (Ctrl-D), print the rest.")
    private boolean step;

    @Option(names = "--diff-only", description = "Print in full only the steps where the arms differ; each stretch of shared steps is one line.")
    private boolean diffOnly;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the demo as one self-contained interactive HTML page to FILE.")
    private Path html;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (name == null) {
            list(out);
            return EXIT_OK;
        }
        Optional<Demo> demo = Demos.find(name);
        if (demo.isEmpty()) {
            err.println("uring-lab demo: no demo '" + name + "'; demos: " + String.join(", ", Demos.NAMES));
            return EXIT_USAGE;
        }
        List<ArmRun> runs;
        try {
            runs = Replay.run(demo.get());
        } catch (DemoFailedException | IllegalArgumentException | IllegalStateException e) {
            err.println("uring-lab demo: " + e.getMessage());
            return EXIT_FAILURE;
        }
        if (html != null) {
            try {
                Path written = DemoPage.write(demo.get(), runs, html);
                out.println("uring-lab demo: wrote " + written);
                out.flush();
                return EXIT_OK;
            } catch (UncheckedIOException e) {
                err.println("uring-lab demo: cannot write " + html + ": " + reason(e.getCause()));
                return EXIT_USAGE;
            }
        }
        if (step) {
            err.println("uring-lab demo: Enter after each step for the next; q or end of input (Ctrl-D) prints the rest");
            err.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, Charset.defaultCharset()));
            TextTrace.write(demo.get(), runs, out, diffOnly, () -> waitForEnter(in));
        } else {
            TextTrace.write(demo.get(), runs, out, diffOnly, () -> false);
        }
        return EXIT_OK;
    }

    private static void list(PrintWriter out) {
        List<Demo> all = Demos.all();
        int w = all.stream().mapToInt(d -> d.name().length()).max().orElse(4);
        out.println("Demos (uring-lab demo NAME [--step] [--diff-only] [-o FILE]):");
        for (Demo d : all) {
            out.printf("  %-" + w + "s  %-4s %s%n", d.name(), d.seed() == null ? "" : d.seed(), d.title());
        }
        out.flush();
    }

    /** Enter goes on pausing; {@code q} (then Enter) or end of input stops it, and the rest prints at once. */
    static boolean waitForEnter(BufferedReader in) {
        try {
            String line = in.readLine();
            return line != null && !line.strip().equalsIgnoreCase("q");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String reason(IOException e) {
        return switch (e) {
            case java.nio.file.NoSuchFileException ignored -> "no such file or directory";
            case java.nio.file.AccessDeniedException ignored -> "permission denied";
            case java.nio.file.FileSystemException f when f.getReason() != null -> f.getReason();
            default -> e.getMessage();
        };
    }
}
