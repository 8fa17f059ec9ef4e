package dev.uringlab.reports.render;

import dev.uringlab.reports.analysis.Estimate;
import java.util.Locale;

/** How numbers read in the report and the text summary: a few significant digits, SI prefixes, intervals in brackets. */
final class Format {
    private static final String[] PREFIXES = {"", " k", " M", " G", " T"};

    private Format() {
    }

    /** About four significant digits with an SI prefix: {@code 113.6 M}, {@code 18.21}, {@code 0.512}. */
    static String si(double v) {
        if (Double.isNaN(v)) {
            return "?";
        }
        if (Double.isInfinite(v)) {
            return "\u221e";
        }
        int p = 0;
        double a = Math.abs(v);
        while (a >= 999.95 && p < PREFIXES.length - 1) {
            a /= 1000;
            v /= 1000;
            p++;
        }
        return plain(v) + PREFIXES[p];
    }

    /** About four significant digits, no prefix. */
    static String plain(double v) {
        if (Double.isNaN(v)) {
            return "?";
        }
        if (Double.isInfinite(v)) {
            return "\u221e";
        }
        double a = Math.abs(v);
        String pattern = a == 0 || (a >= 100 && a == Math.rint(a)) ? "%.0f" : a >= 100 ? "%.1f" : a >= 10 ? "%.2f" : a >= 1 ? "%.3f" : "%.3g";
        return String.format(Locale.ROOT, pattern, v);
    }

    /** A threshold as written by hand: {@code 0.001}, {@code 1.1}, no trailing zeros. */
    static String compact(double v) {
        return java.math.BigDecimal.valueOf(Math.round(v * 1e9) / 1e9).stripTrailingZeros().toPlainString();
    }

    /** A fraction as a threshold in percent: {@code 5%}, {@code 0.5%}. */
    static String share(double fraction) {
        return compact(fraction * 100) + "%";
    }

    /** A ratio: {@code 2.33x}. */
    static String ratio(double v) {
        if (Double.isNaN(v)) {
            return "?";
        }
        if (Double.isInfinite(v)) {
            return "\u221e";
        }
        return String.format(Locale.ROOT, v >= 100 ? "%.0f\u00d7" : "%.2f\u00d7", v);
    }

    /** A ratio's interval: {@code [0.41, 3.05]}, {@code [1.02, \u221e]}, or {@code [?]} when unknown. */
    static String ratioInterval(Estimate e) {
        if (!e.bounded()) {
            return "[?]";
        }
        return "[" + number2(e.lo()) + ", " + number2(e.hi()) + "]";
    }

    /** A ratio's precision: the interval's half-width over the ratio, {@code 4.2%}, or {@code ?}. */
    static String precision(Estimate e) {
        double p = e.precision();
        return Double.isFinite(p) ? String.format(java.util.Locale.ROOT, "%.1f%%", p * 100) : "?";
    }

    /** A score's interval with SI prefixes: {@code [56.1 M, 170.2 M]}. */
    static String interval(Estimate e) {
        if (!e.bounded()) {
            return "[?]";
        }
        return "[" + si(e.lo()) + ", " + si(e.hi()) + "]";
    }

    /** A relative change in percent: {@code +12.3%}. */
    static String percent(double ratio) {
        if (Double.isInfinite(ratio)) {
            return "+\u221e%";
        }
        return String.format(Locale.ROOT, "%+.1f%%", (ratio - 1) * 100);
    }

    /** A change's interval in percent: {@code [-40.2%, +95.0%]}. */
    static String percentInterval(Estimate e) {
        return e.bounded() ? "[" + percent(e.lo()) + ", " + percent(e.hi()) + "]" : "[?]";
    }

    /** The smallest and largest of some rates: {@code 25.21 M – 38.90 M}; one value alone. */
    static String range(double[] values) {
        double lo = java.util.Arrays.stream(values).min().orElse(Double.NaN);
        double hi = java.util.Arrays.stream(values).max().orElse(Double.NaN);
        return lo == hi ? si(lo) : si(lo) + " – " + si(hi);
    }

    /** A spread (range over mean) in percent: {@code 14.6%}; {@code –} when unknown. */
    static String spread(double spread) {
        return Double.isNaN(spread) ? "–" : String.format(Locale.ROOT, "%.1f%%", spread * 100);
    }

    /** A count per operation: {@code 1.00}, {@code 0.0313}, {@code 0}. */
    static String perOp(double v) {
        if (v == 0) {
            return "0";
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : Math.abs(v) >= 1 ? "%.2f" : "%.3g", v);
    }

    private static String number2(double v) {
        return Double.isInfinite(v) ? "\u221e" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.2f", v);
    }
}
