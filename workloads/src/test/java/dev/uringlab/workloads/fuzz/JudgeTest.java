package dev.uringlab.workloads.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Judge}: io-wq work compared per request, everything else line by line. */
class JudgeTest {

    /**
     * Issue 26's open chain: {@code read (link) -> nop (link) -> nop}, then a lone
     * {@code nop fail=-EINVAL link} left open at the end of the submit, which io_submit_state_end
     * hands to io-wq. Its worker posts whenever it runs, so its CQE may fall between the chain's
     * members (the emulator's stream) or after them (the kernel's); the chain's order holds in both.
     */
    @Test
    void shouldAcceptIoWqWorkAnywhereButKeepTheChainsOrder() {
        List<String> kernel = List.of("submitted 4", "cqe ud=1 res=5 flags=0", "cqe ud=2 res=0 flags=0",
                "cqe ud=3 res=0 flags=0", "cqe ud=4 res=-22 flags=0");
        List<String> emulated = List.of("submitted 4", "cqe ud=1 res=5 flags=0", "cqe ud=4 res=-22 flags=0",
                "cqe ud=2 res=0 flags=0", "cqe ud=3 res=0 flags=0");
        assertThat(Judge.agrees(List.of(List.of(4L)), emulated, kernel)).isTrue();
        assertThat(Judge.agrees(List.of(), emulated, kernel)).isFalse();
        List<String> chainSwapped = List.of("submitted 4", "cqe ud=1 res=5 flags=0", "cqe ud=3 res=0 flags=0",
                "cqe ud=2 res=0 flags=0", "cqe ud=4 res=-22 flags=0");
        assertThat(Judge.agrees(List.of(List.of(4L)), chainSwapped, kernel)).isFalse();
    }

    @Test
    void shouldKeepEachFreeRequestsOwnCqesAndTheirCount() {
        List<String> a = List.of("submitted 2", "cqe ud=1 res=0 flags=0", "cqe ud=2 res=-125 flags=0");
        assertThat(Judge.agrees(List.of(List.of(1L), List.of(2L)), a, List.of("submitted 2", "cqe ud=2 res=-125 flags=0",
                "cqe ud=1 res=0 flags=0"))).isTrue();
        assertThat(Judge.agrees(List.of(List.of(1L), List.of(2L)), a, List.of("submitted 2", "cqe ud=2 res=0 flags=0",
                "cqe ud=1 res=0 flags=0"))).isFalse();
        assertThat(Judge.agrees(List.of(List.of(1L), List.of(2L)), a, List.of("submitted 2", "cqe ud=1 res=0 flags=0"))).isFalse();
    }

    /** An io-wq chain keeps its order wherever it falls: a member is issued after the one before it. */
    @Test
    void shouldKeepTheOrderOfAnIoWqChain() {
        List<String> a = List.of("submitted 3", "cqe ud=1 res=0 flags=0", "cqe ud=2 res=0 flags=0", "cqe ud=3 res=0 flags=0");
        List<String> b = List.of("submitted 3", "cqe ud=3 res=0 flags=0", "cqe ud=1 res=0 flags=0", "cqe ud=2 res=0 flags=0");
        List<String> swapped = List.of("submitted 3", "cqe ud=2 res=0 flags=0", "cqe ud=1 res=0 flags=0",
                "cqe ud=3 res=0 flags=0");
        List<List<Long>> chains = List.of(List.of(1L, 2L), List.of(3L));
        assertThat(Judge.agrees(chains, a, b)).isTrue();
        assertThat(Judge.agrees(chains, a, swapped)).isFalse();
    }

    @Test
    void shouldNameTheMachinesKernelRelease() {
        assertThat(DifferentialRunner.release("6.18.44-fc-v1045")).isEqualTo("6.18");
        assertThat(DifferentialRunner.release("5.15.0-91-generic")).isEqualTo("5.15");
    }
}
