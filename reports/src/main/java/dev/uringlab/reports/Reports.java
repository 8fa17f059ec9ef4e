package dev.uringlab.reports;

import dev.uringlab.reports.analysis.Analysis;
import dev.uringlab.reports.input.Claims;
import dev.uringlab.reports.input.ReportInputException;
import dev.uringlab.reports.input.Run;
import dev.uringlab.reports.input.RunReader;
import dev.uringlab.reports.prices.KernelPrices;
import dev.uringlab.reports.render.HtmlReport;
import dev.uringlab.reports.render.TextSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;

/**
 * The reports module's entry point: JMH JSON files in, one self-contained HTML report out.
 *
 * <p>Every input is read and checked before anything is written, and the page is rendered in
 * memory, written to a temporary file beside {@code out} and moved over {@code out} at the
 * end: a failure leaves no partial report (and an older {@code out} untouched).
 */
public final class Reports {
    private Reports() {
    }

    /** Reads {@code runs} (and {@code baseline}), writes the report to {@code out}, against the built-in claims. */
    public static Report write(List<Path> runs, Optional<Path> baseline, Path out) throws ReportInputException, IOException {
        return write(new ReportRequest(runs, baseline, out));
    }

    /**
     * Writes the report the request asks for.
     *
     * @throws ReportInputException an input file is missing, empty, truncated or not what it
     *                              should be; the message names the file and the problem
     * @throws IOException          the report could not be written
     */
    public static Report write(ReportRequest request) throws ReportInputException, IOException {
        Analysis analysis = analyse(request);
        String html = HtmlReport.render(analysis);
        Path out = request.out().toAbsolutePath();
        Files.createDirectories(out.getParent());
        Path tmp = Files.createTempFile(out.getParent(), "." + out.getFileName(), ".tmp");
        try {
            Files.writeString(tmp, html, StandardCharsets.UTF_8);
            readableByAll(tmp);
            try {
                Files.move(tmp, out, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return new Report(request.out(), analysis, TextSummary.of(analysis));
    }

    /** A report is for sharing: rw-r--r--, not the owner-only mode of a temporary file. */
    private static void readableByAll(Path file) throws IOException {
        if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        }
    }

    /** Reads and analyses the request's inputs without writing anything: for a summary table alone. */
    public static Analysis analyse(ReportRequest request) throws ReportInputException {
        Claims claims = request.claims().isPresent() ? Claims.load(request.claims().get()) : Claims.builtIn();
        List<Run> runs = RunReader.readAll(request.runs());
        Optional<Run> old = request.baseline().isPresent() ? Optional.of(RunReader.read(request.baseline().get())) : Optional.empty();
        Path prices = request.runs().getFirst().toAbsolutePath().resolveSibling(KernelPrices.NAME);
        return Analysis.of(runs, old, claims, request.intervals(),
                Files.isRegularFile(prices) ? Optional.of(KernelPrices.read(prices)) : Optional.empty());
    }
}
