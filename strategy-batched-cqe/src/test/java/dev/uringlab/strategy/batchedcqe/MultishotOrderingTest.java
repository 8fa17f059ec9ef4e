package dev.uringlab.strategy.batchedcqe;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static dev.uringlab.api.PollEvents.POLLIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Axis;
import dev.uringlab.strategy.batchedcqe.CqeStream.Cqe;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ordering rule of seed 000 through the emulated engine: a multishot request that posted
 * N aux CQEs and then ends delivers all N, with F_MORE, before its terminal CQE, for N below,
 * at and above the CQE array's 16, whether it ends by POLL_REMOVE or because the CQ overflowed.
 * The target poll shares its pipe with {@value #FILLERS} other multishot polls, so every
 * wakeup puts {@value #FILLERS} + 1 aux CQEs through the array and fills it at least once.
 */
class MultishotOrderingTest {
    private static final int FILLERS = 20;
    private static final long TARGET = 1000;
    private static final long REMOVE = 2000;

    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {1, 15, 16, 17, 40})
    void shouldDeliverEveryAuxCqeBeforeTheTerminalCqeOfAPollRemove(int n) throws RingUnavailableException {
        try (Ring ring = open(64, 4096); Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(1);
            int[] pipe = armedPipe(ring);
            CqeStream stream = new CqeStream(ring);
            for (int i = 0; i < n; i++) {
                ring.sys().write(pipe[1], buf, 1);
                ring.sys().read(pipe[0], buf, 1);
            }
            ring.getSqe().prepPollRemove(TARGET).userData(REMOVE);
            ring.submit();
            stream.reap();

            List<Cqe> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                expected.add(new Cqe(TARGET, POLLIN, IORING_CQE_F_MORE));
            }
            expected.add(new Cqe(TARGET, -Errno.ECANCELED, 0));
            assertThat(of(stream, TARGET)).isEqualTo(expected);
            assertThat(of(stream, REMOVE)).containsExactly(new Cqe(REMOVE, 0, 0));
            assertThat(stream.cqes()).filteredOn(c -> c.userData() < FILLERS).hasSize(n * FILLERS).allMatch(Cqe::more);
        }
    }

    /**
     * After N reaped wakeups, wakeups with nothing reaped: each adds {@value #FILLERS} + 1 CQEs
     * to a 64-entry CQ, so the fourth overflows it. From then on every multishot request ends
     * with a terminal CQE (res = the poll mask, no F_MORE) at its next wakeup; nothing is lost,
     * every request's aux CQEs come before its terminal (checked on every CQE by
     * {@link CqeStream}), and the target's N aux CQEs all do.
     *
     * <p>How many aux CQEs the overflow lets through is where 6.2 differs from 6.1 by design:
     * io_aux_cqe refuses a deferred CQE only once the overflow bit is set, which happens when
     * the full array is written out. At the fourth wakeup 16 aux CQEs are accepted (1 fits, 15
     * overflow), the 17th finds the bit set and the last 5 requests end; the remaining 16 end
     * at the fifth. The 6.1 path refuses as soon as the CQ is full: 1 fits, 20 end, and the
     * last one ends at the fifth wakeup.
     */
    @ParameterizedTest(name = "N={0}")
    @ValueSource(ints = {1, 15, 16, 17, 40})
    void shouldDeliverEveryAuxCqeBeforeTheTerminalCqeWhenTheCqOverflows(int n) throws RingUnavailableException {
        try (Ring ring = open(32, 64); Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(1);
            int[] pipe = armedPipe(ring);
            CqeStream stream = new CqeStream(ring);
            for (int i = 0; i < n; i++) {
                ring.sys().write(pipe[1], buf, 1);
                ring.sys().read(pipe[0], buf, 1);
                stream.reap();
            }
            for (int i = 0; i < 6; i++) {
                ring.sys().write(pipe[1], buf, 1);
                ring.sys().read(pipe[0], buf, 1);
            }
            stream.reap();

            List<Cqe> target = of(stream, TARGET);
            assertThat(target.subList(0, target.size() - 1)).hasSizeGreaterThanOrEqualTo(n).allMatch(Cqe::more);
            assertThat(target.getLast()).isEqualTo(new Cqe(TARGET, POLLIN, 0));
            assertThat(stream.cqes()).filteredOn(c -> !c.more()).as("every request ended once").hasSize(FILLERS + 1);
            int perWakeup = FILLERS + 1;
            assertThat(stream.cqes()).as("N reaped wakeups, 3 that fill the CQ, the 4th, then the 5th's 16 terminals")
                    .hasSize(perWakeup * (n + 3) + perWakeup + 16);
        }
    }

    /**
     * scenarios/overflow-multishot.scn: a CQ of 2 filled by two NOPs, then a wakeup. 6.1
     * (baseline) finds the CQ full and ends the poll (res=1, no F_MORE, through the overflow
     * list). 6.2 defers the aux CQE, since the CQ is not yet in overflow, and its flush sends it
     * to the overflow list with F_MORE: the poll stays armed and the next wakeup posts again.
     */
    @ParameterizedTest(name = "completion={0}")
    @ValueSource(strings = {"baseline", "batched-cqe"})
    void shouldEndOrKeepTheMultishotPollAsItsKernelDoesWhenTheCqIsFull(String completion) throws RingUnavailableException {
        try (Ring ring = Rings.open("emulated", RingConfig.builder(2).cqEntries(2).deterministic(true)
                        .strategy(Axis.COMPLETION.key(), completion).build());
                Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(1);
            int[] pipe = ring.sys().pipe();
            ring.getSqe().prepPollMultishot(pipe[0], POLLIN).userData(1);
            ring.submit();
            ring.getSqe().prepNop().userData(2);
            ring.getSqe().prepNop().userData(3);
            ring.submit();
            CqeStream stream = new CqeStream(ring);
            ring.sys().write(pipe[1], buf, 1);
            stream.reap();
            ring.sys().write(pipe[1], buf, 1);
            stream.reap();

            Cqe nop2 = new Cqe(2, 0, 0);
            Cqe nop3 = new Cqe(3, 0, 0);
            if (completion.equals("baseline")) {
                assertThat(stream.cqes()).containsExactly(nop2, nop3, new Cqe(1, POLLIN, 0));
            } else {
                assertThat(stream.cqes()).containsExactly(nop2, nop3, new Cqe(1, POLLIN, IORING_CQE_F_MORE),
                        new Cqe(1, POLLIN, IORING_CQE_F_MORE));
            }
        }
    }

    private static Ring open(int sq, int cq) throws RingUnavailableException {
        return Rings.open("emulated", RingConfig.builder(sq).cqEntries(cq).deterministic(true)
                .strategy(Axis.COMPLETION.key(), BatchedCqeProvider.ALIAS).build());
    }

    /** A pipe whose read end is watched by FILLERS multishot polls (ud 0..FILLERS-1) and the target. */
    private static int[] armedPipe(Ring ring) {
        int[] pipe = ring.sys().pipe();
        for (int i = 0; i < FILLERS; i++) {
            ring.getSqe().prepPollMultishot(pipe[0], POLLIN).userData(i);
        }
        ring.getSqe().prepPollMultishot(pipe[0], POLLIN).userData(TARGET);
        assertThat(ring.submit()).isEqualTo(FILLERS + 1);
        return pipe;
    }

    private static List<Cqe> of(CqeStream stream, long userData) {
        return stream.cqes().stream().filter(c -> c.userData() == userData).toList();
    }
}
