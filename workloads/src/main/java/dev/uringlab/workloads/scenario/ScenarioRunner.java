package dev.uringlab.workloads.scenario;

import static dev.uringlab.api.EnterFlags.IORING_ENTER_GETEVENTS;
import static dev.uringlab.api.SqRingFlags.IORING_SQ_CQ_OVERFLOW;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Opcodes;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.api.Sqe;
import dev.uringlab.spi.UnknownStrategyException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs a {@link Scenario} on a ring of any engine and writes exactly the lines docs/scenario-format.md
 * specifies: {@code submitted N} for each {@code submit}, {@code cqe ud=U res=R flags=F} for
 * each CQE reaped, nothing else. One run owns its ring, the files it opened and an
 * {@link Arena} for every I/O buffer (native memory, as the real kernel needs).
 *
 * <p>Run-time failures ({@code app read} of an empty pipe, a {@code wait} not satisfied
 * within {@link #WAIT_TIMEOUT}, a refused system call, a full SQ ring) are a
 * {@link ScenarioRuntimeException} naming the line.
 */
public final class ScenarioRunner {
    /** How long a {@code wait} waits for its CQEs before the run fails (io_uring_wait_cqes' timeout). */
    public static final Duration WAIT_TIMEOUT = Duration.ofSeconds(2);
    /** Read and write buffers start on a page, as O_DIRECT wants. */
    private static final int RW_BUFFER_ALIGN = 4096;

    /** The emulator's engine name: its requests end with close(), so its buffers can go at once. */
    private static final String EMULATED = "emulated";
    /** How many runs a kernel run's buffers outlive it by ({@link #retire}). */
    private static final int RETIRED_RUNS = 16;
    private static final ArrayDeque<Arena> RETIRED = new ArrayDeque<>();

    private final Scenario scenario;
    private final Ring ring;
    private final Arena arena;
    private final Consumer<String> out;
    private final Duration waitTimeout;
    /** Declared file spellings ({@code p.r}, {@code p.w}, {@code e}) to their descriptors. */
    private final Map<String, Integer> fds = new HashMap<>();
    private final List<Integer> opened = new ArrayList<>();

    private ScenarioRunner(Scenario scenario, Ring ring, Arena arena, Consumer<String> out, Duration waitTimeout) {
        this.scenario = scenario;
        this.ring = ring;
        this.arena = arena;
        this.out = out;
        this.waitTimeout = waitTimeout;
    }

    /**
     * The ring a scenario asks for: its {@code setup} sizes, the strategy choices and profile
     * given (emulated engine; {@code null} profile for none), in deterministic mode so every
     * run of the emulated engine gives the same CQE stream (the native engine ignores it).
     */
    public static RingConfig ringConfig(Scenario scenario, Map<String, String> strategies, String profile) {
        RingConfig.Builder b = RingConfig.builder(scenario.setup().entries()).cqEntries(scenario.setup().cqEntries())
                .flags(scenario.setup().flags()).profile(profile).deterministic(true);
        strategies.forEach(b::strategy);
        return b.build();
    }

    /**
     * Opens a ring with {@code config} on {@code engine} ({@link Rings#open}), runs the
     * scenario on it, writing each output line to {@code out}, and tears everything down.
     *
     * @throws RingUnavailableException when the engine cannot run here
     * @throws IllegalArgumentException when the engine refuses {@code config}: setup sizes out of
     *     range, an unknown axis, alias or profile ({@link UnknownStrategyException}), a strategy
     *     the engine cannot run
     * @throws ScenarioRuntimeException when a step fails
     */
    public static void run(Scenario scenario, String engine, RingConfig config, Consumer<String> out)
            throws RingUnavailableException, ScenarioRuntimeException {
        run(scenario, engine, config, out, WAIT_TIMEOUT, new Listener() { });
    }

    /**
     * {@link #run(Scenario, String, RingConfig, Consumer)} with {@code wait} giving up after
     * {@code waitTimeout} instead of {@link #WAIT_TIMEOUT}: the differential generator runs
     * thousands of programs and cannot afford two seconds for each wait the kernel never satisfies.
     */
    public static void run(Scenario scenario, String engine, RingConfig config, Consumer<String> out,
            Duration waitTimeout) throws RingUnavailableException, ScenarioRuntimeException {
        run(scenario, engine, config, out, waitTimeout, new Listener() { });
    }

    /** What a caller learns as a run goes: each step before it runs, and the teardown before it starts. */
    public interface Listener {
        /** {@code step} is about to run. */
        default void beforeStep(Step step) {}

        /** Every step ran (or one failed): the files and the ring are about to be closed. */
        default void beforeTeardown() {}
    }

    /**
     * As {@link #run(Scenario, String, RingConfig, Consumer)}, telling {@code listener} of each
     * step before it runs and of the teardown (a traced run prints the scenario's line there, so
     * the trace of the step follows it).
     */
    public static void run(Scenario scenario, String engine, RingConfig config, Consumer<String> out,
                           Listener listener) throws RingUnavailableException, ScenarioRuntimeException {
        run(scenario, engine, config, out, WAIT_TIMEOUT, listener);
    }

    /**
     * As {@link #run(Scenario, String, RingConfig, Consumer, Listener)}, with {@code wait} giving up
     * after {@code waitTimeout} (the differential fuzzer's runs: it learns which output each step made).
     */
    public static void run(Scenario scenario, String engine, RingConfig config, Consumer<String> out,
            Duration waitTimeout, Listener listener) throws RingUnavailableException, ScenarioRuntimeException {
        Ring ring = Rings.open(engine, config);
        boolean emulated = ring.engine().equals(EMULATED);
        Arena arena = emulated ? Arena.ofConfined() : Arena.ofShared();
        try (ring) {
            runSteps(scenario, ring, arena, out, waitTimeout, listener);
        } finally {
            if (emulated) {
                arena.close(); // the emulated ring's requests died with close()
            } else {
                retire(arena);
            }
        }
    }

    /**
     * Runs the scenario on {@code ring}, its I/O buffers allocated in {@code arena}, telling
     * {@code listener} as {@link #run(Scenario, String, RingConfig, Consumer, Listener)} does.
     * The ring and the arena stay the caller's (a demo reads the ring's counters before the
     * teardown and closes the ring before the arena: right for the emulated ring, whose requests
     * die with close(), not for a kernel ring, whose buffers {@link #retire} keeps); the files the
     * scenario opened are closed when it ends, after {@link Listener#beforeTeardown()}.
     *
     * @throws ScenarioRuntimeException when a step fails
     */
    public static void run(Scenario scenario, Ring ring, Arena arena, Consumer<String> out, Listener listener)
            throws ScenarioRuntimeException {
        runSteps(scenario, ring, arena, out, WAIT_TIMEOUT, listener);
    }

    /**
     * As {@link #run(Scenario, Ring, Arena, Consumer, Listener)}, with {@code wait} giving up after
     * {@code waitTimeout} (the differential fuzzer's emulated runs, which read the ring's counters).
     */
    public static void run(Scenario scenario, Ring ring, Arena arena, Consumer<String> out, Duration waitTimeout,
            Listener listener) throws ScenarioRuntimeException {
        runSteps(scenario, ring, arena, out, waitTimeout, listener);
    }

    private static void runSteps(Scenario scenario, Ring ring, Arena arena, Consumer<String> out, Duration waitTimeout,
            Listener listener) throws ScenarioRuntimeException {
        ScenarioRunner run = new ScenarioRunner(scenario, ring, arena, out, waitTimeout);
        try {
            for (Step step : scenario.steps()) {
                listener.beforeStep(step);
                run.execute(step);
            }
        } finally {
            listener.beforeTeardown();
            // Before the ring and the buffers go: no more data from the application reaches a pending read.
            run.opened.forEach(fd -> ring.sys().close(fd));
        }
    }

    /**
     * Keeps a kernel run's buffers mapped for {@link #RETIRED_RUNS} more runs. close() of an
     * io_uring fd returns before the kernel is done with its requests: io_ring_exit_work cancels
     * them later, and task work queued to this thread (a poll woken by the teardown's closes, which
     * issues a linked write, which wakes a pending read) runs at this thread's next system call.
     * Such a read copies into its buffer; freed at once, that memory would be the JVM's malloc
     * heap (seen as "malloc(): smallbin double linked list corrupted" by the fuzzer).
     */
    private static void retire(Arena arena) {
        Arena oldest = null;
        synchronized (RETIRED) {
            RETIRED.addLast(arena);
            if (RETIRED.size() > RETIRED_RUNS) {
                oldest = RETIRED.removeFirst();
            }
        }
        if (oldest != null) {
            oldest.close();
        }
    }

    private void execute(Step step) throws ScenarioRuntimeException {
        switch (step) {
            case Step.DeclarePipe p -> {
                int[] ends = open(step, () -> ring.sys().pipe());
                declare(p.name() + ".r", ends[0]);
                declare(p.name() + ".w", ends[1]);
            }
            case Step.DeclareSocketPair sp -> {
                int[] ends = open(step, () -> sp.tcp() ? ring.sys().tcpPair() : ring.sys().socketpair());
                declare(sp.name() + ".a", ends[0]);
                declare(sp.name() + ".b", ends[1]);
            }
            case Step.DeclareEventfd e -> declare(e.name(), open(step, () -> new int[] {ring.sys().eventfd()})[0]);
            case Step.DeclareNullb b -> {
                int fd = ring.sys().openBlockDevice(b.name(), b.size(), b.pollQueues(), b.completionNsec());
                if (fd < 0) {
                    throw fail(step, "nullb " + b.name() + ": " + errno(fd)
                            + (fd == -Errno.EOPNOTSUPP && b.pollQueues() > 0 ? " (no pollable block device here)" : ""));
                }
                declare(b.name(), fd);
            }
            case Step.RegisterEventfd r -> {
                int ret = ring.registerEventfd(fds.get(r.name()));
                if (ret < 0) {
                    throw fail(step, "register-eventfd " + r.name() + ": " + errno(ret));
                }
            }
            case Step.RegisterFiles r -> {
                int[] files = new int[r.files().size()];
                for (int i = 0; i < files.length; i++) {
                    files[i] = fd(r.files().get(i));
                }
                int ret = ring.registerFiles(files);
                if (ret < 0) {
                    throw fail(step, "register-files: " + errno(ret));
                }
            }
            case Step.RegisterBuffers r -> {
                MemorySegment[] bufs = new MemorySegment[r.count()];
                for (int i = 0; i < bufs.length; i++) {
                    bufs[i] = arena.allocate(Step.RegisterBuffers.BUFFER_SIZE, RW_BUFFER_ALIGN);
                }
                int ret = ring.registerBuffers(bufs);
                if (ret < 0) {
                    throw fail(step, "register-buffers " + r.count() + ": " + errno(ret));
                }
            }
            case Step.SqeStep s -> queue(s);
            case Step.Submit ignored -> out.accept("submitted " + ring.submit());
            case Step.Wait w -> {
                int ret = ring.waitCqes(w.count(), waitTimeout.toNanos());
                if (ret == -Errno.ETIME) {
                    throw fail(step, "wait " + w.count() + ": only " + ring.cqReady() + " CQE(s) in the ring after "
                            + (waitTimeout.toMillis() % 1000 == 0 ? waitTimeout.toSeconds() + " s" : waitTimeout.toMillis() + " ms")
                            + " (-ETIME)");
                }
                if (ret < 0) {
                    throw fail(step, "wait " + w.count() + ": " + errno(ret));
                }
            }
            case Step.WaitFor w -> waitFor(w);
            case Step.AppWrite w -> {
                MemorySegment buf = arena.allocate(w.count());
                buf.fill((byte) 'x');
                int ret = ring.sys().write(fds.get(w.end()), buf, w.count());
                if (ret != w.count()) {
                    throw fail(step, "app write " + w.end() + " " + w.count() + ": "
                            + (ret < 0 ? errno(ret) : "wrote only " + ret + " bytes"));
                }
            }
            case Step.AppRead r -> {
                int ret = ring.sys().read(fds.get(r.end()), arena.allocate(r.count()), r.count());
                if (ret < 0) {
                    throw fail(step, "app read " + r.end() + " " + r.count() + ": "
                            + (ret == -Errno.EAGAIN ? (r.end().endsWith(".r") ? "the pipe" : "the socket") + " is empty (-EAGAIN)" : errno(ret)));
                }
            }
            case Step.Reap ignored -> reap(step);
        }
    }

    /** io_uring_get_sqe and the io_uring_prep_* call for one SQE step; flags and user_data last. */
    private void queue(Step.SqeStep s) throws ScenarioRuntimeException {
        Sqe sqe = ring.getSqe();
        if (sqe == null) {
            throw fail(s, "no free SQE: all " + ring.sq().entries() + " SQ entries are queued; submit before queuing more");
        }
        switch (s) {
            case Step.Nop n -> {
                if (n.injectResult().isPresent()) {
                    sqe.prepNopInject(n.injectResult().getAsInt());
                } else {
                    sqe.prepNop();
                }
                if (n.nopFlags() != 0) {
                    sqe.opFlags(sqe.opFlags() | n.nopFlags()).bufIndex(n.bufIndex());
                    if (n.fd() != null) {
                        sqe.fd(fd(n.fd()));
                    }
                }
            }
            case Step.PollAdd p -> {
                if (p.multishot()) {
                    sqe.prepPollMultishot(fd(p.fd()), p.events());
                } else {
                    sqe.prepPollAdd(fd(p.fd()), p.events());
                }
            }
            case Step.PollRemove r -> sqe.prepPollRemove(r.target());
            case Step.ReadWrite rw -> {
                // A fresh buffer per SQE, as docs/scenario-format.md says; never smaller than one byte,
                // page-aligned so that O_DIRECT on a block device takes it.
                MemorySegment buf = arena.allocate(Math.max(1, rw.len()), RW_BUFFER_ALIGN);
                if (rw.opcode() == Opcodes.IORING_OP_WRITE) {
                    buf.fill((byte) 'x');
                    sqe.prepWrite(fd(rw.fd()), buf, rw.len(), rw.off());
                } else {
                    sqe.prepRead(fd(rw.fd()), buf, rw.len(), rw.off());
                }
            }
            case Step.RawSqe raw -> sqe.prepRw(raw.opcode(), 0, 0, 0, 0);
        }
        sqe.userData(s.userData()).flags(s.sqeFlags());
    }

    /**
     * {@code wait ud=U}: looks at the ready CQEs without consuming them; while none is U's, waits
     * for one more than are ready, the whole step within {@link #WAIT_TIMEOUT}.
     */
    private void waitFor(Step.WaitFor w) throws ScenarioRuntimeException {
        long deadline = System.nanoTime() + WAIT_TIMEOUT.toNanos();
        boolean[] seen = new boolean[1];
        while (true) {
            // The count scanned, not cqReady() after the scan: a CQE arriving in between is then
            // one the next wait returns for at once, instead of one a wait for "ready + 1" skips.
            int scanned = ring.forEachCqe((userData, res, flags) -> seen[0] |= userData == w.userData());
            if (seen[0]) {
                return;
            }
            long left = deadline - System.nanoTime();
            int ret = left > 0 ? ring.waitCqes(scanned + 1, left) : -Errno.ETIME;
            if (ret == -Errno.ETIME) {
                throw fail(w, "wait ud=" + Long.toUnsignedString(w.userData()) + ": no CQE of it among the " + ring.cqReady()
                        + " in the ring after " + WAIT_TIMEOUT.toSeconds() + " s (-ETIME)");
            }
            if (ret < 0) {
                throw fail(w, "wait ud=" + Long.toUnsignedString(w.userData()) + ": " + errno(ret));
            }
        }
    }

    /**
     * Prints every CQE in the ring and advances over them; while IORING_SQ_CQ_OVERFLOW is set,
     * flushes the overflow list with io_uring_enter(0, 0, GETEVENTS) and goes on, as liburing's
     * __io_uring_get_cqe does, so overflowed CQEs are printed too, in order.
     */
    private void reap(Step step) throws ScenarioRuntimeException {
        boolean flushed = false;
        while (true) {
            int ready = ring.cqReady();
            for (int i = 0; i < ready; i++) {
                out.accept(ring.peekCqe().toString());
                ring.cqAdvance(1);
            }
            if ((ring.sqFlags() & IORING_SQ_CQ_OVERFLOW) == 0) {
                return;
            }
            if (flushed && ready == 0) {
                throw fail(step, "reap: IORING_SQ_CQ_OVERFLOW stays set but flushing moved no CQE into the ring");
            }
            int ret = ring.enter(0, 0, IORING_ENTER_GETEVENTS);
            if (ret < 0) {
                throw fail(step, "reap: io_uring_enter(0, 0, GETEVENTS) to flush the overflow list: " + errno(ret));
            }
            flushed = true;
        }
    }

    private int fd(FdRef ref) {
        return switch (ref) {
            case FdRef.Declared d -> fds.get(d.spelling());
            case FdRef.Number n -> n.fd();
        };
    }

    private void declare(String spelling, int fd) {
        fds.put(spelling, fd);
        opened.add(fd);
    }

    /** pipe2, socketpair, a TCP pair or eventfd, whose failure ({@link IllegalStateException}) fails the step. */
    private int[] open(Step step, Supplier<int[]> opener) throws ScenarioRuntimeException {
        try {
            return opener.get();
        } catch (IllegalStateException e) {
            throw fail(step, e.getMessage());
        }
    }

    private ScenarioRuntimeException fail(Step step, String reason) {
        return new ScenarioRuntimeException(scenario.file(), step.line(), reason);
    }

    private static String errno(int ret) {
        return "-" + Errno.name(-ret) + " (" + ret + ")";
    }
}
