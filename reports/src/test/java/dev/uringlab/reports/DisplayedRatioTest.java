package dev.uringlab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.reports.analysis.Analysis;
import dev.uringlab.reports.analysis.Row;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every ratio the report prints beside two rates is their quotient, within the rounding of what
 * is printed: in the summary ("1.19&times;" over "a &rarr; b ops/s") and in each section's scores
 * table ("vs reference" over "of a &rarr; b ops/s"). The paired run here is one where an arm's
 * mean over all its slices and the paired ratio part (b is twice as fast as a while the machine
 * runs at half speed, as fast otherwise), as they did in a load-bound run ("1.16x" beside
 * "1.958 M -> 3.026 M ops/s"): printing the arms' means there fails this test. Its profile is
 * {@code baseline}, so that the race's reference arm is the section's reference row.
 */
class DisplayedRatioTest {
    /** A ratio, then the two rates under it: {@code 1.19×</span><br><span class="note">of 600.0 k → 714.0 k ops/s}. */
    private static final Pattern RATIO_AND_RATES = Pattern.compile(
            "<span class=\"big\">([0-9.]+)\u00d7</span><br><span class=\"note\">(?:of )?([0-9.]+)( [kMGT])? \u2192 ([0-9.]+)( [kMGT])? (ops/s|ns/op)");

    @TempDir
    Path dir;

    @Test
    void shouldPrintBesideEveryRatioTheTwoRatesItIsTheQuotientOf() throws Exception {
        Report report = Reports.write(List.of(Fixtures.pairedRun(dir.resolve("paired"), "baseline", 1.0, 2.0)), Optional.empty(),
                dir.resolve("report.html"));
        String html = Files.readString(report.file());
        List<String> shown = new ArrayList<>();
        Matcher m = RATIO_AND_RATES.matcher(html);
        while (m.find()) {
            double ratio = Double.parseDouble(m.group(1));
            double a = rate(m.group(2), m.group(3));
            double b = rate(m.group(4), m.group(5));
            double quotient = m.group(6).equals("ns/op") ? a / b : b / a;
            shown.add(m.group());
            // the ratio printed to 0.01, each rate to four significant digits
            assertThat(Math.abs(quotient - ratio)).as("%s: the rates divide to %.4f", m.group(), quotient)
                    .isLessThanOrEqualTo(0.005 + 0.002 * quotient);
        }
        assertThat(shown).as("ratios printed with their rates: the summary's and the scores table's").hasSizeGreaterThanOrEqualTo(2);
        assertThat(html).contains("geometric means over 400 paired slices");

        // The fixture tells the two apart: the arms' scores divide to something else.
        Analysis a = report.analysis();
        List<Row> rows = a.benchmarks().stream().filter(x -> x.shortName().equals("Nops32Benchmark.nops32"))
                .findFirst().orElseThrow().rows();
        Row reference = rows.stream().filter(Row::reference).findFirst().orElseThrow();
        Row cache = rows.stream().filter(r -> r.strategy().contains("req-cache")).findFirst().orElseThrow();
        double ofScores = cache.throughput().value() / reference.throughput().value();
        assertThat(cache.speedup().orElseThrow().value()).isCloseTo(Math.pow(2, 0.25), org.assertj.core.api.Assertions.within(1e-3));
        assertThat(Math.abs(ofScores - cache.speedup().orElseThrow().value())).as("scores' quotient %.3f", ofScores)
                .isGreaterThan(0.02);
    }

    private static double rate(String number, String prefix) {
        double v = Double.parseDouble(number);
        return prefix == null ? v : v * switch (prefix.strip()) {
            case "k" -> 1e3;
            case "M" -> 1e6;
            case "G" -> 1e9;
            default -> 1e12;
        };
    }
}
