package dev.uringlab.conformance;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.uringlab.workloads.scenario.Scenario;
import dev.uringlab.workloads.scenario.ScenarioParser;
import dev.uringlab.workloads.scenario.ScenarioSyntaxException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * One scenario file of the suite with what belongs to it: the expected stream beside it
 * ({@code NAME.expected}), the by-design variants if any ({@code NAME.ALIAS.expected}), and the
 * strategy its folder requires ({@code STRATEGY} marker: one {@code AXIS=ALIAS} line).
 *
 * @param name     the path under {@code scenarios/}, e.g. {@code skip/skip-drain.scn}
 * @param file     the file
 * @param scenario the parsed program
 * @param required the strategy set the folder requires, if it has a marker
 * @param notNative why the native ring cannot check it, from a header line
 *                  {@code # Native: not run (REASON)}; the machine lacks what it needs
 */
record ScenarioCase(String name, Path file, Scenario scenario, Optional<StrategySet> required,
                    Optional<String> notNative) {
    /** The folder marker naming the one strategy set a folder's scenarios run with. */
    static final String MARKER = "STRATEGY";
    /** The header line saying the native ring cannot check a scenario here, and why. */
    static final String NOT_NATIVE = "# Native: not run ";

    /** The {@code scenarios/} folder of the checkout ({@code uringlab.root}, set by the parent pom). */
    static Path root() {
        return Path.of(System.getProperty("uringlab.root", "..")).resolve("scenarios");
    }

    /** Every {@code .scn} file under {@link #root()}, sorted by name. */
    static List<ScenarioCase> all() {
        Path root = root();
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".scn")).sorted()
                    .map(f -> load(root, f)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ScenarioCase load(Path root, Path file) {
        try {
            Path marker = file.resolveSibling(MARKER);
            Optional<StrategySet> required = Files.exists(marker)
                    ? Optional.of(StrategySet.parse(Files.readString(marker, UTF_8).strip()))
                    : Optional.empty();
            String name = root.relativize(file).toString();
            List<String> lines = Files.readAllLines(file, UTF_8);
            Optional<String> notNative = lines.stream().filter(l -> l.startsWith(NOT_NATIVE))
                    .map(l -> l.substring(NOT_NATIVE.length()).strip()).findFirst();
            return new ScenarioCase(name, file, ScenarioParser.parse(name, lines), required, notNative);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ScenarioSyntaxException e) {
            throw new IllegalStateException("a scenario of the suite does not parse: " + e.getMessage(), e);
        }
    }

    /** {@code NAME.expected}. */
    Path expected() {
        return sibling(".expected");
    }

    /** {@code NAME.ALIAS.expected}: the stream under the strategy {@code alias}, where it differs by design. */
    Path expectedUnder(String alias) {
        return sibling("." + alias + ".expected");
    }

    private Path sibling(String suffix) {
        String f = file.getFileName().toString();
        return file.resolveSibling(f.substring(0, f.length() - ".scn".length()) + suffix);
    }

    @Override
    public String toString() {
        return name;
    }
}
