package dev.uringlab.demos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.workloads.scenario.ScenarioSyntaxException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DemoFileTest {

    @Test
    void shouldReadTheHeaderFieldsAndTheProgram() throws Exception {
        Demo demo = DemoFile.parse("x", List.of(
                "# title: A title",
                "# seed: 009",
                "# arm: before | completion=baseline",
                "# arm: after | completion=batched-cqe profile=all-patches",
                "# narration: first line",
                "#   second line",
                "# notice: look. Ask:",
                "#   why?",
                "setup entries=2",
                "nop ud=1",
                "submit"));
        assertThat(demo.title()).isEqualTo("A title");
        assertThat(demo.seed()).isEqualTo("009");
        assertThat(demo.narration()).isEqualTo("first line second line");
        assertThat(demo.notice()).isEqualTo("look. Ask: why?");
        assertThat(demo.arms().get(1).strategies()).containsEntry("completion", "batched-cqe");
        assertThat(demo.arms().get(1).profile()).isEqualTo("all-patches");
        assertThat(demo.arms().get(1).configuration()).isEqualTo("profile=all-patches completion=batched-cqe");
        assertThat(demo.scenario().steps()).hasSize(2);
    }

    @Test
    void shouldRejectADemoWithoutTwoArms() {
        assertThatThrownBy(() -> DemoFile.parse("x", List.of("# title: t", "# narration: n", "# notice: w",
                "# arm: only | completion=baseline", "setup entries=2")))
                .isInstanceOf(ScenarioSyntaxException.class).hasMessageContaining("x.demo:1:").hasMessageContaining("two");
    }

    @Test
    void shouldNameTheLineOfABadArm() {
        assertThatThrownBy(() -> DemoFile.parse("x", List.of("# title: t", "# arm: no bar here", "setup entries=2")))
                .isInstanceOf(ScenarioSyntaxException.class).hasMessageContaining("x.demo:2:");
    }

    @Test
    void shouldShipEveryListedDemoAndEachSeedAtLeastOnce() {
        assertThat(Demos.all()).extracting(Demo::name).containsExactlyElementsOf(Demos.NAMES);
        assertThat(Demos.all()).extracting(Demo::seed).contains("000", "003");
        assertThat(Demos.find("no-such-demo")).isEmpty();
    }
}
