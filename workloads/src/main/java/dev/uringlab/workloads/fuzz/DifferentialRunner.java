package dev.uringlab.workloads.fuzz;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Counter;
import dev.uringlab.workloads.scenario.Scenario;
import dev.uringlab.workloads.scenario.ScenarioRunner;
import dev.uringlab.workloads.scenario.ScenarioRuntimeException;
import dev.uringlab.workloads.scenario.Step;
import java.lang.foreign.Arena;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntConsumer;

/**
 * Runs a program on the native ring twice and on the emulated ring under every judged strategy
 * set, through the scenario runner, and compares the streams line by line. A run that fails at
 * run time (an {@code app read} of an empty pipe, a {@code wait} not satisfied) ends its stream
 * with one line {@code ! LINE: reason}, so a failure is compared like any other output.
 *
 * <p>The native ring is the kernel of this machine; {@link #nativeUnavailable()} says why it
 * cannot run here, if it cannot.
 */
public final class DifferentialRunner {
    /** The kernel's engine name. */
    public static final String NATIVE = "native";
    /** The emulator's engine name. */
    public static final String EMULATED = "emulated";
    /** How long a generated {@code wait} waits for the kernel: the generator waits only for sure CQEs. */
    public static final Duration WAIT_TIMEOUT = Duration.ofMillis(100);
    /** The prefix of the line that ends a stream whose run failed. */
    public static final String FAILURE = "! ";

    private final List<EmulatedSet> sets;

    /** A runner judging the emulator under {@code sets} (usually {@link EmulatedSet#all()}). */
    public DifferentialRunner(List<EmulatedSet> sets) {
        this.sets = List.copyOf(sets);
    }

    /** The sets this runner judges, in order. */
    public List<EmulatedSet> sets() {
        return sets;
    }

    /** Why the native ring cannot run here, or empty when it can. */
    public static Optional<String> nativeUnavailable() {
        try {
            return Rings.provider(NATIVE).unavailableReason();
        } catch (RingUnavailableException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** Judges {@code program}: the kernel's stream twice, then every set that claims the kernel's semantics. */
    public Verdict judge(Program program) throws RingUnavailableException {
        Scenario scenario = program.scenario();
        RingConfig kernelConfig = ScenarioRunner.ringConfig(scenario, Map.of(), null);
        int cqEntries = cqEntries(scenario);
        boolean[] overflowed = new boolean[1];
        List<String> kernel = run(scenario, NATIVE, kernelConfig, n -> overflowed[0] |= n > cqEntries);
        List<String> again = run(scenario, NATIVE, kernelConfig, n -> overflowed[0] |= n > cqEntries);
        if (!Judge.agrees(program, kernel, again)) {
            return new Verdict.Nondeterministic(program, kernel, again);
        }
        Verdict.ByDesign byDesign = null;
        for (EmulatedSet set : sets) {
            if (!set.judges(program)) {
                continue;
            }
            long[] cqOverflow = new long[1];
            List<String> emulated = runEmulated(scenario, set.configFor(scenario), cqOverflow);
            if (Judge.agrees(program, emulated, kernel)) {
                continue;
            }
            if (set.overflowByDesign(program, overflowed[0] || cqOverflow[0] > 0)) {
                if (byDesign == null) {
                    byDesign = new Verdict.ByDesign(program, set, DisagreementKind.BATCHED_CQE_OVERFLOW, emulated, kernel);
                }
                continue;
            }
            Optional<EmulatedSet> twin = set.kernelPollTwin(KERNEL);
            if (twin.isPresent() && Judge.agrees(program, run(scenario, EMULATED, twin.get().configFor(scenario)), kernel)) {
                if (byDesign == null) {
                    byDesign = new Verdict.ByDesign(program, set,
                            DisagreementKind.classifyPollByDesign(program.lines(), emulated, kernel), emulated, kernel);
                }
                continue;
            }
            return new Verdict.Disagree(program, set, emulated, kernel);
        }
        return byDesign != null ? byDesign : new Verdict.Agree(program);
    }

    /**
     * One run on the emulated ring, as {@link #run(Scenario, String, RingConfig)}, leaving in
     * {@code cqOverflow[0]} how many CQEs its CQ overflowed ({@link Counter#CQ_OVERFLOW}, read
     * before the teardown): the overflow a kernel run shows only when a reap prints it.
     */
    static List<String> runEmulated(Scenario scenario, RingConfig config, long[] cqOverflow)
            throws RingUnavailableException {
        List<String> out = new ArrayList<>();
        Ring ring = Rings.open(EMULATED, config);
        try (Arena arena = Arena.ofConfined(); ring) {
            ScenarioRunner.run(scenario, ring, arena, out::add, WAIT_TIMEOUT, new ScenarioRunner.Listener() {
                @Override
                public void beforeTeardown() {
                    cqOverflow[0] = ring.counters().get(Counter.CQ_OVERFLOW);
                }
            });
        } catch (ScenarioRuntimeException e) {
            out.add(failure(e));
        }
        return out;
    }

    /**
     * This machine's kernel release as {@code X.Y} ({@code os.version}, e.g. {@code 6.18} of
     * {@code 6.18.44-fc-v1045}): the release whose mechanisms the native ring's streams show.
     */
    public static final String KERNEL = release(System.getProperty("os.version", ""));

    static String release(String osVersion) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(\\d+\\.\\d+)").matcher(osVersion);
        return m.find() ? m.group(1) : osVersion;
    }

    /**
     * Whether the program {@code lines} still makes {@code set} disagree with a kernel that gives
     * the same stream three times (the shrinker's test); a program that does not parse, or that an
     * engine refuses, does not.
     */
    public boolean disagrees(List<String> lines, EmulatedSet set) throws RingUnavailableException {
        return disagrees(lines, set, List.of());
    }

    /**
     * As {@link #disagrees(List, EmulatedSet)}, judging with {@link Judge}: the CQEs of the
     * chains {@code free} (io-wq work) are compared per chain, not by position.
     */
    public boolean disagrees(List<String> lines, EmulatedSet set, List<List<Long>> free) throws RingUnavailableException {
        Scenario scenario;
        try {
            scenario = Program.parse("candidate.scn", lines);
        } catch (IllegalStateException e) {
            return false;
        }
        try {
            List<String> emulated = run(scenario, EMULATED, set.configFor(scenario));
            RingConfig kernelConfig = ScenarioRunner.ringConfig(scenario, Map.of(), null);
            List<String> kernel = run(scenario, NATIVE, kernelConfig);
            // Three kernel runs, not two: a shrink tries hundreds of candidates, and one whose two runs
            // agreed by chance would steer it into the kernel's nondeterminism.
            return !Judge.agrees(free, emulated, kernel) && kernel.equals(run(scenario, NATIVE, kernelConfig))
                    && kernel.equals(run(scenario, NATIVE, kernelConfig));
        } catch (IllegalArgumentException e) {
            return false; // a setup the engine refuses (sizes out of range)
        }
    }

    /** One run's stream: its output lines, and {@code ! LINE: reason} if it failed at run time. */
    public static List<String> run(Scenario scenario, String engine, RingConfig config) throws RingUnavailableException {
        return run(scenario, engine, config, n -> { });
    }

    /**
     * As {@link #run(Scenario, String, RingConfig)}, telling {@code reaped} how many CQEs each
     * {@code reap} printed. A reap prints the ring and then the overflow list, so one that prints
     * more CQEs than the CQ holds shows that the CQ overflowed before it.
     */
    static List<String> run(Scenario scenario, String engine, RingConfig config, IntConsumer reaped)
            throws RingUnavailableException {
        List<String> out = new ArrayList<>();
        int[] reapAt = {-1};
        Runnable endReap = () -> {
            if (reapAt[0] >= 0) {
                reaped.accept(cqeLines(out.subList(reapAt[0], out.size())));
                reapAt[0] = -1;
            }
        };
        ScenarioRunner.Listener listener = new ScenarioRunner.Listener() {
            @Override
            public void beforeStep(Step step) {
                endReap.run();
                if (step instanceof Step.Reap) {
                    reapAt[0] = out.size();
                }
            }

            @Override
            public void beforeTeardown() {
                endReap.run();
            }
        };
        try {
            ScenarioRunner.run(scenario, engine, config, out::add, WAIT_TIMEOUT, listener);
        } catch (ScenarioRuntimeException e) {
            out.add(failure(e));
        }
        return out;
    }

    /** The line that ends the stream of a run that failed: {@code ! LINE: reason}. */
    private static String failure(ScenarioRuntimeException e) {
        String message = e.getMessage();
        return FAILURE + message.substring(message.indexOf(':') + 1);
    }

    /** The CQ size io_uring_setup gives the program: 2 x SQ, or CQSIZE rounded up to a power of two. */
    static int cqEntries(Scenario scenario) {
        int cq = scenario.setup().cqEntries();
        return cq == 0 ? 2 * scenario.setup().entries() : Integer.highestOneBit(Math.max(cq, 1) * 2 - 1);
    }

    static int cqeLines(List<String> stream) {
        return (int) stream.stream().filter(l -> l.startsWith("cqe ")).count();
    }
}
