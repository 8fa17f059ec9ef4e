package dev.uringlab.workloads.scenario;

/**
 * An error in a scenario file itself, found before anything runs. The message is exactly
 * {@code FILE:LINE: message} (docs/scenario-format.md); the CLI prints it on standard error and exits 2.
 */
public final class ScenarioSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String reason;

    public ScenarioSyntaxException(String file, int line, String reason) {
        super(file + ":" + line + ": " + reason);
        this.file = file;
        this.line = line;
        this.reason = reason;
    }

    public String file() { return file; }

    /** The 1-based line of the error. */
    public int line() { return line; }

    /** The message without its {@code FILE:LINE: } prefix. */
    public String reason() { return reason; }
}
