package dev.uringlab.demos;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A profile resolves every axis among the strategies registered at run time, so a strategy module
 * missing from the demos' classpath would silently turn an arm into another kernel. Every
 * {@code strategy-*} module of the build must be a runtime dependency of this one.
 */
class ClasspathTest {

    @Test
    void shouldDependOnEveryStrategyModuleOfTheBuild() throws Exception {
        Path root = Path.of(System.getProperty("uringlab.root", ".."));
        String build = Files.readString(root.resolve("pom.xml"));
        String demos = Files.readString(root.resolve("demos").resolve("pom.xml"));
        var modules = Pattern.compile("<module>(strategy-[a-z0-9-]+)</module>").matcher(build).results()
                .map(m -> m.group(1)).toList();
        assertThat(modules).isNotEmpty();
        for (String module : modules) {
            assertThat(demos).as("demos/pom.xml depends on %s", module).contains("<artifactId>" + module + "</artifactId>");
        }
    }
}
