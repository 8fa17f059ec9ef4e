package dev.uringlab.conformance;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.recipe.Recipe;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TraceEvent;
import dev.uringlab.workloads.echo.EchoServer;
import dev.uringlab.workloads.echo.EchoServer.Clients;
import dev.uringlab.workloads.linkednops.ChainCqes;
import dev.uringlab.workloads.linkednops.LinkedNops;
import dev.uringlab.workloads.nops.Nops32;
import dev.uringlab.workloads.polledreads.PolledReads;
import dev.uringlab.workloads.regb.RegbPollMulti;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * One arm of a recipe run as docs/recipes.md says: the emulated ring opened in deterministic
 * mode with the arm's profile, strategies and options, the recipe's workload built on it,
 * {@code warmup} rounds untraced, then {@code rounds} rounds traced. What it gives back is the
 * traced rounds' typed steps, each {@code call} step with the Java method that emitted it.
 */
final class RecipeRun {
    /**
     * One typed step of the trace.
     *
     * @param typed   as {@link TraceEvent#typedStep()} writes it
     * @param emitter for a {@code call} step, the method that emitted it ({@code Class.method}),
     *                else {@code null}
     * @param outOfLine for a {@code call} step, the emitter's {@link OutOfLine} value, or empty
     *                when it has none
     */
    record Traced(String typed, String emitter, Optional<String> outOfLine) {
    }

    /** The workloads a recipe may name, with the parameters each reads. */
    private static final Map<String, Set<String>> WORKLOADS = Map.of(
            "regb", Set.of(),
            "linked-nops", Set.of("linkSize", "async"),
            "polled-reads", Set.of("polled"),
            "nops32", Set.of("depth"),
            "echo", Set.of("connections"));

    private RecipeRun() {
    }

    /** The typed steps of {@code arm}'s traced rounds. */
    static List<Traced> run(Recipe recipe, Recipe.Arm arm) throws Exception {
        return run(recipe, arm, new EnumMap<>(Counter.class));
    }

    /** The same, and the ring's counters over the traced rounds into {@code counted}. */
    static List<Traced> run(Recipe recipe, Recipe.Arm arm, Map<Counter, Long> counted) throws Exception {
        Set<String> known = WORKLOADS.get(recipe.workload());
        if (known == null) {
            throw new IllegalArgumentException(recipe.file() + ": workload '" + recipe.workload() + "' is not one RecipeRun builds "
                    + WORKLOADS.keySet() + ": add it there");
        }
        if (!known.containsAll(recipe.workloadParams().keySet())) {
            throw new IllegalArgumentException(recipe.file() + ": workload " + recipe.workload() + " takes " + known + ", not "
                    + recipe.workloadParams().keySet());
        }
        List<Traced> steps = new ArrayList<>();
        boolean[] recording = {false};
        RingConfig.Builder config = setup(recipe).deterministic(true).profile(arm.profile()).trace(e -> {
            if (recording[0] && e.typedStep() != null) {
                steps.add(traced(e));
            }
        });
        arm.strategies().forEach(config::strategy);
        arm.options().forEach(config::option);
        try (Ring ring = Rings.open("emulated", config.build())) {
            Workload w = workload(recipe, arm, ring);
            try {
                for (int i = 0; i < recipe.warmup(); i++) {
                    w.round.getAsInt();
                }
                Map<Counter, Long> before = ring.counters().snapshot();
                recording[0] = true;
                for (int i = 0; i < recipe.rounds(); i++) {
                    w.round.getAsInt();
                }
                recording[0] = false;
                ring.counters().snapshot().forEach((c, v) -> counted.put(c, v - before.get(c)));
            } finally {
                w.close.run();
            }
        }
        return steps;
    }

    private record Workload(IntSupplier round, Runnable close) {
    }

    private static RingConfig.Builder setup(Recipe recipe) {
        Map<String, String> p = recipe.workloadParams();
        return switch (recipe.workload()) {
            case "regb" -> RegbPollMulti.setup();
            case "linked-nops" -> LinkedNops.setup(Integer.parseInt(p.getOrDefault("linkSize", "1")));
            case "polled-reads" -> PolledReads.setup(Boolean.parseBoolean(p.getOrDefault("polled", "true")));
            case "nops32" -> Nops32.setup(Integer.parseInt(p.getOrDefault("depth", String.valueOf(Nops32.DEPTH))));
            case "echo" -> EchoServer.setup(Integer.parseInt(p.getOrDefault("connections", "1")), Clients.DETERMINISTIC);
            default -> throw new IllegalStateException(recipe.workload());
        };
    }

    private static Workload workload(Recipe recipe, Recipe.Arm arm, Ring ring) {
        Map<String, String> p = recipe.workloadParams();
        return switch (recipe.workload()) {
            case "regb" -> {
                RegbPollMulti regb = new RegbPollMulti(ring);
                yield new Workload(regb::round, regb::close);
            }
            case "linked-nops" -> {
                LinkedNops nops = new LinkedNops(ring, Integer.parseInt(p.getOrDefault("linkSize", "1")),
                        ChainCqes.forLinkCqe(arm.strategies().getOrDefault(Axis.LINK_CQE.key(), Axis.BASELINE)),
                        Boolean.parseBoolean(p.getOrDefault("async", "false")));
                yield new Workload(nops::submitAndReap, () -> {});
            }
            case "polled-reads" -> {
                PolledReads reads = new PolledReads(ring, Boolean.parseBoolean(p.getOrDefault("polled", "true")));
                yield new Workload(reads::submitAndReap, reads::close);
            }
            case "nops32" -> {
                Nops32 nops = new Nops32(ring, Integer.parseInt(p.getOrDefault("depth", String.valueOf(Nops32.DEPTH))));
                yield new Workload(nops::submitAndReap, () -> {});
            }
            case "echo" -> {
                EchoServer echo = new EchoServer(ring, Integer.parseInt(p.getOrDefault("connections", "1")), Clients.DETERMINISTIC);
                yield new Workload(echo::round, echo::close);
            }
            default -> throw new IllegalStateException(recipe.workload());
        };
    }

    /** The step, and for a {@code call} the method that emitted it: the first frame below {@link Trace}'s. */
    private static Traced traced(TraceEvent e) {
        if (e.point().kind() != StepKind.CALL) {
            return new Traced(e.typedStep(), null, Optional.empty());
        }
        StackWalker.StackFrame frame = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                .walk(s -> s.dropWhile(f -> f.getDeclaringClass() != Trace.class)
                        .dropWhile(f -> f.getDeclaringClass() == Trace.class).findFirst()).orElseThrow();
        Optional<String> outOfLine;
        try {
            Method m = frame.getDeclaringClass().getDeclaredMethod(frame.getMethodName(), frame.getMethodType().parameterArray());
            outOfLine = Optional.ofNullable(m.getAnnotation(OutOfLine.class)).map(OutOfLine::value);
        } catch (NoSuchMethodException ex) {
            outOfLine = Optional.empty(); // a constructor or lambda: never a kernel function
        }
        return new Traced(e.typedStep(), frame.getDeclaringClass().getName() + "." + frame.getMethodName(), outOfLine);
    }
}
