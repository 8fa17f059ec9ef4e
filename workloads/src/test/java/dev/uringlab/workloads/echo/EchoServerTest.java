package dev.uringlab.workloads.echo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.RingProvider;
import dev.uringlab.testkit.Require;
import dev.uringlab.workloads.echo.EchoServer.Clients;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class EchoServerTest {
    private static final int ROUNDS = 10;

    /**
     * The waitqueue traffic per transaction in the race's context (linux-5.15), after the polls
     * were armed: what seed 002 removes. 5.15 takes the server socket's head lock twice (__wake_up
     * of the request's POLLIN, add_wait_queue in io_poll_task_func), the patch once; on TCP no
     * write-space wakeup comes, and nothing else looks at the waitqueue.
     */
    @ParameterizedTest(name = "poll-rearm={0}, connections={1}")
    @CsvSource({"baseline, 1, 1, 1, 2", "baseline, 64, 1, 1, 2", "active-flag, 1, 0, 0, 1", "active-flag, 64, 0, 0, 1",
            "active-flag-mask-first, 1, 0, 0, 1"})
    void shouldEchoEveryRequestWithTheWaitqueueTrafficOfItsStrategy(String pollRearm, int connections, long addsPerTx,
                                                                    long removesPerTx, long headLocksPerTx) throws RingUnavailableException {
        RingConfig config = EchoServer.setup(connections, Clients.DETERMINISTIC).profile("linux-5.15")
                .strategy(Axis.POLL_REARM.key(), pollRearm).build();
        try (Ring ring = Rings.open("emulated", config); EchoServer echo = new EchoServer(ring, connections, Clients.DETERMINISTIC)) {
            echo.round();
            Map<Counter, Long> before = ring.counters().snapshot();
            for (int r = 0; r < ROUNDS; r++) {
                assertThat(echo.round()).isEqualTo(connections);
            }
            Map<Counter, Long> after = ring.counters().snapshot();
            long tx = (long) ROUNDS * connections;
            assertThat(after.get(Counter.WAITQUEUE_ADD) - before.get(Counter.WAITQUEUE_ADD)).isEqualTo(addsPerTx * tx);
            assertThat(after.get(Counter.WAITQUEUE_REMOVE) - before.get(Counter.WAITQUEUE_REMOVE)).isEqualTo(removesPerTx * tx);
            assertThat(after.get(Counter.POLL_WAKE_ACCEPTED) - before.get(Counter.POLL_WAKE_ACCEPTED)).isEqualTo(tx);
            assertThat(after.get(Counter.POLL_WAKE_IGNORED) - before.get(Counter.POLL_WAKE_IGNORED)).as("no wakeup for another event").isZero();
            assertThat(after.get(Counter.WAITQUEUE_LOCK) - before.get(Counter.WAITQUEUE_LOCK)).as("waitqueue-head locks")
                    .isEqualTo(headLocksPerTx * tx);
        }
    }

    @ParameterizedTest(name = "poll-rearm={0}")
    @ValueSource(strings = {"baseline", "active-flag"})
    void shouldServeAClientThread(String pollRearm) throws RingUnavailableException {
        RingConfig config = EchoServer.setup(8, Clients.THREADED).strategy(Axis.POLL_REARM.key(), pollRearm).build();
        try (Ring ring = Rings.open("emulated", config); EchoServer echo = new EchoServer(ring, 8, Clients.THREADED)) {
            for (int r = 0; r < 50; r++) {
                assertThat(echo.round()).isEqualTo(8);
            }
        }
    }

    @ParameterizedTest(name = "clients={0}")
    @ValueSource(strings = {"DETERMINISTIC", "THREADED"})
    void shouldEchoOnTheNativeRing(Clients clients) throws RingUnavailableException {
        RingProvider nativeRing = Rings.providers().get("native");
        Require.nativeIoUring(nativeRing == null ? Optional.of("no native ring engine on the class path") : nativeRing.unavailableReason());
        try (Ring ring = nativeRing.open(EchoServer.setup(64, clients).build()); EchoServer echo = new EchoServer(ring, 64, clients)) {
            for (int r = 0; r < ROUNDS; r++) {
                assertThat(echo.round()).isEqualTo(64);
            }
        }
    }
}
