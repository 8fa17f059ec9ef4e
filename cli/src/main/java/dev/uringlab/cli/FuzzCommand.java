package dev.uringlab.cli;

import static dev.uringlab.cli.UringLab.EXIT_FAILURE;
import static dev.uringlab.cli.UringLab.EXIT_OK;

import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.workloads.fuzz.DifferentialRunner;
import dev.uringlab.workloads.fuzz.DisagreementKind;
import dev.uringlab.workloads.fuzz.EmulatedSet;
import dev.uringlab.workloads.fuzz.FuzzCampaign;
import dev.uringlab.workloads.fuzz.ProgramGenerator;
import dev.uringlab.workloads.fuzz.ScenarioGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code uring-lab fuzz [--generator fuzz|edge] --count N --seed S [-o DIR]}: generates N scenario
 * programs from seed S with one of the two generators ({@link ProgramGenerator}), runs each twice on this machine's kernel and on the emulator under every strategy set that
 * claims the kernel's semantics, shrinks every disagreement and prints them grouped by kind
 * ({@link FuzzCampaign}); with {@code -o}, writes each kind as a scenario with the kernel's
 * stream as its {@code .expected}; the summary names a {@code .scn} file only where it wrote one.
 * {@code --kinds} prints the kinds table ({@link DisagreementKind#table()}).
 *
 * <p>Exit status: 0 when every program agreed or was set aside as nondeterministic; 1 when some
 * disagreed, or when the native ring cannot run here; 2 for an error in the options.
 */
@Command(name = "fuzz",
        mixinStandardHelpOptions = true,
        description = {"Run generated scenario programs on the emulator and on the kernel; shrink and print every "
                + "disagreement."},
        footer = {"", "Exit status: 0 no disagreement; 1 disagreements found, or no native io_uring here; "
            + "2 an error in the options."})
final class FuzzCommand implements Callable<Integer> {

    @Option(names = "--count", paramLabel = "N", defaultValue = "1000",
            description = "How many programs. Default: ${DEFAULT-VALUE}.")
    private int count;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "The campaign seed, hexadecimal (program i of seed S is always the same). "
                    + "Default: ${DEFAULT-VALUE}.")
    private String seed;

    @Option(names = "--first", paramLabel = "I", defaultValue = "0",
            description = "The first program's number, to rerun one: --first 417 --count 1. Default: ${DEFAULT-VALUE}.")
    private int first;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Write each kind's shrunk scenario and its .expected (the kernel's stream) here.")
    private Path out;

    @Option(names = "--no-shrink", description = "Report disagreements as generated, without shrinking them.")
    private boolean noShrink;

    @Option(names = "--print", description = "Print the programs (scenario text) instead of running them.")
    private boolean print;

    @Option(names = "--generator", paramLabel = "NAME", defaultValue = ScenarioGenerator.NAME,
            description = "The program generator: fuzz (the first, every command with a model of what completes "
                    + "when) or edge (the second, written apart: brim-full pipes, long mixed links, open chains, "
                    + "tiny CQs, duplicate user_data, the skip flag everywhere). Default: ${DEFAULT-VALUE}.")
    private String generatorName;

    @Option(names = "--kinds", description = "Print the kinds of disagreement found so far, each with how it was "
            + "settled, its scenario and the kernel function that decides it, and exit.")
    private boolean kinds;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        long s;
        try {
            s = Long.parseUnsignedLong(seed, 16);
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), "--seed: not hexadecimal: " + seed);
        }
        if (kinds) {
            DisagreementKind.table().forEach(stdout::println);
            stdout.flush();
            return EXIT_OK;
        }
        if (!ProgramGenerator.NAMES.contains(generatorName)) {
            throw new ParameterException(spec.commandLine(), "--generator: unknown generator '" + generatorName
                    + "'; generators: " + String.join(", ", ProgramGenerator.NAMES));
        }
        ProgramGenerator generator = ProgramGenerator.of(generatorName, s);
        if (count < 1 || first < 0) {
            throw new ParameterException(spec.commandLine(), "--count must be >= 1, --first >= 0");
        }
        if (print) {
            for (int i = first; i < first + count; i++) {
                stdout.println("# " + generator.program(i).name());
                stdout.print(generator.program(i).text());
            }
            stdout.flush();
            return EXIT_OK;
        }
        Optional<String> unavailable = DifferentialRunner.nativeUnavailable();
        if (unavailable.isPresent()) {
            err.println("uring-lab fuzz: the native ring cannot run here: " + unavailable.get());
            return EXIT_FAILURE;
        }
        FuzzCampaign campaign = new FuzzCampaign(generator, new DifferentialRunner(EmulatedSet.all()));
        try {
            campaign.run(first, count, !noShrink, line -> {
                err.println(line);
                err.flush();
            });
            campaign.summary().forEach(stdout::println);
            if (out != null) {
                campaign.writeScenarios(out).forEach(p -> stdout.println("wrote " + p));
            }
        } catch (RingUnavailableException e) {
            err.println("uring-lab fuzz: the native ring cannot run here: " + e.getMessage());
            return EXIT_FAILURE;
        } finally {
            stdout.flush();
        }
        return campaign.disagreements() == 0 ? EXIT_OK : EXIT_FAILURE;
    }
}
