package dev.uringlab.reports;

import dev.uringlab.reports.analysis.Analysis;
import java.nio.file.Path;

/**
 * A written report: where the HTML went, the analysis behind it, and its summary as a
 * plain-text table for the terminal ({@link #summaryTable()}, also {@link #toString()}).
 *
 * @param file         the HTML file written
 * @param analysis     what the report shows, for callers that want the numbers
 * @param summaryTable the summary, one line per author's figure and run, ending in a newline
 */
public record Report(Path file, Analysis analysis, String summaryTable) {
    @Override
    public String toString() {
        return summaryTable;
    }
}
