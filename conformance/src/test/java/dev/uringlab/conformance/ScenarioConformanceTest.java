package dev.uringlab.conformance;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Axis;
import dev.uringlab.testkit.Require;
import dev.uringlab.workloads.scenario.ScenarioRunner;
import dev.uringlab.workloads.scenario.ScenarioRuntimeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * DESIGN.md rule 3: every strategy yields, for every scenario, the same CQE stream as the
 * kernel. Each scenario runs on the emulated engine with every strategy set
 * ({@link StrategySet#all()}: baseline, each registered non-baseline alias alone on its axis,
 * all-patches) and on the native ring, and its output must equal {@code NAME.expected} line by
 * line. Two exceptions, both by design:
 * <ul>
 *   <li>a folder with a {@code STRATEGY} marker runs only with that set: the skip-flag scenarios,
 *       since the flag means something else elsewhere (the native ring runs them with the flag), and
 *       fuzz/poll-refs, where 5.15's poll (the poll-rearm baseline) differs from this kernel's by design
 *       (the native ring, which is this kernel, runs them as they are);</li>
 *   <li>a strategy whose stream differs by design runs against {@code NAME.ALIAS.expected}
 *       where that file exists: {@code boxed-cqe} suppresses the CQEs of successful link members
 *       (every scenario whose stream it changes has one, written from the RFC's rule: no
 *       scenario is skipped under it), and {@code batched-cqe} keeps a multishot poll armed when its deferred CQE
 *       overflows a full CQ, as 6.2 does (scenarios/README.md), {@code batch-irq} and {@code batch-5.15}
 *       (5.14 to 5.16) put a poll's CQE that finds no room on the overflow list and keep the poll
 *       armed, and {@code inline} (5.6's link
 *       advance) issues a chain's next member before the rest of the submission. The file applies
 *       wherever the alias is resolved, under a kernel profile too; its {@code #} header names the
 *       kernel source that decides it.</li>
 * </ul>
 * The native ring is skipped for two reasons only: a scenario whose header says the machine lacks
 * what it needs ({@code # Native: not run (REASON)}: a block device with poll queues), and the engine's own, when io_uring cannot run
 * here (not built in, disabled by {@code kernel.io_uring_disabled}, refused by seccomp). Any
 * other refusal (an IllegalArgumentException: a setup or strategy the native ring will not take)
 * fails the test.
 */
class ScenarioConformanceTest {
    private static final String EMULATED = "emulated";
    private static final String NATIVE = "native";

    @Test
    void shouldHaveAnExpectedStreamForEveryScenario() {
        List<ScenarioCase> cases = ScenarioCase.all();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(30);
        assertThat(cases).allSatisfy(c -> assertThat(c.expected()).as(c.name()).exists());
    }

    @TestFactory
    Stream<DynamicNode> everyScenarioOnEveryStrategySetOfTheEmulator() {
        List<StrategySet> sets = StrategySet.all();
        return ScenarioCase.all().stream().map(c -> dynamicContainer(c.name(),
                c.required().map(List::of).orElse(sets).stream()
                        .map(set -> dynamicTest(c.name() + " [" + set.name() + "]", () -> runEmulated(c, set)))));
    }

    @TestFactory
    Stream<DynamicNode> everyScenarioOnTheNativeRing() {
        return ScenarioCase.all().stream().map(c -> dynamicTest(c.name() + " [native]", () -> runNative(c)));
    }

    private static void runEmulated(ScenarioCase c, StrategySet set) throws Exception {
        List<Path> byDesign = Axis.values().stream().map(set::aliasOn).filter(a -> !a.equals(Axis.BASELINE))
                .map(c::expectedUnder).filter(Files::exists).toList();
        assertThat(byDesign).as("%s [%s]: one by-design stream at most", c.name(), set.name()).hasSizeLessThan(2);
        Path expected = byDesign.isEmpty() ? c.expected() : byDesign.getFirst();
        compare(c, EMULATED, set.configFor(c.scenario()), expected, set.name());
    }

    private static void runNative(ScenarioCase c) throws Exception {
        Optional<String> reason;
        try {
            reason = Rings.provider(NATIVE).unavailableReason();
        } catch (RingUnavailableException e) {
            reason = Optional.of(e.getMessage());
        }
        Require.nativeIoUring(reason);
        if (c.notNative().isPresent()) {
            abort("not checkable on this machine's kernel " + c.notNative().get());
        }
        StrategySet set = c.required().map(StrategySet::forNative).orElse(StrategySet.baseline());
        compare(c, NATIVE, set.configFor(c.scenario()), c.expected(), "native");
    }

    private static void compare(ScenarioCase c, String engine, RingConfig config, Path expected, String label)
            throws RingUnavailableException, IOException {
        List<String> out = new ArrayList<>();
        try {
            ScenarioRunner.run(c.scenario(), engine, config, out::add);
        } catch (ScenarioRuntimeException e) {
            throw new AssertionError(c.name() + " [" + label + "] failed at run time: " + e.getMessage()
                    + "\noutput so far:\n" + String.join("\n", out), e);
        }
        assertThat(String.join("\n", out)).as("%s [%s] against %s", c.name(), label, expected.getFileName())
                .isEqualTo(String.join("\n", Files.readAllLines(expected, UTF_8).stream()
                        .filter(l -> !l.startsWith("#")).toList()));
    }
}
