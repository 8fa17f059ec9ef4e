package dev.uringlab.spi;

import java.util.Objects;

/**
 * A condition under which a strategy's race makes sense, declared by its provider
 * ({@link StrategyProvider#racedOnlyWith()}): the alias is raced only where {@code param} is
 * {@code value}. The benchmarks' plan (jmh's {@code ParamRules}) skips every other point with
 * {@code why}.
 *
 * @param param the other param, kebab case: an axis key ({@code completion}) or {@code profile}
 * @param value the only value of it the alias is raced with, e.g. {@code baseline}
 * @param why   the reason, for the skip line
 */
public record RacedOnlyWith(String param, String value, String why) {
    public RacedOnlyWith {
        Objects.requireNonNull(param, "param");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(why, "why");
    }
}
