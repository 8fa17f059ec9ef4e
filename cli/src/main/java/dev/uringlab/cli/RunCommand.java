package dev.uringlab.cli;

import static dev.uringlab.cli.UringLab.EXIT_FAILURE;
import static dev.uringlab.cli.UringLab.EXIT_OK;
import static dev.uringlab.cli.UringLab.EXIT_USAGE;

import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.UnknownStrategyException;
import dev.uringlab.workloads.scenario.Scenario;
import dev.uringlab.workloads.scenario.ScenarioParser;
import dev.uringlab.workloads.scenario.ScenarioRunner;
import dev.uringlab.workloads.scenario.ScenarioRuntimeException;
import dev.uringlab.workloads.scenario.ScenarioSyntaxException;
import dev.uringlab.workloads.scenario.TracedRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code uring-lab run FILE [--ring emulated|native] [--strategy AXIS=ALIAS ...] [--profile P]}:
 * runs one scenario file and prints exactly its output lines (docs/scenario-format.md) on standard
 * output, so two runs can be compared with {@code diff}.
 *
 * <p>Exit status: 2 for an error in the file ({@code FILE:LINE: message} on standard error)
 * or in the options (an unknown engine, axis, alias or profile, listing those available), or
 * a configuration the engine refuses (ring sizes; on the native ring, any strategy but those
 * the kernel implements itself);
 * 1 for a failure at run time (the message names the line) and for a ring engine that
 * cannot run on this machine (io_uring missing or refused: the command was right, the
 * machine cannot run it); 0 otherwise.
 */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        description = {"Run a scenario file and print one line per CQE reaped (and 'submitted N' per submit)."},
        footer = {"", "Exit status: 0 success; 1 failure at run time, or the ring engine cannot run here; "
            + "2 an error in FILE (FILE:LINE: message) or in the options."})
final class RunCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "The scenario file (docs/scenario-format.md, format v1 with its extensions).")
    private Path file;

    @Option(names = "--ring", paramLabel = "ENGINE", defaultValue = "emulated",
            description = "The ring engine: emulated or native (the real kernel). Default: ${DEFAULT-VALUE}.")
    private String engine;

    @Option(names = "--strategy", paramLabel = "AXIS=ALIAS",
            description = "An emulated mechanism, e.g. completion=batched-cqe; repeatable. Unset axes are baseline "
                    + "(or the profile's). The axes and their aliases are listed below.")
    private Map<String, String> strategies = new LinkedHashMap<>();

    @Option(names = "--option", paramLabel = "KEY=VALUE",
            description = "A strategy option, e.g. cqe-array=8 (the CQE array of completion=batched-cqe); repeatable. "
                    + "Only the chosen strategies' options are accepted (all are listed below).")
    private Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--trace",
            description = "Print, under each line of the file, every step the emulated kernel takes for it, "
                    + "named after its kernel function (emulated ring only).")
    private boolean trace;

    @Option(names = "--profile", paramLabel = "PROFILE",
            description = "baseline; all-patches: every axis not set by --strategy at its newest patched alias; or a "
                    + "kernel profile (listed below): every axis not set by --strategy as that kernel ran it (a seed's "
                    + "context).")
    private String profile;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> lines;
        Scenario scenario;
        try {
            lines = ScenarioParser.readLines(file); // read once: the trace shows them
            scenario = ScenarioParser.parse(file.toString(), lines);
        } catch (ScenarioSyntaxException e) {
            err.println(e.getMessage());
            return EXIT_USAGE;
        } catch (IOException e) {
            err.println(file + ": " + FileProblem.of(e)); // FILE: no such file / permission denied / is a directory
            return EXIT_USAGE;
        }
        if (!Rings.providers().containsKey(engine)) {
            err.println("uring-lab run: no ring engine '" + engine + "'; available: "
                    + String.join(", ", Rings.providers().keySet()));
            return EXIT_USAGE;
        }
        if (trace && !engine.equals("emulated")) {
            err.println("uring-lab run: --trace needs the emulated ring: the " + engine + " ring has no trace of its steps");
            return EXIT_USAGE;
        }
        boolean chosen = !strategies.isEmpty() || profile != null;
        RingConfig config = ScenarioRunner.ringConfig(scenario, strategies, profile);
        try {
            if (chosen && !engine.equals("native")) {
                Strategies.resolve(config); // before anything runs: an unknown name is a usage error
            }
            config = Strategies.withOptions(config, options);
            if (trace) {
                TracedRun.run(scenario, lines, config, out::println);
            } else {
                ScenarioRunner.run(scenario, engine, config, out::println);
            }
        } catch (UnknownStrategyException e) {
            err.println("uring-lab run: " + e.getMessage());
            return EXIT_USAGE;
        } catch (IllegalArgumentException e) {
            // The engine refuses the configuration: setup sizes, or a strategy it cannot run (native).
            err.println("uring-lab run: " + file + ": the " + engine + " ring refuses this setup: " + e.getMessage());
            return EXIT_USAGE;
        } catch (RingUnavailableException e) {
            err.println("uring-lab run: the " + engine + " ring cannot run here: " + e.getMessage());
            return EXIT_FAILURE;
        } catch (ScenarioRuntimeException e) {
            out.flush();
            err.println(e.getMessage());
            return EXIT_FAILURE;
        } finally {
            out.flush();
        }
        return EXIT_OK;
    }
}
