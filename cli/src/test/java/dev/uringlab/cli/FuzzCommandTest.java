package dev.uringlab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FuzzCommandTest {

    @Test
    void shouldPrintAProgramOfASeedAsAScenario() {
        UringLabTest.Result r = UringLabTest.execute("fuzz", "--seed", "5eed", "--first", "7", "--count", "1", "--print");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_OK);
        assertThat(r.out()).startsWith("# fuzz-5eed-7.scn").contains("\nsetup entries=").endsWith("reap" + System.lineSeparator());
        assertThat(UringLabTest.execute("fuzz", "--seed", "5eed", "--first", "7", "--count", "1", "--print").out())
                .isEqualTo(r.out());
    }

    @Test
    void shouldPrintAProgramOfTheEdgeGenerator() {
        UringLabTest.Result r = UringLabTest.execute("fuzz", "--generator", "edge", "--seed", "26", "--first", "3",
                "--count", "1", "--print");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_OK);
        assertThat(r.out()).startsWith("# edge-26-3.scn").contains("\nsetup entries=").endsWith("reap" + System.lineSeparator());
    }

    @Test
    void shouldRefuseAnUnknownGenerator() {
        UringLabTest.Result r = UringLabTest.execute("fuzz", "--generator", "nope");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).contains("--generator: unknown generator 'nope'; generators: fuzz, edge");
    }

    @Test
    void shouldPrintTheKindsTable() {
        UringLabTest.Result r = UringLabTest.execute("fuzz", "--kinds");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_OK);
        assertThat(r.out()).contains("POLL_REARM_ORDER: by design").contains("scenarios/fuzz/poll-refs/fuzz-7-248.scn")
                .contains("OPEN_CHAIN_IOWQ: the kernel's own nondeterminism").contains("io_uring/poll.c:");
    }

    /** Issue 25: without -o the summary names no .scn file, since none was written. */
    @Test
    void shouldNameNoScenarioFileWithoutOut() {
        UringLabTest.Result r = UringLabTest.execute("fuzz", "--seed", "7", "--first", "248", "--count", "1");
        assertThat(r.out() + r.err()).doesNotContain(".scn");
    }

    @Test
    void shouldRefuseASeedThatIsNotHexadecimal() {
        UringLabTest.Result r = UringLabTest.execute("fuzz", "--seed", "xyz");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).contains("--seed: not hexadecimal: xyz");
    }
}
