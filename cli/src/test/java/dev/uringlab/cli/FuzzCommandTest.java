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
    void shouldRefuseASeedThatIsNotHexadecimal() {
        UringLabTest.Result r = UringLabTest.execute("fuzz", "--seed", "xyz");
        assertThat(r.status()).isEqualTo(UringLab.EXIT_USAGE);
        assertThat(r.err()).contains("--seed: not hexadecimal: xyz");
    }
}
