package dev.uringlab.conformance;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.RingConfig;
import dev.uringlab.testkit.Goldens;
import dev.uringlab.workloads.scenario.ScenarioParser;
import dev.uringlab.workloads.scenario.ScenarioRunner;
import dev.uringlab.workloads.scenario.Scenario;
import dev.uringlab.workloads.scenario.TracedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Whole traces, pinned: {@code uring-lab run FILE --trace} on five scenarios that each teach one
 * mechanism, compared line by line with {@code src/test/resources/traces/NAME.trace}. A change
 * to any traced step of these paths shows here as a diff a reader can judge. To accept a change,
 * run with {@code URINGLAB_UPDATE_GOLDENS=1} in the environment: a trace that differs is written
 * and its test fails, so the change lands only as a diff of the files someone reviewed ({@link Goldens}).
 */
class ScenarioTraceGoldenTest {
    private static final Path GOLDENS = Path.of("src/test/resources/traces");

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "link-fail-cancels-rest.scn, baseline",           // a link failure: io_fail_links, io_req_tw_fail_links
            "poll-multishot-rewake.scn, baseline",            // a multishot poll woken and re-armed (5.15's re-add)
            "overflow.scn, baseline",                         // CQEs to the overflow list and flushed back
            "async-nop.scn, baseline",                        // IOSQE_ASYNC: punted to io-wq, back through task work
            "poll-multishot.scn, completion=batched-cqe",     // seed 000: aux CQEs deferred into the array
    })
    void shouldTraceEveryStepAsPinned(String scenarioFile, String strategy) throws Exception {
        Path file = ScenarioCase.root().resolve(scenarioFile);
        Scenario scenario = ScenarioParser.parse(file);
        StrategySet set = strategy.equals("baseline") ? StrategySet.baseline() : StrategySet.parse(strategy);
        RingConfig config = ScenarioRunner.ringConfig(scenario, set.strategies(), set.profile());
        List<String> lines = new ArrayList<>();
        TracedRun.run(scenario, Files.readAllLines(file, UTF_8), config, lines::add);

        String name = scenarioFile.replace(".scn", "") + (strategy.equals("baseline") ? "" : "." + strategy.replace('=', '-'));
        Path golden = GOLDENS.resolve(name + ".trace");
        Goldens.check(golden, lines, "the trace of " + scenarioFile + " with " + strategy);
        assertThat(lines).as("a traced run still prints the plain output, in order")
                .filteredOn(l -> !l.startsWith("#") && !l.startsWith(" "))
                .containsExactlyElementsOf(plain(scenario, config));
    }

    private static List<String> plain(Scenario scenario, RingConfig config) throws Exception {
        List<String> out = new ArrayList<>();
        ScenarioRunner.run(scenario, "emulated", config, out::add);
        return out;
    }

}
