package dev.uringlab.demos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A profile resolves every axis among the strategies registered at run time, so a strategy module
 * missing from the demos' classpath would silently turn an arm into another kernel. Every
 * {@code strategy-*} module of the checkout must be in the one list of them, strategies/pom.xml,
 * as a module and as a dependency, and the demos must depend on that list.
 */
class ClasspathTest {

    @Test
    void shouldDependOnEveryStrategyModuleOfTheBuild() throws Exception {
        Path root = Path.of(System.getProperty("uringlab.root", ".."));
        String strategies = Files.readString(root.resolve("strategies").resolve("pom.xml"));
        String demos = Files.readString(root.resolve("demos").resolve("pom.xml"));
        assertThat(demos).as("demos/pom.xml depends on the strategies aggregator")
                .contains("<artifactId>strategies</artifactId><type>pom</type>");
        try (Stream<Path> dirs = Files.list(root)) {
            var modules = dirs.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("strategy-") && Files.exists(root.resolve(n).resolve("pom.xml"))).toList();
            assertThat(modules).isNotEmpty();
            for (String module : modules) {
                assertThat(strategies).as("strategies/pom.xml lists %s", module)
                        .contains("<module>../" + module + "</module>")
                        .contains("<artifactId>" + module + "</artifactId>");
            }
        }
    }
}
