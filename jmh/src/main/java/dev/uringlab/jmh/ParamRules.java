package dev.uringlab.jmh;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.KernelProfile;
import dev.uringlab.spi.Names;
import dev.uringlab.spi.RacedOnlyWith;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyOption;
import dev.uringlab.spi.StrategyProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The naming convention of the benchmarks' {@code @Param}s and the one rule that says which
 * combinations of them make sense. JMH runs the cross product of every {@code @Param}; some
 * points of it are not experiments: {@link BenchmarkRingState} refuses them at setup with the reason,
 * and {@link BenchmarkPlan} leaves them out of the plan {@code uring-lab compare} runs.
 *
 * <h2>Param names</h2>
 * <ul>
 *   <li>{@value #RING}: the engine, {@code emulated} or {@code native}
 *       ({@link dev.uringlab.api.Rings});</li>
 *   <li>{@value #PROFILE}: {@code baseline}, {@code all-patches}
 *       ({@link Strategies#PROFILE_ALL_PATCHES}) or a kernel profile, {@code linux-X.Y} or a
 *       development tree {@code for-X.Y-DATE} ({@link dev.uringlab.spi.KernelProfile}: a seed's
 *       context);</li>
 *   <li>an axis key in camelCase ({@code completion}, {@code reqAlloc}, {@code pollRearm},
 *       {@code linkCqe}, {@code bioAlloc}...): the alias chosen on that axis; {@code baseline}
 *       means "the profile's own choice" under a kernel profile (which is baseline on the
 *       axis a seed patches, since the context is the pre-patch kernel);</li>
 *   <li>anything else: the workload's own (link size, CQE array size...), not read here.</li>
 * </ul>
 *
 * <h2>What makes no sense</h2>
 * Benchmarks move one axis at a time against baseline, race {@code all-patches} against
 * baseline, and race each seed in its context: a kernel profile against the same profile
 * with the patched axis alone moved (DESIGN.md; where the series spans axes, the profile moves
 * the rest of it with that axis, {@link StrategyProvider#seriesOnOtherAxes()}). Hence:
 * <ol>
 *   <li>{@code all-patches} with an axis param that is not baseline: the profile chooses every
 *       axis itself; a kernel profile with two axis params that are not baseline (only the
 *       patched axis may differ from the context), or with an alias the profile already
 *       resolves to (the point would repeat the context's);</li>
 *   <li>the native ring with a profile other than baseline: the real kernel runs its own
 *       mechanisms, profiles choose the emulator's;</li>
 *   <li>the native ring with an axis alias whose provider declares no
 *       {@link StrategyProvider#nativeEquivalent() native equivalent}: the kernel honours only
 *       what user space chooses per SQE ({@code linkCqe=cqe-skip-success} is the kernel's own
 *       IOSQE_CQE_SKIP_SUCCESS, 5.17, set by the workload);</li>
 *   <li>a param value raced only together with one value of another param ({@link #onlyWith()}):
 *       {@code async=true} only with {@code linkSize=10}, as seed 003's author measured it,
 *       {@code polled=true} only with {@code ring=emulated} (no pollable block device here)
 *       ({@link #ONLY_WITH}, the workloads' own), and what each provider declares
 *       ({@link StrategyProvider#racedOnlyWith()}: {@code cqe-skip-success} only with
 *       {@code completion=baseline}, since no kernel ever had the 5.17 flag on the 5.6 posting
 *       path);</li>
 *   <li>a param named after a strategy's {@link StrategyProvider#options() option} (its key in
 *       camelCase: batched-cqe's {@code cqe-array} is {@code cqeArray}) at a value other than
 *       its default, where no strategy declaring it is chosen: the point would repeat the
 *       default's.</li>
 * </ol>
 * Which strategy has which option, and which has a native equivalent, comes from the registry
 * ({@link Strategies}), and so do the values of an axis param ({@link #aliases}: the aliases
 * whose provider races them on the benchmark's workload, {@link StrategyProvider#racedOn()}):
 * this class names no alias.
 */
public final class ParamRules {
    /** The engine param. */
    public static final String RING = "ring";
    /** The profile param. */
    public static final String PROFILE = "profile";
    /** The native engine's name. */
    public static final String NATIVE = "native";

    /**
     * A workload param value that is raced only together with one value of another param.
     *
     * @param param      the param, e.g. {@code async}
     * @param value      its value that needs the other, e.g. {@code true}
     * @param otherParam the other param, e.g. {@code linkSize}
     * @param otherValue the only value of it that {@code value} runs with
     * @param why        the reason, for the skip line
     */
    public record OnlyWith(String param, String value, String otherParam, String otherValue, String why) {}

    /**
     * The workloads' own restrictions. A strategy's are its provider's
     * ({@link StrategyProvider#racedOnlyWith()}), read by {@link #onlyWith()}.
     */
    public static final List<OnlyWith> ONLY_WITH = List.of(
            new OnlyWith("async", "true", "linkSize", "10", "seed 003 measured FORCE_ASYNC on links of 10 only"),
            new OnlyWith("polled", "true", RING, "emulated",
                    "this machine has no pollable block device: the native ring reads an O_DIRECT ext4 file, and the"
                        + " kernel fails a polled read of it with -EOPNOTSUPP (a polled bio on a queue that cannot poll)"),
            new OnlyWith("clients", "threaded", "connections", "64",
                    "the echo server's client thread is raced at 64 connections; the deterministic clients cover 1, 64 and 1000"));

    /** Every restriction: the workloads' ({@link #ONLY_WITH}), then each registered strategy's, as JMH params. */
    public static List<OnlyWith> onlyWith() {
        List<OnlyWith> rules = new ArrayList<>(ONLY_WITH);
        for (StrategyProvider<?> p : Strategies.all()) {
            for (RacedOnlyWith r : p.racedOnlyWith()) {
                rules.add(new OnlyWith(paramName(p.axis()), p.alias(), Names.camel(r.param()), r.value(), r.why()));
            }
        }
        return List.copyOf(rules);
    }

    /**
     * The workload a benchmark runs, as providers name it in {@link StrategyProvider#racedOn()}:
     * the class's simple name without {@code Benchmark}, in kebab case
     * ({@code dev.uringlab.jmh.EchoServerBenchmark.echoServer} is {@code echo-server}).
     *
     * @param benchmark a benchmark class's name, or its method's ({@code CLASS.method})
     */
    public static String workload(String benchmark) {
        String[] parts = benchmark.split("\\.");
        String simple = parts.length > 1 && Character.isLowerCase(parts[parts.length - 1].charAt(0))
                ? parts[parts.length - 2] : parts[parts.length - 1];
        return Names.kebab(simple.replaceFirst("Benchmark$", ""));
    }

    /**
     * The values of an axis param on {@code benchmark}: baseline, then every registered alias of
     * the axis raced on the benchmark's {@link #workload}, in the registry's order.
     */
    public static List<String> aliases(String benchmark, Axis<?> axis) {
        String workload = workload(benchmark);
        List<String> aliases = new ArrayList<>(List.of(Axis.BASELINE));
        Strategies.of(axis).stream().filter(p -> p.racedOn().contains(workload)).map(StrategyProvider::alias)
                .filter(a -> !a.equals(Axis.BASELINE)).forEach(aliases::add);
        return List.copyOf(aliases);
    }

    /** The axis whose param is called {@code param}, if any. */
    public static Optional<Axis<?>> axisOfParam(String param) {
        return Axis.values().stream().filter(a -> paramName(a).equals(param)).findFirst();
    }

    private ParamRules() {}

    /** The param name of an axis: its key in camelCase ({@code req-alloc} is {@code reqAlloc}). */
    public static String paramName(Axis<?> axis) {
        return camelCase(axis.key());
    }

    /** The param name of a strategy option: its key in camelCase ({@code cqe-array} is {@code cqeArray}). */
    public static String paramName(StrategyOption option) {
        return camelCase(option.key());
    }

    private static String camelCase(String key) {
        return Names.camel(key);
    }

    /**
     * Why this point of {@code benchmark}'s param space is not an experiment, or empty when it is:
     * an axis alias that no provider races on the benchmark's workload ({@link #aliases}), else
     * {@link #rejection(Map)}.
     *
     * @param benchmark the benchmark class's name (or its method's)
     * @param params    param name to value, as JMH passes them
     */
    public static Optional<String> rejection(String benchmark, Map<String, String> params) {
        for (Axis<?> axis : Axis.values()) {
            String alias = params.get(paramName(axis));
            List<String> raced = aliases(benchmark, axis);
            if (alias != null && !raced.contains(alias)) {
                return Optional.of(paramName(axis) + "=" + alias + ": no registered strategy races " + alias + " on "
                        + workload(benchmark) + " (its provider's racedOn); raced there: " + String.join(", ", raced));
            }
        }
        return rejection(params);
    }

    /**
     * Why this point of a benchmark's param space is not an experiment, or empty when it is.
     *
     * @param params param name to value, as JMH passes them
     */
    public static Optional<String> rejection(Map<String, String> params) {
        String profile = params.getOrDefault(PROFILE, Strategies.PROFILE_BASELINE);
        boolean nativeRing = NATIVE.equals(params.get(RING));
        if (nativeRing && !profile.equals(Strategies.PROFILE_BASELINE)) {
            return Optional.of("ring=native with profile=" + profile
                    + ": the real kernel runs its own mechanisms, profiles choose the emulator's");
        }
        String moved = null;
        for (Axis<?> axis : Axis.values()) {
            String name = paramName(axis);
            String alias = params.get(name);
            if (alias == null || alias.equals(Axis.BASELINE)) {
                continue;
            }
            if (profile.equals(Strategies.PROFILE_ALL_PATCHES)) {
                return Optional.of("profile=" + profile + " with " + name + "=" + alias
                        + ": the profile chooses every axis itself; race an axis with profile=baseline");
            }
            Optional<KernelProfile> kernel = KernelProfile.byName(profile);
            if (kernel.isPresent()) {
                if (moved != null) {
                    return Optional.of("profile=" + profile + " with " + moved + " and " + name + "=" + alias
                            + ": a race in a seed's context moves its patched axis alone");
                }
                if (alias.equals(Strategies.inKernel(axis, kernel.get().version()))) {
                    return Optional.of("profile=" + profile + " with " + name + "=" + alias + ": " + profile
                            + " already runs " + alias + " on " + axis.key() + "; the point would repeat " + name + "=baseline");
                }
                moved = name + "=" + alias;
            }
            if (nativeRing && registered(axis, alias).flatMap(StrategyProvider::nativeEquivalent).isEmpty()) {
                return Optional.of("ring=native with " + name + "=" + alias
                        + ": the real kernel cannot run an emulated strategy (besides baseline it honours only "
                        + nativeEquivalents() + ")");
            }
        }
        for (StrategyProvider<?> p : Strategies.all()) {
            for (StrategyOption option : p.options()) {
                String param = paramName(option);
                String value = params.get(param);
                if (value != null && !value.equals(option.defaultValue()) && !chosen(params, param)) {
                    String alias = params.getOrDefault(paramName(p.axis()), Axis.BASELINE);
                    return Optional.of(param + "=" + value + " with " + paramName(p.axis()) + "=" + alias
                            + ": it is an option of " + p.alias() + " only; the point would repeat "
                            + param + "=" + option.defaultValue());
                }
            }
        }
        for (OnlyWith rule : onlyWith()) {
            String other = params.get(rule.otherParam());
            if (rule.value().equals(params.get(rule.param())) && other != null && !other.equals(rule.otherValue())) {
                return Optional.of(rule.param() + "=" + rule.value() + " with " + rule.otherParam() + "=" + other + ": "
                        + rule.why() + "; run it with " + rule.otherParam() + "=" + rule.otherValue());
            }
        }
        return Optional.empty();
    }

    /** The registered provider of {@code alias} on {@code axis}, if any. */
    static Optional<StrategyProvider<?>> registered(Axis<?> axis, String alias) {
        return Strategies.of(axis).stream().filter(p -> p.alias().equals(alias)).<StrategyProvider<?>>map(p -> p).findFirst();
    }

    /** Whether a strategy declaring the option {@code param} is the one chosen on its axis. */
    private static boolean chosen(Map<String, String> params, String param) {
        return Strategies.all().stream().anyMatch(p -> p.alias().equals(params.get(paramName(p.axis())))
                && p.options().stream().anyMatch(o -> paramName(o).equals(param)));
    }

    /** The patched aliases the native ring runs, with the kernel feature of each, for the skip line. */
    private static String nativeEquivalents() {
        return Strategies.all().stream().filter(p -> p.nativeEquivalent().isPresent())
                .map(p -> paramName(p.axis()) + "=" + p.alias() + ", the kernel's own " + p.nativeEquivalent().get().feature()
                        + " (" + p.nativeEquivalent().get().since() + ")")
                .sorted().collect(Collectors.joining("; "));
    }
}
