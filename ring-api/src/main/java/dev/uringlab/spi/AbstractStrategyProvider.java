package dev.uringlab.spi;

import java.util.Objects;
import java.util.function.Function;

/**
 * The one way to write a {@link StrategyProvider}: a subclass with a public no-argument
 * constructor (what {@link java.util.ServiceLoader} needs on the class path) that passes its
 * axis, alias, kernel, summary and factory here.
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

    @Override
    public String toString() {
        return axis.key() + "=" + alias + " (" + kernel + ")";
    }
}
