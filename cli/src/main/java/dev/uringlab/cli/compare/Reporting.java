package dev.uringlab.cli.compare;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** PLACEHOLDER until the reports facade lands. */
final class Reporting {
    static final String REPORT = "report.html";

    private Reporting() {}

    static final class InputException extends Exception {
        private static final long serialVersionUID = 1L;
        InputException(String m) { super(m); }
    }

    static Optional<String> checkInput(Path file) {
        return java.nio.file.Files.isRegularFile(file) ? Optional.empty() : Optional.of(file + ": no such file");
    }

    static String write(List<Path> runs, Path baseline, Path out) throws InputException {
        return "(report not wired yet)\n";
    }
}
