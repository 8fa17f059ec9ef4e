package dev.uringlab.workloads.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The classifier sorts each settled kind's own shrunk program into that kind, with the streams the fuzzer had found. */
class DisagreementKindTest {
    private static final Path FUZZ = Path.of("..", "scenarios", "fuzz");

    private static List<String> program(String name) throws IOException {
        return Files.readAllLines(FUZZ.resolve(name)).stream().map(l -> l.replaceAll("\\s+#.*", ""))
                .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    }

    @Test
    void shouldPlaceARemoveOfADuplicatedUserDataAsPollRemoveNewest() throws IOException {
        List<String> kernel = List.of("cqe ud=6 res=0 flags=0", "cqe ud=7 res=1 flags=0", "cqe ud=3 res=-125 flags=0", "cqe ud=3 res=1 flags=0");
        List<String> emulated = List.of("cqe ud=6 res=0 flags=0", "cqe ud=3 res=-125 flags=0", "cqe ud=7 res=1 flags=0");
        assertThat(DisagreementKind.classify(program("poll-remove-newest.scn"), emulated, kernel))
                .isEqualTo(DisagreementKind.POLL_REMOVE_NEWEST);
    }

    @Test
    void shouldPlaceAPolloutPollOnASocketAsUnixSkbWakeup() throws IOException {
        List<String> kernel = List.of("cqe ud=1 res=4 flags=MORE", "cqe ud=2 res=0 flags=0", "cqe ud=1 res=4 flags=MORE", "cqe ud=3 res=0 flags=0");
        List<String> emulated = List.of("cqe ud=1 res=4 flags=MORE", "cqe ud=1 res=4 flags=MORE", "cqe ud=2 res=0 flags=0",
                "cqe ud=1 res=4 flags=MORE", "cqe ud=3 res=0 flags=0");
        assertThat(DisagreementKind.classify(program("unix-partial-read-no-pollout.scn"), emulated, kernel))
                .isEqualTo(DisagreementKind.UNIX_SKB_WAKEUP);
    }

    @Test
    void shouldListEveryKindWithHowItWasSettled() {
        assertThat(DisagreementKind.table()).contains("POLL_REMOVE_NEWEST: fixed in the emulator; scenarios/fuzz/poll-remove-newest.scn",
                "UNIX_SKB_WAKEUP: fixed in the emulator; scenarios/fuzz/unix-partial-read-no-pollout.scn");
        for (DisagreementKind k : DisagreementKind.values()) {
            if (!k.scenario().isEmpty()) {
                assertThat(FUZZ.resolveSibling(k.scenario())).as(k + "'s scenario").exists();
            }
        }
    }
}
