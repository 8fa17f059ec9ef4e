package dev.uringlab.workloads.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.testkit.Require;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The runner's own duties, on the emulated engine (and the native one where it can run). */
class ScenarioRunnerTest {

    private static Scenario scenario(String text) throws ScenarioSyntaxException {
        return ScenarioParser.parse("t.scn", Arrays.asList(text.split("\n")));
    }

    private static List<String> run(String engine, String text) throws Exception {
        Scenario s = scenario(text);
        List<String> out = new ArrayList<>();
        ScenarioRunner.run(s, engine, ScenarioRunner.ringConfig(s, Map.of(), null), out::add);
        return out;
    }

    @Test
    void shouldPrintSubmittedAndOneLinePerCqeInTheSpecifiedFormat() throws Exception {
        assertThat(run("emulated", "setup entries=4\nnop ud=18446744073709551615\nnop ud=2 fail=-ECANCELED\nsubmit\nwait 2\nreap"))
                .containsExactly("submitted 2", "cqe ud=18446744073709551615 res=0 flags=0", "cqe ud=2 res=-125 flags=0");
    }

    @Test
    void shouldPrintOverflowedCqesTooWhenReaping() throws Exception {
        assertThat(run("emulated", "setup entries=1 cq_entries=1\nnop ud=1\nsubmit\nnop ud=2\nsubmit\nnop ud=3\nsubmit\nreap"))
                .containsExactly("submitted 1", "submitted 1", "submitted 1",
                        "cqe ud=1 res=0 flags=0", "cqe ud=2 res=0 flags=0", "cqe ud=3 res=0 flags=0");
    }

    @Test
    void shouldFailAWaitThatNothingCanSatisfyNamingItsLine() {
        assertThatThrownBy(() -> run("emulated", "setup entries=4\npipe p\npoll ud=1 fd=p.r\nsubmit\nwait 1"))
                .isInstanceOf(ScenarioRuntimeException.class)
                .hasMessage("t.scn:5: wait 1: only 0 CQE(s) in the ring after 2 s (-ETIME)");
    }

    @Test
    void shouldWaitForOneRequestsCqeWithoutConsumingAny() throws Exception {
        assertThat(run("emulated", "setup entries=4\nnop ud=1\nsubmit\npipe p\npoll ud=2 fd=p.r\nsubmit\n"
                + "app write p.w 1\nwait ud=2\nreap"))
                .containsExactly("submitted 1", "submitted 1", "cqe ud=1 res=0 flags=0", "cqe ud=2 res=1 flags=0");
    }

    @Test
    void shouldFailAWaitForARequestThatNeverCompletes() {
        assertThatThrownBy(() -> run("emulated", "setup entries=4\nnop ud=1\npipe p\npoll ud=2 fd=p.r\nsubmit\nwait ud=2"))
                .isInstanceOf(ScenarioRuntimeException.class)
                .hasMessage("t.scn:6: wait ud=2: no CQE of it among the 1 in the ring after 2 s (-ETIME)");
    }

    @Test
    void shouldFailAnAppReadOfAnEmptyPipe() {
        assertThatThrownBy(() -> run("emulated", "setup entries=4\npipe p\napp write p.w 1\napp read p.r 1\napp read p.r 1"))
                .isInstanceOf(ScenarioRuntimeException.class)
                .hasMessage("t.scn:5: app read p.r 1: the pipe is empty (-EAGAIN)");
    }

    @Test
    void shouldFailWhenMoreSqesAreQueuedThanTheSqHolds() {
        assertThatThrownBy(() -> run("emulated", "setup entries=1\nnop ud=1\nnop ud=2"))
                .isInstanceOf(ScenarioRuntimeException.class)
                .hasMessage("t.scn:3: no free SQE: all 1 SQ entries are queued; submit before queuing more");
    }

    @Test
    void shouldFailASecondRegistrationOfAnEventfd() {
        assertThatThrownBy(() -> run("emulated", "setup entries=1\neventfd e\nregister-eventfd e\nregister-eventfd e"))
                .isInstanceOf(ScenarioRuntimeException.class)
                .hasMessageStartingWith("t.scn:4: register-eventfd e: -E");
    }

    @Test
    void shouldCloseEveryFileItOpenedOnTheNativeRing() throws Exception {
        Optional<String> reason = nativeUnavailable();
        Require.nativeIoUring(reason);
        String text = "setup entries=4\npipe p\npipe q\neventfd e\nregister-eventfd e\npoll ud=1 fd=p.r\nsubmit\nreap";
        run("native", text); // warm-up: class loading may open jars
        long before = openFds();
        for (int i = 0; i < 20; i++) {
            assertThat(run("native", text)).containsExactly("submitted 1");
        }
        assertThat(openFds()).isEqualTo(before);
    }

    private static Optional<String> nativeUnavailable() {
        try {
            return Rings.provider("native").unavailableReason();
        } catch (RingUnavailableException e) {
            return Optional.of(e.getMessage());
        }
    }

    private static long openFds() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
