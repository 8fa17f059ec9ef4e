package dev.uringlab.reports.input;

import dev.uringlab.spi.Names;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One figure an author gave for a patch: a baseline and a patched value in the author's unit
 * (or only a ratio, when the post gives no absolute values), the params that select the same
 * measurement in the JMH results beyond the claim's own, and the quote it comes from.
 *
 * @param label         what distinguishes this figure from the claim's others, e.g. {@code link size 100}
 * @param match         params the results must have for this figure, beyond {@link Claim#match()} (keys in
 *                      either spelling, held as JMH spells them)
 * @param baseline      the author's pre-patch value, or {@code null}
 * @param patched       the author's patched value, or {@code null}
 * @param unit          the author's unit, e.g. {@code k req/s}, {@code ns/nop}
 * @param lowerIsBetter whether the values are times (the speed-up is baseline / patched)
 * @param ratio         the author's speed-up when no values are given, else {@code null}
 * @param source        the quote
 */
public record Figure(String label, Map<String, String> match, Double baseline, Double patched, String unit,
                     boolean lowerIsBetter, Double ratio, Source source) {
    public Figure {
        match = jmhSpelling(match);
    }

    /** {@code match} with each key as JMH spells the param ({@code cqe-array} is {@code cqeArray}; {@link Names}). */
    static Map<String, String> jmhSpelling(Map<String, String> match) {
        Map<String, String> m = new LinkedHashMap<>();
        if (match != null) {
            match.forEach((k, v) -> m.put(Names.camel(k), v));
        }
        return Collections.unmodifiableMap(m);
    }

    /** Whether the author gave absolute values (else only a ratio). */
    public boolean hasValues() {
        return baseline != null && patched != null;
    }

    /**
     * The author's speed-up: patched over baseline throughput, or baseline over patched time,
     * computed from the values when given.
     */
    public double authorRatio() {
        if (!hasValues()) {
            return ratio;
        }
        return lowerIsBetter ? baseline / patched : patched / baseline;
    }
}
