package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Metric;
import dev.uringlab.reports.input.PairedRace;
import java.util.Locale;

/**
 * The report's intervals at one confidence: a paired race's ratio from its slices by
 * {@link PairedBootstrap}; otherwise from the raw samples by {@link ForkBootstrap}
 * where JMH kept them, else (a JSON file without {@code rawData}) from JMH's 99.9% score
 * errors by {@link Estimate#of} and {@link Estimate#over}, which the report then says.
 *
 * @param confidence the share of resamples inside each interval, e.g. 0.95
 */
public record Intervals(double confidence) {
    /** 95%, the report's default. */
    public static final Intervals DEFAULT = new Intervals(Thresholds.DEFAULT_CONFIDENCE);

    public Intervals {
        if (!(confidence > 0.5 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must lie between 50% and 100%, not " + confidence);
        }
    }

    /** A metric's mean with its interval. */
    public Estimate score(Metric m) {
        return ForkBootstrap.mean(m, confidence).orElseGet(() -> Estimate.of(m));
    }

    /** {@code patched / baseline} with its interval. */
    public Estimate ratio(Metric patched, Metric baseline) {
        return ForkBootstrap.ratio(patched, baseline, confidence)
                .orElseGet(() -> Estimate.of(patched).over(Estimate.of(baseline)));
    }

    /** A paired race's ratio b / a with its interval ({@link PairedBootstrap}); unbounded when it has no pair. */
    public Estimate paired(PairedRace race) {
        return PairedBootstrap.ratio(race, confidence).orElseGet(() -> new Estimate(Double.NaN, Double.NaN, Double.NaN));
    }

    /** Whether both metrics carry raw samples (else the interval is JMH's). */
    public static boolean fromSamples(Metric... metrics) {
        for (Metric m : metrics) {
            if (m.forks().isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** {@code 95%}, {@code 99%}, {@code 97.5%}. */
    public String percent() {
        double p = confidence * 100;
        return (p == Math.rint(p) ? String.valueOf((long) p) : String.format(Locale.ROOT, "%.1f", p)) + "%";
    }
}
