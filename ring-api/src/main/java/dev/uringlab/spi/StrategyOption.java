package dev.uringlab.spi;

import java.util.Objects;

/**
 * An option a strategy reads from {@link dev.uringlab.api.RingConfig#options()} (through
 * {@link StrategyContext#intOption}), declared by its provider ({@link StrategyProvider#options()})
 * so that tools find it by name: the benchmarks sweep it as a {@code @Param} named after the key
 * in camelCase ({@code cqe-array} is {@code cqeArray}), only where the strategy is chosen.
 *
 * @param key          the option's key, e.g. {@code cqe-array}
 * @param defaultValue the value the strategy uses when the option is not set, e.g. {@code 16}
 * @param summary      one sentence: what it sets
 */
public record StrategyOption(String key, String defaultValue, String summary) {
    public StrategyOption {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(defaultValue, "defaultValue");
        Objects.requireNonNull(summary, "summary");
    }
}
