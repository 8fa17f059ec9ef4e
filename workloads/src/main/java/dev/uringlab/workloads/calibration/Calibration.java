package dev.uringlab.workloads.calibration;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.workloads.echo.EchoServer;
import dev.uringlab.workloads.echo.EchoServer.Clients;
import dev.uringlab.workloads.linkednops.ChainCqes;
import dev.uringlab.workloads.linkednops.LinkedNops;
import dev.uringlab.workloads.nops.Nops32;
import dev.uringlab.workloads.regb.RegbPollMulti;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * One calibration workload: a name (jmh's {@code calib} param), what it moves, the ring it needs
 * and how one round runs on an open ring. A round returns the operations it did (NOPs, CQEs,
 * echo transactions); prices are per operation.
 *
 * @param name   the workload's name
 * @param moves  the kind of step it moves against its neighbours, for the reader
 * @param setup  io_uring_setup's arguments
 * @param open   builds the workload on an open ring
 */
public record Calibration(String name, String moves, Supplier<RingConfig.Builder> setup, Function<Ring, Round> open) {

    /** A workload built on a ring: one round at a time, then closed (its files; the ring stays the caller's). */
    public record Round(IntSupplier round, Runnable close) {
        /** Runs one round; returns the operations it did. */
        public int run() {
            return round.getAsInt();
        }
    }

    /**
     * Every calibration workload, in the order the benchmark's {@code calib} param lists them:
     * <ul>
     *   <li>{@code nop-bN}: NOPs in batches of N, one io_uring_enter per batch (system calls per NOP);</li>
     *   <li>{@code linkN}, {@code linkN-skip}: chains of N linked NOPs, every NOP or only the last
     *       posting a CQE (link members and task-work passes per NOP, CQEs per NOP);</li>
     *   <li>{@code async1}, {@code async-linkN}: chains punted to io-wq with IOSQE_ASYNC (a punt,
     *       a worker wakeup and context switches per chain);</li>
     *   <li>{@code pollsN-evfd}, {@code pollsN}: reg.b's loop with N multishot polls on one pipe, with
     *       and without a registered eventfd (per-round write, read and wait against per-CQE poll
     *       wakeups; the eventfd's signal, its RCU section and irqsave lock, apart);</li>
     *   <li>{@code echoN}: the echo server over N TCP connections (socket pairs over loopback; the
     *       socket's waitqueue, a READ and a WRITE per transaction, and four passes through TCP, the
     *       only calibration workload that takes that kind; N = 8 waits for several at once).</li>
     * </ul>
     */
    public static final List<Calibration> ALL = List.of(
            nops(1), nops(4), nops(8), nops(16), nops(32),
            link("link2", 2, false, false), link("link10", 10, false, false), link("link10-skip", 10, true, false),
            link("link100", 100, false, false), link("link100-skip", 100, true, false),
            link("async1", 1, false, true), link("async-link2", 2, false, true), link("async-link10", 10, false, true),
            link("async-link10-skip", 10, true, true),
            polls(8, true), polls(32, true), polls(128, true), polls(8, false), polls(32, false), polls(128, false),
            echo(1), echo(8));

    /** The workload named {@code name}. */
    public static Calibration named(String name) {
        return ALL.stream().filter(c -> c.name.equals(name)).findFirst()
                .orElseThrow(() -> new NoSuchElementException("no calibration workload '" + name + "' (" + ALL.stream()
                        .map(Calibration::name).toList() + ")"));
    }

    private static Calibration nops(int batch) {
        return new Calibration("nop-b" + batch, "system calls per NOP", () -> Nops32.setup(batch),
                ring -> new Round(new Nops32(ring, batch)::submitAndReap, () -> {}));
    }

    private static Calibration link(String name, int size, boolean skip, boolean async) {
        String moves = async ? "io-wq punts per NOP" : skip ? "CQEs per NOP" : "link members per NOP";
        return new Calibration(name, moves, () -> LinkedNops.setup(size), ring -> new Round(new LinkedNops(ring, size,
                skip ? ChainCqes.LAST_BY_SKIP_FLAG : ChainCqes.EVERY_NOP, async)::submitAndReap, () -> {}));
    }

    private static Calibration echo(int connections) {
        return new Calibration("echo" + connections, "TCP passes (sock) per transaction, beside a socket's waitqueue, READ and WRITE",
                () -> EchoServer.setup(connections, Clients.DETERMINISTIC), ring -> {
                    EchoServer echo = new EchoServer(ring, connections, Clients.DETERMINISTIC);
                    return new Round(echo::round, echo::close);
                });
    }

    private static Calibration polls(int polls, boolean eventfd) {
        return new Calibration("polls" + polls + (eventfd ? "-evfd" : ""),
                eventfd ? "per-round against per-CQE poll steps" : "the eventfd's signal", RegbPollMulti::setup, ring -> {
                    RegbPollMulti regb = new RegbPollMulti(ring, polls, eventfd);
                    return new Round(regb::round, regb::close);
                });
    }
}
