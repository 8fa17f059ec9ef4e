package dev.uringlab.spi;

import dev.uringlab.api.RingConfig;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The strategy registry: every {@link StrategyProvider} on the class path, found once with
 * {@link ServiceLoader}, and the resolution of a {@link RingConfig} into one provider per axis.
 */
public final class Strategies {
    /** Profile: every axis at baseline. */
    public static final String PROFILE_BASELINE = "baseline";
    /** Profile: every axis at its newest patched alias (highest {@link StrategyProvider#kernel()} above baseline's). */
    public static final String PROFILE_ALL_PATCHES = "all-patches";

    private static final List<StrategyProvider<?>> ALL = load();

    private Strategies() {}

    private static List<StrategyProvider<?>> load() {
        List<StrategyProvider<?>> list = new ArrayList<>();
        for (StrategyProvider<?> p : ServiceLoader.load(StrategyProvider.class, Strategies.class.getClassLoader())) {
            list.add(p);
        }
        return List.copyOf(list);
    }

    /** Every registered provider. */
    public static List<StrategyProvider<?>> all() {
        return ALL;
    }

    /** The providers of one axis, baseline first. */
    @SuppressWarnings("unchecked")
    public static <T> List<StrategyProvider<T>> of(Axis<T> axis) {
        return ALL.stream().filter(p -> p.axis() == axis).map(p -> (StrategyProvider<T>) p)
                .sorted(Comparator.comparing((StrategyProvider<T> p) -> !p.alias().equals(Axis.BASELINE))
                        .thenComparing(StrategyProvider::alias))
                .toList();
    }

    /** The provider with {@code alias} on {@code axis}; an unknown alias is an error listing the aliases there are. */
    public static <T> StrategyProvider<T> find(Axis<T> axis, String alias) {
        List<StrategyProvider<T>> candidates = of(axis);
        return candidates.stream().filter(p -> p.alias().equals(alias)).findFirst()
                .orElseThrow(() -> new UnknownStrategyException("unknown " + axis.key() + " strategy '" + alias
                        + "'; available: " + candidates.stream().map(StrategyProvider::alias).collect(Collectors.joining(", "))));
    }

    /**
     * One provider per axis for {@code config}: the alias asked for, else, in a kernel profile,
     * the alias the series of an alias asked for sets there
     * ({@link StrategyProvider#seriesOnOtherAxes()}), else the profile's, else baseline. An
     * unknown axis key, alias or profile is an {@link UnknownStrategyException}; two aliases asked
     * for whose series set one axis differently, an IllegalArgumentException.
     */
    public static Map<Axis<?>, StrategyProvider<?>> resolve(RingConfig config) {
        for (String key : config.strategies().keySet()) {
            if (Axis.byKey(key).isEmpty()) {
                throw new UnknownStrategyException("unknown strategy axis '" + key + "'; axes: "
                        + Axis.values().stream().map(Axis::key).collect(Collectors.joining(", ")));
            }
        }
        String profile = config.profile();
        KernelProfile kernel = null;
        if (profile != null && !profile.equals(PROFILE_BASELINE) && !profile.equals(PROFILE_ALL_PATCHES)) {
            kernel = KernelProfile.byName(profile).orElseThrow(() -> new UnknownStrategyException("unknown profile '"
                    + profile + "'; profiles: " + String.join(", ", profiles())));
        }
        Map<Axis<?>, StrategyProvider<?>> chosen = new LinkedHashMap<>();
        for (Axis<?> axis : Axis.values()) {
            String alias = config.strategies().get(axis.key());
            if (alias == null && PROFILE_ALL_PATCHES.equals(profile)) {
                alias = newestPatched(axis);
            } else if (alias == null && kernel != null) {
                alias = inKernel(axis, kernel.version());
            }
            chosen.put(axis, find(axis, alias == null ? Axis.BASELINE : alias));
        }
        if (kernel != null) {
            Map<String, String> series = new LinkedHashMap<>();
            for (String key : config.strategies().keySet()) {
                StrategyProvider<?> asked = chosen.get(Axis.byKey(key).orElseThrow());
                asked.seriesOnOtherAxes().forEach((other, alias) -> {
                    String before = series.putIfAbsent(other, alias);
                    if (before != null && !before.equals(alias)) {
                        throw new IllegalArgumentException("the series of the aliases asked for set " + other + " to both "
                                + before + " and " + alias);
                    }
                });
            }
            series.forEach((other, alias) -> {
                if (!config.strategies().containsKey(other)) {
                    Axis<?> axis = Axis.byKey(other).orElseThrow(() -> new UnknownStrategyException("a series names axis '"
                            + other + "', which does not exist"));
                    chosen.put(axis, find(axis, alias));
                }
            });
        }
        return chosen;
    }

    /**
     * {@code config} with {@code options} added, each key in kebab case (camel case, as JMH params
     * spell it, accepted: {@code cqeArray} is {@code cqe-array}). A key that no strategy chosen by
     * {@code config} declares ({@link StrategyProvider#options()}) is an
     * {@link UnknownStrategyException} naming the options the chosen strategies read.
     */
    public static RingConfig withOptions(RingConfig config, Map<String, String> options) {
        if (options.isEmpty()) {
            return config;
        }
        Map<String, String> declared = new LinkedHashMap<>();
        resolve(config).values().forEach(p -> p.options().forEach(o -> declared.put(o.key(), p.alias())));
        RingConfig.Builder b = config.toBuilder();
        options.forEach((key, value) -> {
            String k = Names.kebab(key);
            if (!declared.containsKey(k)) {
                throw new UnknownStrategyException("no chosen strategy reads option '" + key + "'; "
                        + (declared.isEmpty() ? "the chosen strategies read none"
                        : "options: " + declared.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")")
                                .collect(Collectors.joining(", "))));
            }
            b.option(k, value);
        });
        return b.build();
    }

    /** Every profile name: {@code baseline}, {@code all-patches}, then each {@link KernelProfile}, oldest first. */
    public static List<String> profiles() {
        List<String> names = new ArrayList<>(List.of(PROFILE_BASELINE, PROFILE_ALL_PATCHES));
        KernelProfile.values().forEach(p -> names.add(p.name()));
        return List.copyOf(names);
    }

    /**
     * The alias release {@code version} ran on {@code axis}: the non-baseline provider whose
     * {@link StrategyProvider#mainline()} holds the version (the latest merged when several do),
     * else baseline.
     */
    public static String inKernel(Axis<?> axis, String version) {
        return of(axis).stream().filter(p -> !p.alias().equals(Axis.BASELINE) && p.mainline().contains(version))
                .max((a, b) -> compareKernel(a.mainline().since(), b.mainline().since()))
                .map(StrategyProvider::alias).orElse(Axis.BASELINE);
    }

    /** The alias of the newest patched implementation of an axis, or baseline when it has none newer. */
    public static String newestPatched(Axis<?> axis) {
        List<? extends StrategyProvider<?>> providers = of(axis);
        String baselineKernel = providers.stream().filter(p -> p.alias().equals(Axis.BASELINE))
                .map(StrategyProvider::kernel).findFirst().orElse("0");
        return providers.stream().filter(p -> compareKernel(p.kernel(), baselineKernel) > 0)
                .max((a, b) -> compareKernel(a.kernel(), b.kernel())).map(StrategyProvider::alias)
                .orElse(Axis.BASELINE);
    }

    /** The prefix of a development tree's version: {@code for-5.16} is the tree that became 5.16. */
    private static final String TREE_PREFIX = "for-";

    /**
     * Compares kernel versions such as {@code 5.17} and {@code 6.2} numerically, part by part. A
     * development tree {@code for-X.Y} (the maintainer's branch the X.Y merge window pulled, as
     * the seeds' authors posted against it) comes after every release before X.Y and before X.Y
     * itself.
     */
    static int compareKernel(String a, String b) {
        boolean treeA = a.startsWith(TREE_PREFIX);
        boolean treeB = b.startsWith(TREE_PREFIX);
        String[] pa = (treeA ? a.substring(TREE_PREFIX.length()) : a).split("\\.");
        String[] pb = (treeB ? b.substring(TREE_PREFIX.length()) : b).split("\\.");
        for (int i = 0; i < Math.max(pa.length, pb.length); i++) {
            int x = i < pa.length ? Integer.parseInt(pa[i].replaceAll("\\D.*", "")) : 0;
            int y = i < pb.length ? Integer.parseInt(pb[i].replaceAll("\\D.*", "")) : 0;
            if (x != y) {
                return Integer.compare(x, y);
            }
        }
        return Boolean.compare(treeB, treeA);
    }
}
