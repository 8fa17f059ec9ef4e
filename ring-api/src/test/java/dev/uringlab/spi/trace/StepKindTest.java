package dev.uringlab.spi.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class StepKindTest {

    @Test
    void shouldReadBackEveryKindFromTheKeywordARecipeWrites() {
        for (StepKind kind : StepKind.values()) {
            assertThat(StepKind.ofKeyword(kind.keyword())).as(kind.keyword()).isSameAs(kind);
        }
        assertThat(StepKind.ofKeyword("sock")).isSameAs(StepKind.SOCKET);
        assertThat(StepKind.SOCKET.keyword()).isEqualTo("sock");
    }

    @Test
    void shouldHaveAGenericStepPointOfEveryKind() {
        for (StepKind kind : StepKind.values()) {
            TracePoint p = TracePoint.step(kind);
            assertThat(p.genericStep()).as(kind.keyword()).isTrue();
            assertThat(p.kind()).as(kind.keyword()).isSameAs(kind);
            assertThat(p.function()).isEqualTo(kind.keyword());
        }
    }

    @Test
    void shouldNameEveryKindWhenAKeywordIsNone() {
        assertThatThrownBy(() -> StepKind.ofKeyword("socket")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no step kind 'socket' (kinds: call, locked,")
                .hasMessageContaining(String.join(", ", Arrays.stream(StepKind.values()).map(StepKind::keyword).toList()));
    }
}
