package dev.uringlab.spi;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A strategy implementation, registered with {@link java.util.ServiceLoader} under
 * {@code META-INF/services/dev.uringlab.spi.StrategyProvider}. Like Agrona's idle strategies,
 * each has a short alias ({@code baseline}, {@code batched-cqe}...) unique on its axis. Write one
 * by extending {@link AbstractStrategyProvider}.
 *
 * @param <T> the axis interface
 */
public interface StrategyProvider<T> {

    /** The axis it implements. */
    Axis<T> axis();

    /** Its alias on that axis; {@link Axis#BASELINE} for the pre-patch mechanism. */
    String alias();

    /** The kernel whose mechanism it reproduces, e.g. {@code "6.1"}; profiles use it to find the newest. */
    String kernel();

    /**
     * The mainline releases that ran this mechanism, for kernel profiles ({@link KernelProfile}).
     * By default a patched alias is in mainline from {@link #kernel()} on; baseline is the
     * fallback of every profile (its range is not consulted).
     */
    default Mainline mainline() {
        return Mainline.since(kernel());
    }

    /**
     * The rest of this mechanism's patch series where the series spans axes: axis key to the
     * alias the series set there (seed 001's {@code req-cache} came with
     * {@code ev-posted=merged-waitqueue}, its patches 06 and 07). In a kernel profile, choosing
     * this alias applies the series as posted: every such axis the configuration does not name
     * takes that alias too ({@link Strategies#resolve}), so a race in its author's kernel moves
     * the series' axes together. Outside a kernel profile axes move one at a time. Empty by
     * default: most series change one mechanism.
     */
    default Map<String, String> seriesOnOtherAxes() {
        return Map.of();
    }

    /** One sentence: what the mechanism does and what it costs. */
    String summary();

    /** A fresh instance for one ring. */
    T create(StrategyContext ctx);

    /**
     * The ring options this strategy reads, each with its default: override where the
     * strategy has any ({@code batched-cqe}'s {@code cqe-array}). None by default.
     */
    default List<StrategyOption> options() {
        return List.of();
    }

    /**
     * The seed whose patch series this alias is, for its claim and {@link KernelProfile#seeds()}:
     * its axis's ({@link Axis#seed()}) by default; a later patch on an existing axis names its own.
     */
    default String seed() {
        return axis().seed();
    }

    /**
     * The kernel profile ({@link KernelProfile#name()}) that is the context of the race of this
     * alias's {@link #seed()}: the author's kernel, for the alias the seed's claim patches
     * in ({@code batched-cqe}: {@code linux-6.1}). {@link KernelProfile#seeds()} is read from it.
     * Empty by default: every other alias.
     */
    default Optional<String> context() {
        return Optional.empty();
    }

    /**
     * The workloads whose benchmark races this alias against baseline on its axis: the
     * benchmark's name without {@code Benchmark}, in kebab case ({@code nops32}, {@code regb},
     * {@code echo-server}, {@code linked-nops}, {@code polled-reads}). The benchmarks' plan takes
     * each axis param's values from here (jmh's {@code BenchmarkPlan}). None by default: an alias
     * only profiles choose.
     */
    default List<String> racedOn() {
        return List.of();
    }

    /**
     * The other params this alias is raced only together with (seed 003's
     * {@code cqe-skip-success} only with {@code completion=baseline}, since no kernel had the flag
     * on the 5.6 posting path). None by default.
     */
    default List<RacedOnlyWith> racedOnlyWith() {
        return List.of();
    }

    /**
     * The running kernel's own form of this mechanism, where it has one, so the native ring
     * runs the workloads written for this strategy ({@code cqe-skip-success}:
     * IOSQE_CQE_SKIP_SUCCESS, 5.17). Empty by default: only the emulator runs it. Baseline needs
     * none: it is the pre-patch mechanism, and the native ring runs the kernel's current one.
     */
    default Optional<NativeEquivalent> nativeEquivalent() {
        return Optional.empty();
    }
}
