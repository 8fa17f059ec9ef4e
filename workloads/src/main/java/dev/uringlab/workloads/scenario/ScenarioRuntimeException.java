package dev.uringlab.workloads.scenario;

/**
 * A scenario failed while running: an {@code app read} of an empty pipe, a {@code wait}
 * that nothing satisfied in time, a system call refused, the SQ ring full. The message is
 * {@code FILE:LINE: message}, naming the step; the CLI prints it on standard error and exits 1.
 */
public final class ScenarioRuntimeException extends Exception {
    private static final long serialVersionUID = 1L;

    public ScenarioRuntimeException(String file, int line, String reason) {
        super(file + ":" + line + ": " + reason);
    }
}
