package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A strategy registers itself end to end: the test tree's {@code test-tree}
 * ({@link dev.uringlab.cli.testtree.TestTreePostingProvider}, a made-up seed 900 on the
 * {@code completion} axis) is one provider class and three resources under
 * {@code cli/src/test/registered/}, and nothing else names it. Put on a JVM's class path (what
 * the one line in strategies/pom.xml does for a module), it is in the registry, the kernel
 * profile's seeds, {@code uring-lab run --help}, the benchmarks' alias list and param rules, the
 * plan compare runs and the races it pairs, the claims and the demos; without it, none of them
 * has it.
 */
class TestTreeStrategyTest {
    private static final Path REGISTERED = Path.of("src/test/registered").toAbsolutePath();

    @Test
    void shouldShowUpInEveryToolOnceOnTheClassPath() throws Exception {
        String seen = probe(true);
        assertThat(seen).contains("registry: [baseline, batch-5.15, batch-irq, batched-cqe, per-cqe-lock, post-cqe, test-tree]")
                .contains("profile seeds: [000, 900]; context of 900: linux-6.1")
                .contains("run --help: completion (seed 000): baseline [6.1], ")
                .contains(", test-tree [6.1]")
                .contains("jmh aliases: [baseline, batched-cqe, test-tree]")
                .contains("jmh only-with: [completion=test-tree only with pollRearm=baseline]")
                .containsPattern("plan: [1-9]\\d* points run with completion=test-tree")
                .contains("claims: [000, 001, 002, 003, 004, 900]")
                .contains("compare races: [linux-6.1 test-tree against baseline]")
                .contains("demos: [rings, link-chain, overflow, multishot-poll, batched-cqe, req-cache, poll-active, "
                        + "link-cqe, cqe-skip, bio-cache, test-tree]")
                .contains("uring-lab demo test-tree: exit 0");
    }

    @Test
    void shouldBeNowhereWithoutIt() throws Exception {
        String seen = probe(false);
        assertThat(seen).contains("registry: [baseline, batch-5.15, batch-irq, batched-cqe, per-cqe-lock, post-cqe]" + System.lineSeparator())
                .contains("profile seeds: [000]; context of 900: none")
                .contains(", post-cqe [6.15]" + System.lineSeparator())
                .contains("jmh aliases: [baseline, batched-cqe]")
                .contains("jmh only-with: []")
                .contains("plan: 0 points run with completion=test-tree")
                .contains("claims: [000, 001, 002, 003, 004]")
                .contains("compare races: []")
                .contains("bio-cache]" + System.lineSeparator())
                .contains("uring-lab demo test-tree: exit 2");
    }

    /** The probe's output in a JVM of this test's class path, with the test tree's registration or without. */
    private static String probe(boolean registered) throws IOException, InterruptedException {
        String classPath = System.getProperty("java.class.path") + (registered ? File.pathSeparator + REGISTERED : "");
        Path out = Files.createTempFile("test-tree-probe", ".txt");
        try {
            Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Duringlab.trace=true",
                    "-cp", classPath, TestTreeStrategyProbe.class.getName()))
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the probe finished").isTrue();
            String seen = Files.readString(out);
            assertThat(p.exitValue()).as(seen).isZero();
            return seen;
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
