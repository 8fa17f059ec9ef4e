package dev.uringlab.cli.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.FileVisitResult;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Optional;
import java.util.Set;

/**
 * Where things are in a uring-lab checkout: the root (with {@code mvnw} and the {@code jmh}
 * module), the shaded {@code jmh/target/benchmarks.jar}, and {@code results/}.
 *
 * @param root the checkout's root directory
 */
record Layout(Path root) {
    private static final Set<String> SKIPPED_DIRS = Set.of("target", ".git", "results", ".mvn", ".idea");

    /**
     * The checkout this CLI runs from: the {@code uringlab.root} system property when set, else
     * the checkout holding the CLI jar ({@code <root>/cli/target/uring-lab.jar}), else the
     * working directory or one of its parents.
     */
    static Layout locate() {
        String property = System.getProperty("uringlab.root");
        if (property != null) {
            return new Layout(Path.of(property).toAbsolutePath().normalize());
        }
        Optional<Path> fromJar = codeSource().flatMap(Layout::checkoutAbove);
        return new Layout(fromJar.or(() -> checkoutAbove(Path.of("").toAbsolutePath())).orElseThrow(() ->
                new IllegalStateException("cannot find the uring-lab checkout (a directory with mvnw and jmh/pom.xml) above "
                        + Path.of("").toAbsolutePath() + "; run ./uring-lab from the checkout")));
    }

    private static Optional<Path> codeSource() {
        try {
            return Optional.of(Path.of(Layout.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> checkoutAbove(Path start) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isRegularFile(dir.resolve("jmh/pom.xml"))) {
                return Optional.of(dir);
            }
        }
        return Optional.empty();
    }

    Path benchmarksJar() {
        return root.resolve("jmh/target/benchmarks.jar");
    }

    Path results() {
        return root.resolve("results");
    }

    /**
     * A source file newer than the benchmarks jar (a {@code .java}, {@code pom.xml} or file
     * under {@code src/main/resources}, outside {@code target/}, {@code .git/} and
     * {@code results/}), or empty when the jar is up to date. A missing jar is stale against
     * the root itself.
     */
    Optional<Path> newerThanBenchmarksJar() {
        Path jar = benchmarksJar();
        if (!Files.isRegularFile(jar)) {
            return Optional.of(root);
        }
        try {
            FileTime built = Files.getLastModifiedTime(jar);
            Path[] newer = new Path[1];
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    return !dir.equals(root) && SKIPPED_DIRS.contains(name) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (isSource(file) && attrs.lastModifiedTime().compareTo(built) > 0) {
                        newer[0] = file;
                        return FileVisitResult.TERMINATE;
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
            return Optional.ofNullable(newer[0]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isSource(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".java") || name.equals("pom.xml") || file.toString().contains("/src/main/resources/");
    }
}
