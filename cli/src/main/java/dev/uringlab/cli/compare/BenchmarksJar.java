package dev.uringlab.cli.compare;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Makes sure {@code jmh/target/benchmarks.jar} holds the sources as they are: when the jar is
 * missing or a source is newer, it is rebuilt with the checkout's Maven Wrapper
 * ({@code ./mvnw -q -B -DskipTests -pl jmh -am package}) on the JDK running this CLI. The
 * {@code ./uring-lab} launcher builds it together with the CLI, so this is the fallback for a
 * CLI run on its own.
 */
final class BenchmarksJar {
    private BenchmarksJar() {}

    /**
     * @return the jar, up to date
     * @throws IOException when the build fails (Maven's output is on the terminal)
     */
    static Path ensureUpToDate(Layout layout, PrintWriter out) throws IOException, InterruptedException {
        Optional<Path> newer = layout.newerThanBenchmarksJar();
        if (newer.isEmpty()) {
            return layout.benchmarksJar();
        }
        out.println("uring-lab compare: building " + layout.root().relativize(layout.benchmarksJar())
                + (newer.get().equals(layout.root()) ? " (missing)" : " (" + layout.root().relativize(newer.get()) + " changed)")
                + " with ./mvnw -q -B -DskipTests -pl jmh -am package ...");
        out.flush();
        ProcessBuilder pb = new ProcessBuilder(List.of(layout.root().resolve("mvnw").toString(), "-q", "-B", "-DskipTests",
                "-pl", "jmh", "-am", "package")).directory(layout.root().toFile()).inheritIO();
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        int status = pb.start().waitFor();
        if (status != 0) {
            throw new IOException("building the benchmarks failed (./mvnw exit status " + status + ")");
        }
        return layout.benchmarksJar();
    }
}
