package dev.uringlab.demos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.demos.render.TextTrace;
import dev.uringlab.testkit.Goldens;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Every demo prints exactly its golden trace, {@code src/test/resources/golden/NAME.txt}, and the
 * same text on a second run. After a deliberate change to the engine, a strategy or a demo,
 * regenerate them with {@code URINGLAB_UPDATE_GOLDENS=1} in the environment: a trace that differs is
 * written and its test fails ({@link Goldens}); read the diff before committing.
 */
class DemoTraceGoldenTest {
    static final java.util.List<String> NAMES = Demos.NAMES;
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

    @ParameterizedTest(name = "{0}")
    @FieldSource("NAMES")
    void shouldPrintItsGoldenTraceOnEveryRun(String name) throws Exception {
        Demo demo = Demos.find(name).orElseThrow();
        String first = render(demo);
        String second = render(demo);
        assertThat(second).as("a second run of %s", name).isEqualTo(first);

        Path golden = GOLDEN.resolve(name + ".txt");
        Goldens.check(golden, first.lines().toList(), name);
        assertThat(first).as("%s ends its last line", name).endsWith("\n");
    }

    private static String render(Demo demo) throws DemoFailedException {
        StringWriter text = new StringWriter();
        TextTrace.write(demo, Replay.run(demo), new PrintWriter(text));
        return text.toString();
    }
}
