package dev.uringlab.cli;

import dev.uringlab.cli.compare.CompareCommand;
import dev.uringlab.cli.compare.IsolationCommand;
import dev.uringlab.cli.compare.PricesCommand;
import dev.uringlab.cli.compare.ReportCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code uring-lab}: the top command. Every subcommand is listed in the one
 * {@link Command#subcommands()} below; add new ones there.
 */
@Command(name = "uring-lab",
        mixinStandardHelpOptions = true,
        versionProvider = UringLab.Version.class,
        description = "An emulator of Linux io_uring internals on the JVM, raced against the real kernel.",
        footer = {"", "Exit status: 0 success, 1 failure at run time (or a ring engine that cannot run here), "
            + "2 an error in the command line or in an input file."},
        subcommands = {RunCommand.class, CompareCommand.class, ReportCommand.class, IsolationCommand.class, FuzzCommand.class,
            DemoCommand.class, PricesCommand.class})
public final class UringLab implements Runnable {
    /** Exit status: success. */
    public static final int EXIT_OK = 0;
    /** Exit status: a failure at run time, or a ring engine that cannot run here. */
    public static final int EXIT_FAILURE = 1;
    /** Exit status: an error in the command line or an input file (picocli's own usage-error status). */
    public static final int EXIT_USAGE = 2;

    @Spec
    private CommandSpec spec;

    /** Without a subcommand: the usage, as a usage error. */
    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing subcommand");
    }

    /** The command line, ready to {@link CommandLine#execute execute}. */
    public static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new UringLab());
        StrategiesHelp.addTo(cmd.getSubcommands().get("run"));
        return cmd;
    }

    public static void main(String[] args) {
        // Before any ring class loads: this JVM runs scenarios and demos, never a benchmark, so
        // the trace is compiled in (JMH forks, which the CLI only launches, keep it out).
        System.setProperty(dev.uringlab.spi.trace.Trace.PROPERTY, "true");
        System.exit(commandLine().execute(args));
    }

    /** The version from the jar's manifest (Implementation-Version). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = UringLab.class.getPackage().getImplementationVersion();
            return new String[] {"uring-lab " + (v != null ? v : "(development build)")};
        }
    }
}
