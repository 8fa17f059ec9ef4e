package dev.uringlab.jmh;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Axis;
import dev.uringlab.workloads.echo.EchoServer.Clients;
import dev.uringlab.workloads.echo.EchoServer;
import java.util.Locale;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The echo server of seed 002 ("reduce frequent add_wait_queue() overhead for multi-shot poll
 * request"): transactions per second, the race of the {@code poll-rearm} axis.
 *
 * <h2>The kernel workload it mirrors</h2>
 * The author's io_uring-echo-server (multishot branch): {@code connections} TCP connections over loopback,
 * one multishot POLL_ADD per server socket, a READ and a WRITE SQE per 16-byte request; clients
 * send 16 bytes and read the reply (see {@link EchoServer}). The author ran 1000 connections
 * and measured 284116 -> 287832 tps (+1.3%), "in accord with the saved add_wait_queue() cost".
 * Here one operation is one transaction: each invocation serves {@value #TX} transactions
 * ({@value #TX} / connections rounds), so the score is transactions per second.
 *
 * <h2>What is compared</h2>
 * <ul>
 *   <li>{@code ring=emulated, profile=linux-5.15, pollRearm=baseline}: the author's kernel,
 *       list_del_init on every wakeup and add_wait_queue (a waitqueue-head lock round trip) on
 *       every re-arm (the race's context; {@code profile=baseline} is the same axis with every
 *       other axis at its pre-patch alias);</li>
 *   <li>{@code pollRearm=active-flag}: the patch as posted, the entry stays queued and a flag gates
 *       io_poll_wake (on AF_UNIX it would stall at the first POLLOUT wakeup; on TCP, with replies
 *       that fit, none comes);</li>
 *   <li>{@code pollRearm=poll-refs}: 6.1's poll_refs ownership, the mechanism that replaced it;</li>
 *   <li>{@code ring=native, profile=baseline, pollRearm=baseline}: this machine's kernel, same
 *       loop, beside them.</li>
 * </ul>
 * {@code clients=deterministic}: the benchmark thread plays every client between its
 * io_uring_enter calls (stable, single-threaded); {@code clients=threaded}: a client thread, as
 * the author ran a separate client (wakeups cross threads; noisier; at 64 connections only).
 *
 * <h2>Secondary metrics</h2>
 * Per transaction (secondary score / primary score): {@code waitqueueAdd} and
 * {@code waitqueueRemove} (baseline 1 and 1, active-flag 0 and 0), {@code waitqueueLock}
 * (waitqueue-head lock acquisitions: 2 in 5.15, the request's __wake_up and io_poll_task_func's
 * add_wait_queue; 1 with the flag), {@code pollWakeAccepted} (1) and {@code pollWakeIgnored}
 * (wakeups the strategy refused, 0 when clients wait for their reply), {@code taskWorkRun}.
 * EchoServerTest holds these. The native ring counts only what user space sees.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   ./uring-lab compare --include EchoServer
 *   java -jar jmh/target/benchmarks.jar EchoServerBenchmark -p connections=1000 -p clients=deterministic
 * </pre>
 */
public class EchoServerBenchmark extends RingBenchmark {
    /** Transactions per invocation: the least common multiple of the {@code connections} values (1, 64, 1000). */
    static final int TX = 8_000;

    /** The ring and the echo server on it. */
    @State(Scope.Thread)
    public static class EchoState extends BenchmarkRingState {
        /** The engine: the emulated kernel, or the real one. */
        @Param({"emulated", "native"})
        public String ring;

        /** Every axis at baseline, or seed 002's context: the author's kernel, linux-5.15. */
        @Param({"baseline", "linux-5.15"})
        public String profile;

        /** Seed 002's axis: poll re-arm, 5.15 ({@code baseline}), the patch, or 6.1's poll_refs. */
        @Param(Axis.BASELINE) // and every alias raced on this workload: ParamRules.aliases
        public String pollRearm;

        /** Connections, each with its multishot poll. */
        @Param({"1", "64", "1000"})
        public int connections;

        /** Who plays the clients: the benchmark thread, or a client thread. */
        @Param({"deterministic", "threaded"})
        public String clients;

        EchoServer echo;
        int rounds;

        @Override
        protected RingConfig.Builder setup() {
            return EchoServer.setup(connections, mode());
        }

        @Override
        protected void opened(Ring ring) {
            if (TX % connections != 0) {
                throw new IllegalArgumentException("connections must divide " + TX + ": " + connections);
            }
            rounds = TX / connections;
            // the author's clients were another process: their thread may run on any CPU, not the ring's (OneCpu)
            echo = new EchoServer(ring, connections, mode(), body -> Thread.ofPlatform().name(EchoServer.CLIENT_THREAD).unstarted(() -> {
                OneCpu.release();
                body.run();
            }));
        }

        @Override
        protected void closing() {
            if (echo != null) {
                echo.close();
            }
        }

        private Clients mode() {
            return Clients.valueOf(clients.toUpperCase(Locale.ROOT));
        }
    }

    /** The counters that explain the echo figure, per iteration (divide by the primary score for per-transaction figures). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class EchoCounters extends RingCounters {
        public long waitqueueAdd;
        public long waitqueueRemove;
        public long waitqueueLock;
        public long pollWakeAccepted;
        public long pollWakeIgnored;
        public long taskWorkRun;
        // Counted by the kernel too (tracepoints): a counting fork's native point carries the kernel's.
        public long cqeFilled;
        public long pollExecute;
        public long taskWorkPass;
        public long pollArm;
        public long schedWaking;
    }

    /** {@value #TX} echo transactions. */
    @Benchmark
    @OperationsPerInvocation(TX)
    public int echoServer(EchoState state, EchoCounters counters) {
        int tx = 0;
        for (int r = 0; r < state.rounds; r++) {
            tx += state.echo.round();
        }
        return tx;
    }
}
