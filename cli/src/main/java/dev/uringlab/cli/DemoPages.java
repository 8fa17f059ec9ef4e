package dev.uringlab.cli;

import dev.uringlab.demos.Demo;
import dev.uringlab.demos.DemoFailedException;
import dev.uringlab.demos.Demos;
import dev.uringlab.demos.Replay;
import dev.uringlab.demos.render.DemoPage;
import dev.uringlab.reports.input.Claim;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The pages of the seeds' classroom demos, written beside an HTML report, where its seed rows
 * link them ({@link Claim#demoPage}). A page that cannot be made costs its link, not the report:
 * one line on standard error.
 */
public final class DemoPages {
    private DemoPages() {}

    /** Writes the page of every demo that replays a seed beside {@code report}; returns the files written. */
    public static List<Path> writeBeside(Path report, PrintWriter err) {
        List<Path> written = new ArrayList<>();
        for (Demo demo : Demos.all()) {
            if (demo.seed() == null) {
                continue;
            }
            Path page = report.toAbsolutePath().resolveSibling(Claim.demoPage(demo.name()));
            try {
                written.add(DemoPage.write(demo, Replay.run(demo), page));
            } catch (DemoFailedException | UncheckedIOException | IllegalStateException | IllegalArgumentException e) {
                err.println("uring-lab: no demo page " + page + ": " + e.getMessage());
            }
        }
        return written;
    }
}
