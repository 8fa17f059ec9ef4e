package dev.uringlab.conformance;

import dev.uringlab.api.RingConfig;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.KernelProfile;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyProvider;
import dev.uringlab.workloads.scenario.Scenario;
import dev.uringlab.workloads.scenario.ScenarioRunner;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One choice of strategies for the emulated ring, named as on the command line: {@code baseline},
 * {@code completion=batched-cqe}, {@code all-patches}.
 *
 * @param name       how test names show it
 * @param strategies axis key to alias; unset axes are baseline
 * @param profile    a profile, or {@code null}
 */
record StrategySet(String name, Map<String, String> strategies, String profile) {

    /** Every axis at baseline. */
    static StrategySet baseline() {
        return new StrategySet(Axis.BASELINE, Map.of(), null);
    }

    /** The {@code all-patches} profile. */
    static StrategySet allPatches() {
        return new StrategySet(Strategies.PROFILE_ALL_PATCHES, Map.of(), Strategies.PROFILE_ALL_PATCHES);
    }

    /** {@code AXIS=ALIAS}, as on the command line and in a folder's {@code STRATEGY} marker. */
    static StrategySet parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq <= 0 || eq == spec.length() - 1) {
            throw new IllegalArgumentException("expected AXIS=ALIAS, got '" + spec + "'");
        }
        return new StrategySet(spec, Map.of(spec.substring(0, eq), spec.substring(eq + 1)), null);
    }

    /** Baseline; every registered non-baseline alias alone on its axis, in axis order; all-patches; every kernel profile. */
    static List<StrategySet> all() {
        List<StrategySet> sets = new ArrayList<>();
        sets.add(baseline());
        for (Axis<?> axis : Axis.values()) {
            for (StrategyProvider<?> p : Strategies.of(axis)) {
                if (!p.alias().equals(Axis.BASELINE)) {
                    sets.add(parse(axis.key() + "=" + p.alias()));
                }
            }
        }
        sets.add(allPatches());
        for (KernelProfile k : KernelProfile.values()) {
            sets.add(new StrategySet(k.name(), Map.of(), k.name()));
        }
        return List.copyOf(sets);
    }

    /**
     * These choices as the native ring takes them: only those the kernel implements itself and user
     * space selects ({@link StrategyProvider#nativeEquivalent()}: the skip flag). A marker naming
     * an emulated mechanism this kernel runs anyway ({@code poll-rearm=poll-refs}) leaves the
     * native ring at baseline, which is the kernel as it is.
     */
    StrategySet forNative() {
        Map<String, String> kept = new java.util.TreeMap<>();
        strategies.forEach((axis, alias) -> Strategies.all().stream()
                .filter(p -> p.axis().key().equals(axis) && p.alias().equals(alias) && p.nativeEquivalent().isPresent())
                .findFirst().ifPresent(p -> kept.put(axis, alias)));
        return kept.isEmpty() ? baseline() : new StrategySet(name, kept, profile);
    }

    /** The ring a scenario asks for, with these choices (ScenarioRunner's configuration). */
    RingConfig configFor(Scenario scenario) {
        return ScenarioRunner.ringConfig(scenario, strategies, profile);
    }

    /** The alias this set resolves to on {@code axis}, through the profile if need be. */
    String aliasOn(Axis<?> axis) {
        RingConfig.Builder b = RingConfig.builder(1).profile(profile);
        strategies.forEach(b::strategy);
        return Strategies.resolve(b.build()).get(axis).alias();
    }
}
