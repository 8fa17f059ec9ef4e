package dev.uringlab.reports.input;

import java.nio.file.Path;

/**
 * An input file the report cannot use: missing, empty, truncated, not JSON, or JSON that is not
 * what it should be (a JMH {@code -rf json} result array, an {@code env.json} object, a claims
 * file). The message is one line that names the file and the problem, fit to print as is; the
 * CLI exits with status 2 on it.
 */
public final class ReportInputException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path file;

    /** A problem with {@code file}; the message is {@code "<file>: <problem>"}. */
    public ReportInputException(Path file, String problem) {
        super(file + ": " + problem);
        this.file = file;
    }

    /** Same, keeping the parser's exception as the cause. */
    public ReportInputException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
    }

    /** The file at fault. */
    public Path file() {
        return file;
    }
}
