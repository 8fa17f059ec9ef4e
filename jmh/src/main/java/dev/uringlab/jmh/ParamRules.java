package dev.uringlab.jmh;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Strategies;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The naming convention of the benchmarks' {@code @Param}s and the one rule that says which
 * combinations of them make sense. JMH runs the cross product of every {@code @Param}; some
 * points of it are not experiments: {@link RingState} refuses them at setup with the reason,
 * and {@link BenchmarkPlan} leaves them out of the plan {@code uring-lab compare} runs.
 *
 * <h2>Param names</h2>
 * <ul>
 *   <li>{@value #RING}: the engine, {@code emulated} or {@code native}
 *       ({@link dev.uringlab.api.Rings});</li>
 *   <li>{@value #PROFILE}: {@code baseline} or {@code all-patches}
 *       ({@link Strategies#PROFILE_ALL_PATCHES});</li>
 *   <li>an axis key in camelCase ({@code completion}, {@code reqAlloc}, {@code pollRearm},
 *       {@code linkCqe}, {@code bioAlloc}): the alias chosen on that axis;</li>
 *   <li>anything else: the workload's own (link size, CQE array size...), not read here.</li>
 * </ul>
 *
 * <h2>What makes no sense</h2>
 * Benchmarks move one axis at a time against baseline, and race {@code all-patches} against
 * baseline (DESIGN.md). Hence:
 * <ol>
 *   <li>a profile other than baseline with an axis param that is not baseline: the profile
 *       chooses every axis itself;</li>
 *   <li>the native ring with a profile other than baseline: the real kernel runs its own
 *       mechanisms, profiles choose the emulator's;</li>
 *   <li>the native ring with an axis alias that the kernel cannot honour. It honours only
 *       what user space chooses per SQE: {@code linkCqe=cqe-skip-success} is the kernel's own
 *       IOSQE_CQE_SKIP_SUCCESS (5.17), set by the workload ({@link #NATIVE_ALIASES});</li>
 *   <li>a param value raced only together with one value of another param ({@link #ONLY_WITH}):
 *       {@code async=true} only with {@code linkSize=10}, as seed 003's author measured it,
 *       {@code polled=true} only with {@code ring=emulated} (no pollable block device here), and
 *       {@code linkCqe=cqe-skip-success} only with {@code completion=baseline}, since no kernel
 *       ever had the 5.17 flag on the 5.6 posting path;</li>
 *   <li>a param that is an option of one strategy ({@link #STRATEGY_OPTIONS}: {@code cqeArray}
 *       is batched-cqe's {@code cqe-array}) at a value other than its default, where that
 *       strategy is not chosen: the point would repeat the default's.</li>
 * </ol>
 */
public final class ParamRules {
    /** The engine param. */
    public static final String RING = "ring";
    /** The profile param. */
    public static final String PROFILE = "profile";
    /** The native engine's name. */
    public static final String NATIVE = "native";

    /** Per axis, the patched aliases the native ring runs as the kernel's own per-SQE feature. */
    public static final Map<Axis<?>, Set<String>> NATIVE_ALIASES = Map.of(Axis.LINK_CQE, Set.of("cqe-skip-success"));

    /**
     * A workload param that sets a strategy option ({@link dev.uringlab.api.RingConfig#options()}):
     * it changes something only when its axis runs {@code alias}.
     *
     * @param param        the param name, e.g. {@code cqeArray}
     * @param axis         the axis of the strategy that reads the option
     * @param alias        that strategy's alias
     * @param key          the option's key in the ring config, e.g. {@code cqe-array}
     * @param defaultValue the value the strategy uses when the option is not set
     */
    public record StrategyOption(String param, Axis<?> axis, String alias, String key, String defaultValue) {}

    /** The strategy options benchmarks sweep. */
    public static final List<StrategyOption> STRATEGY_OPTIONS =
            List.of(new StrategyOption("cqeArray", Axis.COMPLETION, "batched-cqe", "cqe-array", "16"));

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

    /** The combinations benchmarks restrict. */
    public static final List<OnlyWith> ONLY_WITH = List.of(
            new OnlyWith("async", "true", "linkSize", "10", "seed 003 measured FORCE_ASYNC on links of 10 only"),
            new OnlyWith("polled", "true", RING, "emulated",
                    "this machine has no pollable block device: the native ring reads an O_DIRECT file, completed by"
                        + " interrupt only (an IOPOLL ring there polls for IRQ completions)"),
            new OnlyWith("linkCqe", "cqe-skip-success", "completion", "baseline",
                    "no kernel had IOSQE_CQE_SKIP_SUCCESS (5.17) on the 5.6 posting path; seed 003's context is raced with boxed-cqe"));

    private ParamRules() {}

    /** The param name of an axis: its key in camelCase ({@code req-alloc} is {@code reqAlloc}). */
    public static String paramName(Axis<?> axis) {
        String[] words = axis.key().split("-");
        StringBuilder sb = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            sb.append(words[i].substring(0, 1).toUpperCase(Locale.ROOT)).append(words[i].substring(1));
        }
        return sb.toString();
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
        for (Axis<?> axis : Axis.values()) {
            String name = paramName(axis);
            String alias = params.get(name);
            if (alias == null || alias.equals(Axis.BASELINE)) {
                continue;
            }
            if (!profile.equals(Strategies.PROFILE_BASELINE)) {
                return Optional.of("profile=" + profile + " with " + name + "=" + alias
                        + ": the profile chooses every axis itself; race an axis with profile=baseline");
            }
            if (nativeRing && !NATIVE_ALIASES.getOrDefault(axis, Set.of()).contains(alias)) {
                return Optional.of("ring=native with " + name + "=" + alias
                        + ": the real kernel cannot run an emulated strategy (besides baseline it honours only "
                        + NATIVE_ALIASES.entrySet().stream()
                                .flatMap(e -> e.getValue().stream().map(a -> paramName(e.getKey()) + "=" + a))
                                .sorted().collect(Collectors.joining(", "))
                        + ", the kernel's own per-SQE flag)");
            }
        }
        for (StrategyOption option : STRATEGY_OPTIONS) {
            String value = params.get(option.param());
            String alias = params.getOrDefault(paramName(option.axis()), Axis.BASELINE);
            if (value != null && !value.equals(option.defaultValue()) && !alias.equals(option.alias())) {
                return Optional.of(option.param() + "=" + value + " with " + paramName(option.axis()) + "=" + alias
                        + ": it is an option of " + option.alias() + " only; the point would repeat "
                        + option.param() + "=" + option.defaultValue());
            }
        }
        for (OnlyWith rule : ONLY_WITH) {
            String other = params.get(rule.otherParam());
            if (rule.value().equals(params.get(rule.param())) && other != null && !other.equals(rule.otherValue())) {
                return Optional.of(rule.param() + "=" + rule.value() + " with " + rule.otherParam() + "=" + other + ": "
                        + rule.why() + "; run it with " + rule.otherParam() + "=" + rule.otherValue());
            }
        }
        return Optional.empty();
    }
}
