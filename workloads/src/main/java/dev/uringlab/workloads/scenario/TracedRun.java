package dev.uringlab.workloads.scenario;

import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.spi.trace.TraceEvent;
import java.util.List;
import java.util.function.Consumer;

/**
 * A scenario run with the emulated kernel's trace interleaved with its output, for
 * {@code uring-lab run FILE --trace} and for tests that pin a whole trace: before each
 * command, its line of the file ({@code # 15: submit}); under it, every step the kernel took
 * for it, one line each, numbered in the order taken; then the command's own output lines
 * ({@code submitted 5}, {@code cqe ...}) exactly as an untraced run prints them. So
 * {@code grep -v '^[# ]'} gives back the plain output. A step taken on a thread other than the
 * one running the scenario (an io-wq worker) says which. The steps of the teardown (files
 * closed, polls disarmed) come last, under {@code # end}.
 */
public final class TracedRun {
    /** The width the function column is padded to. */
    private static final int FUNCTION_WIDTH = 30;

    private TracedRun() {}

    /**
     * Runs {@code scenario} (whose file's lines are {@code source}) on the emulated ring with
     * {@code config} plus a trace, writing every line to {@code out}.
     *
     * @throws IllegalStateException when tracing is not compiled into this JVM (-Duringlab.trace=true)
     */
    public static void run(Scenario scenario, List<String> source, RingConfig config, Consumer<String> out)
            throws RingUnavailableException, ScenarioRuntimeException {
        String runner = Thread.currentThread().getName();
        RingConfig traced = config.toBuilder().trace(e -> out.accept(line(e, runner))).build();
        ScenarioRunner.run(scenario, "emulated", traced, out, new ScenarioRunner.Listener() {
            @Override
            public void beforeStep(Step step) {
                out.accept(String.format("# %d: %s", step.line(), source.get(step.line() - 1).strip()));
            }

            @Override
            public void beforeTeardown() {
                out.accept("# end: close(2) every file the scenario opened, then the ring");
            }
        });
    }

    /** One trace line: sequence, the thread when it is not {@code runner}, the function padded, its arguments. */
    public static String line(TraceEvent e, String runner) {
        StringBuilder sb = new StringBuilder(String.format("  %5d ", e.seq()));
        if (!e.thread().equals(runner)) {
            sb.append('[').append(e.thread()).append("] ");
        }
        String function = e.subject() == null ? e.point().function() : e.point().function() + "(" + e.subject() + ")";
        sb.append(function);
        var args = e.args();
        if (!args.isEmpty()) {
            sb.append(" ".repeat(Math.max(1, FUNCTION_WIDTH - function.length())));
            args.forEach((k, v) -> sb.append(k).append('=').append(v).append(' '));
            sb.setLength(sb.length() - 1);
        }
        return sb.toString();
    }
}
