package dev.uringlab.cli.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class IsolationCommandTest {
    @Test
    void shouldStartEachRoundOneSetupLaterSoEverySetupRunsInEveryPlace() {
        List<String> setups = List.of("a alone", "b alone", "paired");
        assertThat(IsolationCommand.rotated(setups, 0)).containsExactly("a alone", "b alone", "paired");
        assertThat(IsolationCommand.rotated(setups, 1)).containsExactly("b alone", "paired", "a alone");
        assertThat(IsolationCommand.rotated(setups, 2)).containsExactly("paired", "a alone", "b alone");
        assertThat(IsolationCommand.rotated(setups, 3)).containsExactly("a alone", "b alone", "paired");
    }
}
