package dev.uringlab.conformance;

import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Strategies;
import dev.uringlab.spi.StrategyProvider;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;

/** The argument source of every contract: each registered provider of an axis, named by its alias. */
final class Providers {
    private Providers() {}

    /** Every provider of {@code axis} ({@link Strategies#of}), baseline first; at least baseline must be there. */
    static <T> Stream<Named<StrategyProvider<T>>> of(Axis<T> axis) {
        List<StrategyProvider<T>> all = Strategies.of(axis);
        if (all.isEmpty()) {
            throw new IllegalStateException("no " + axis.key() + " strategy on the class path (not even baseline)");
        }
        return all.stream().map(p -> Named.of(p.alias(), p));
    }
}
