package dev.uringlab.demos;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TraceEvent;
import dev.uringlab.workloads.scenario.ScenarioRunner;
import dev.uringlab.workloads.scenario.ScenarioRuntimeException;
import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a {@link Demo}'s arms on the emulated ring, deterministically, and records each as an
 * {@link ArmRun}: the ring's trace and the application's lines, in the order they happened,
 * each applied to a {@link RingState}. Every arm runs on a fresh thread called {@value #TASK}
 * (the ring's task: the thread that holds the completion lock in task context), so the result
 * does not depend on the caller; the teardown of the ring is not recorded.
 */
public final class Replay {
    /** The name of the thread an arm runs on: what the trace shows as the lock holder. */
    public static final String TASK = "task";

    private Replay() {}

    /**
     * Both arms of {@code demo}.
     *
     * @throws IllegalStateException when tracing is not compiled into this JVM ({@link Trace#COMPILED})
     * @throws IllegalArgumentException when the ring refuses an arm's configuration (an unknown alias)
     * @throws DemoFailedException when the program fails on an arm
     */
    public static List<ArmRun> run(Demo demo) throws DemoFailedException {
        if (!Trace.COMPILED) {
            throw new IllegalStateException("tracing is not compiled into this JVM: start it with -D"
                    + Trace.PROPERTY + "=true");
        }
        List<ArmRun> runs = new ArrayList<>();
        for (Arm arm : demo.arms()) {
            runs.add(onTaskThread(demo, arm));
        }
        return List.copyOf(runs);
    }

    private static ArmRun onTaskThread(Demo demo, Arm arm) throws DemoFailedException {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread task = Thread.ofPlatform().name(TASK).unstarted(() -> {
            try {
                result.set(runArm(demo, arm));
            } catch (ScenarioRuntimeException | RingUnavailableException | RuntimeException | Error e) {
                result.set(e);
            }
        });
        task.start();
        try {
            task.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DemoFailedException(demo.name() + ": interrupted");
        }
        return switch (result.get()) {
            case ArmRun run -> run;
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            case Exception e -> throw new DemoFailedException(demo.name() + " [" + arm.label() + "]: " + e.getMessage());
            default -> throw new IllegalStateException("no result");
        };
    }

    private static boolean shown(Demo demo, TraceEvent e) {
        String subject = e.subject();
        return subject != null && demo.show().stream().anyMatch(subject::startsWith);
    }

    private static ArmRun runArm(Demo demo, Arm arm) throws ScenarioRuntimeException, RingUnavailableException {
        List<Step> steps = new ArrayList<>();
        boolean[] recording = {true};
        RingState[] state = new RingState[1];
        RingConfig.Builder config = ScenarioRunner.ringConfig(demo.scenario(), arm.strategies(), arm.profile()).toBuilder()
                .trace((TraceEvent e) -> {
                    // The generic costed steps (a call, an RCU section, a fence...) are for recipes; a demo
                    // narrates the named points, and the costed steps its header asks for (show:).
                    if (recording[0] && state[0] != null && (!e.point().genericStep() || shown(demo, e))) {
                        String change = state[0].apply(e);
                        steps.add(new Step(Step.Kind.KERNEL, e.step(), change, state[0].snapshot()));
                    }
                });
        Ring ring = Rings.open("emulated", config.build());
        Map<String, Long> counters = new LinkedHashMap<>();
        try (Arena arena = Arena.ofConfined(); ring) {
            state[0] = new RingState(ring.cq().entries());
            ScenarioRunner.run(demo.scenario(), ring, arena, line -> {
                String change = state[0].applyOutput(line);
                steps.add(new Step(Step.Kind.OUTPUT, line, change, state[0].snapshot()));
            }, new ScenarioRunner.Listener() {
                @Override
                public void beforeStep(dev.uringlab.workloads.scenario.Step step) {
                    String line = demo.source().get(step.line() - 1).strip();
                    steps.add(new Step(Step.Kind.PROGRAM, line, state[0].applyProgram(step), state[0].snapshot()));
                }

                @Override
                public void beforeTeardown() {
                    // The program is over: closing its pipes would wake the polls, which is teardown, not the demo.
                    recording[0] = false;
                    ring.counters().snapshot().forEach((c, v) -> {
                        if (v != 0) {
                            counters.put(c.name(), v);
                        }
                    });
                }
            });
            return new ArmRun(arm, ring.sq().entries(), ring.cq().entries(), steps, counters);
        }
    }
}
