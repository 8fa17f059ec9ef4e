package dev.uringlab.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one way to write a {@link StrategyProvider}: a subclass with a public no-argument
 * constructor (what {@link java.util.ServiceLoader} needs on the class path) that passes its
 * axis, alias, kernel, summary and factory here, and, where the alias is raced, says so from
 * its constructor ({@link #raceOn}, {@link #raceContext}, {@link #raceOnlyWith}, {@link #ownSeed}).
 *
 * @param <T> the axis interface
 */
public abstract class AbstractStrategyProvider<T> implements StrategyProvider<T> {
    private final Axis<T> axis;
    private final String alias;
    private final String kernel;
    private final String summary;
    private final Mainline mainline;
    private final Function<StrategyContext, ? extends T> factory;
    private final List<String> racedOn = new ArrayList<>();
    private final List<RacedOnlyWith> racedOnlyWith = new ArrayList<>();
    private String context;
    private String seed;

    protected AbstractStrategyProvider(Axis<T> axis, String alias, String kernel, String summary,
                                       Function<StrategyContext, ? extends T> factory) {
        this(axis, alias, kernel, Mainline.since(kernel), summary, factory);
    }

    /**
     * For a mechanism whose mainline life is not simply "from {@code kernel} on": one that a later
     * release replaced ({@link Mainline#between}), or one never merged ({@link Mainline#NEVER}).
     */
    protected AbstractStrategyProvider(Axis<T> axis, String alias, String kernel, Mainline mainline, String summary,
                                       Function<StrategyContext, ? extends T> factory) {
        this.mainline = Objects.requireNonNull(mainline, "mainline");
        this.axis = Objects.requireNonNull(axis, "axis");
        this.alias = Objects.requireNonNull(alias, "alias");
        this.kernel = Objects.requireNonNull(kernel, "kernel");
        this.summary = Objects.requireNonNull(summary, "summary");
        this.factory = Objects.requireNonNull(factory, "factory");
    }

    @Override
    public final Axis<T> axis() {
        return axis;
    }

    @Override
    public final String alias() {
        return alias;
    }

    @Override
    public final String kernel() {
        return kernel;
    }

    @Override
    public final Mainline mainline() {
        return mainline;
    }

    @Override
    public final String summary() {
        return summary;
    }

    @Override
    public final T create(StrategyContext ctx) {
        return factory.apply(ctx);
    }

    /** The workloads whose benchmark races this alias ({@link #racedOn()}); from the constructor. */
    protected final void raceOn(String... workloads) {
        racedOn.addAll(List.of(workloads));
    }

    /** The kernel profile of this alias's seed's race ({@link #context()}); from the constructor. */
    protected final void raceContext(String profile) {
        context = Objects.requireNonNull(profile, "profile");
    }

    /** This alias is raced only where {@code param} is {@code value} ({@link #racedOnlyWith()}); from the constructor. */
    protected final void raceOnlyWith(String param, String value, String why) {
        racedOnlyWith.add(new RacedOnlyWith(param, value, why));
    }

    /** The seed of a later patch on an existing axis ({@link #seed()}); from the constructor. */
    protected final void ownSeed(String seed) {
        this.seed = Objects.requireNonNull(seed, "seed");
    }

    @Override
    public final String seed() {
        return seed != null ? seed : axis.seed();
    }

    @Override
    public final Optional<String> context() {
        return Optional.ofNullable(context);
    }

    @Override
    public final List<String> racedOn() {
        return List.copyOf(racedOn);
    }

    @Override
    public final List<RacedOnlyWith> racedOnlyWith() {
        return List.copyOf(racedOnlyWith);
    }

    @Override
    public String toString() {
        return axis.key() + "=" + alias + " (" + kernel + ")";
    }
}
