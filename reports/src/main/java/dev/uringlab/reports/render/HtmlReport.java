package dev.uringlab.reports.render;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import dev.uringlab.reports.analysis.Analysis;
import dev.uringlab.reports.analysis.BenchmarkResults;
import dev.uringlab.reports.analysis.Change;
import dev.uringlab.reports.analysis.ClaimCheck;
import dev.uringlab.reports.analysis.Noise;
import dev.uringlab.reports.analysis.PairedRates;
import dev.uringlab.reports.analysis.Params;
import dev.uringlab.reports.analysis.MachineNoise;
import dev.uringlab.reports.analysis.Row;
import dev.uringlab.reports.analysis.Thresholds;
import dev.uringlab.reports.analysis.Verdict;
import dev.uringlab.reports.input.Claim;
import dev.uringlab.reports.input.Clock;
import dev.uringlab.reports.input.Display;
import dev.uringlab.reports.input.Figure;
import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.JmhSettings;
import dev.uringlab.reports.input.KernelCounted;
import dev.uringlab.reports.input.PairedRace;
import dev.uringlab.reports.input.Run;
import dev.uringlab.reports.input.RunEnvironment;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Renders an {@link Analysis} as one self-contained HTML page: the data goes into a view model
 * of plain strings, and mustache ({@code report.mustache}, HTML-escaping every {@code {{value}}})
 * lays it out. The only unescaped insertions ({@code {{{...}}}}) are the SVG charts, made by
 * {@link Charts}, and CSS made here from constants.
 */
public final class HtmlReport {
    private static final String TEMPLATE = "dev/uringlab/reports/render/report.mustache";
    private static final Mustache MUSTACHE = new DefaultMustacheFactory().compile(TEMPLATE);

    private final ChartSvg svg = new ChartSvg();
    private final Charts charts = new Charts(svg);

    private HtmlReport() {
    }

    /** The page for {@code analysis}. */
    public static String render(Analysis analysis) {
        StringWriter out = new StringWriter();
        MUSTACHE.execute(out, new HtmlReport().page(analysis));
        return out.toString();
    }

    // ---- view model: records of display strings, read by the template ----

    record Page(String subtitle, String css, String forest, List<SummaryRow> summary, boolean multiRun,
                List<Quote> quotes, List<VerdictRule> rules, List<Section> sections, List<Nav> nav,
                boolean hasChanges, String oldRun, List<ChangeRow> changes, String confidence,
                List<String> envHeaders, List<EnvRow> env, List<String> warnings, List<ForkTable.Row> forkRows,
                boolean hasFloors, String floorPercent, List<FloorRow> floors, String sliceChart, String sliceNote, Limits limits,
                boolean sentinel, KernelPricedView priced, boolean hasClocks, List<ClockNote> clocks) {
    }

    /** A paired race's clock, as the page names and explains it ({@link Clock}). */
    record ClockNote(String clock, String meaning) {
    }

    /** The thresholds the page's prose names, read from {@link Thresholds}, never typed into the template. */
    record Limits(String spread, String tolerance, String toleranceFactor, String drift, String alpha) {
        static final Limits OF_THRESHOLDS = new Limits(Format.share(Thresholds.SPREAD), Format.share(Thresholds.AUTHOR_TOLERANCE),
                Format.compact(1 + Thresholds.AUTHOR_TOLERANCE), Format.share(Thresholds.DRIFT), Format.compact(Thresholds.ALPHA));
    }

    record FloorRow(String arm, String run, String measured, String interval, String precision, String slices, String forks,
                    String clock, String verdict, String verdictClass) {
    }


    record Nav(String id, String name) {
    }

    record SummaryRow(boolean group, String seed, String title, String mechanism, String benchmark, String figure,
                      String run, String section, String author,
                      String authorValues, String measured, String interval, String precision, String slices, String forks, String clock,
                      String measuredValues,
                      String verdict, String verdictClass, String note, String sourceRef, int quote, String claimNote,
                      String context, String demo, String demoPage) {
    }

    record Quote(int number, String seed, String figure, String citation, String text) {
    }

    record VerdictRule(String verdict, String verdictClass, String rule) {
    }

    record Section(String id, String name, String benchmark, String claim, String claimNote, String workload, String fixed,
                   String unit, boolean timePerOp, String chart, List<TableRow> rows,
                   boolean multiRun, boolean hasWorkloads, boolean hasBytes, String sweepKey, String sweepChart,
                   boolean hasCounters, List<Swatch> counterHeaders, List<CounterRow> counters, boolean hasNative,
                   String nativeNote) {
    }

    record Swatch(String name, String colour) {
    }

    record TableRow(String run, String workload, String strategy, String colour, String score, String interval,
                    String relative, String relativeOf, String relativeInterval, boolean reference, String bytes,
                    String stability) {
    }

    record CounterRow(boolean group, int span, String run, String workload, String counter, List<Cell> values) {
    }

    record Cell(String value, boolean differs) {
    }

    record ChangeRow(boolean group, String benchmark, String unit, String run, String workload, String strategy, String old, String now,
                     String change, String interval, String verdict, String verdictClass, String method) {
    }

    record EnvRow(String field, List<String> values) {
    }

    private Page page(Analysis a) {
        boolean multiRun = a.runs().size() > 1;
        List<Section> sections = new ArrayList<>();
        Map<String, String> sectionIds = new LinkedHashMap<>();
        for (BenchmarkResults b : a.benchmarks()) {
            String id = "b" + (sections.size() + 1);
            sectionIds.put(b.benchmark(), id);
            sections.add(section(id, b));
        }
        List<Quote> quotes = new ArrayList<>();
        Map<Figure, Integer> quoteNumbers = new LinkedHashMap<>();
        for (ClaimCheck c : a.checks()) {
            quoteNumbers.computeIfAbsent(c.figure(), f -> {
                quotes.add(new Quote(quotes.size() + 1, c.claim().seed(), f.label(), c.claim().post(), f.source().text()));
                return quotes.size();
            });
        }
        List<SummaryRow> summary = new ArrayList<>();
        for (ClaimCheck c : a.checks()) {
            boolean group = summary.isEmpty() || !summary.getLast().seed().equals(c.claim().seed());
            summary.add(summaryRow(group, c, sectionIds.getOrDefault(c.claim().benchmark(), ""), quoteNumbers.get(c.figure()),
                    provisional(c, a.runs())));
        }
        List<VerdictRule> rules = Arrays.stream(Verdict.values())
                .map(v -> new VerdictRule(v.label(), cssClass(v), v.rule())).toList();
        List<Nav> nav = sections.stream().map(s -> new Nav(s.id(), s.name())).toList();
        String subtitle = a.runs().size() + (multiRun ? " runs" : " run") + " \u00b7 " + a.benchmarks().size()
                + (a.benchmarks().size() == 1 ? " benchmark \u00b7 " : " benchmarks \u00b7 ")
                + a.runs().stream().mapToInt(r -> r.results().size()).sum()
                + (a.runs().stream().mapToInt(r -> r.results().size()).sum() == 1 ? " result" : " results")
                + a.old().map(o -> " \u00b7 compared with " + o.label()).orElse("");
        List<Run> envRuns = new ArrayList<>(a.runs());
        a.old().ifPresent(envRuns::add);
        List<String> envHeaders = envRuns.stream().map(r -> a.old().isPresent() && r == a.old().get()
                ? r.label() + " (--against)" : r.label()).toList();
        return new Page(subtitle, css(), charts.forest(a.checks(), multiRun), summary, multiRun, quotes, rules,
                sections, nav, a.old().isPresent(), a.old().map(Run::label).orElse(""),
                changeRows(a), a.intervals().percent(),
                envHeaders, environment(envRuns), RunWarnings.of(a.runs()), ForkTable.of(a),
                !a.floors().isEmpty(), Format.compact(Thresholds.AA_FLOOR * 100), floorRows(a), sliceChart(a), sliceNote(a), Limits.OF_THRESHOLDS,
                a.runs().stream().allMatch(r -> MachineNoise.of(r).isPresent()), KernelPricedView.of(a).orElse(null),
                a.runs().stream().anyMatch(r -> !r.races().isEmpty()),
                Arrays.stream(Clock.values()).map(c -> new ClockNote(c.label(), c.meaning())).toList());
    }

    private static List<FloorRow> floorRows(Analysis a) {
        return a.floors().stream().map(f -> new FloorRow(f.arm(), f.run(), Format.ratio(f.ratio().value()),
                Format.ratioInterval(f.ratio()), Format.precision(f.ratio()), Integer.toString(2 * f.race().pairs()),
                f.race().forks().size() == 1 ? "1 fork" : f.race().forks().size() + " forks", f.race().clock().label(), f.verdict(),
                f.met() ? cssClass(Verdict.REPRODUCED) : cssClass(Verdict.INCONCLUSIVE))).toList();
    }

    /** The first run's first race that is not A/A: the authors' figures race first. */
    private static Optional<PairedRace> shownRace(Analysis a) {
        return a.runs().stream().flatMap(r -> r.races().stream()).filter(r -> !r.aa()).findFirst();
    }

    private String sliceChart(Analysis a) {
        return shownRace(a).map(r -> SliceChart.of(svg, r, a.intervals().paired(r))).orElse(null);
    }

    private static String sliceNote(Analysis a) {
        return shownRace(a).map(r -> "Above, the rate of every slice of " + JmhResult.shortName(r.benchmark())
                + "'s two arms (a, the reference, and b, the challenger), " + r.sliceMillis() + " ms each: they rise and fall together "
                + "with the machine's phases. Below, the ratio b / a of each neighbouring pair, which the phases leave level; the "
                + "line is the race's paired ratio, their geometric mean. The race's forks are laid end to end.").orElse(null);
    }


    /**
     * The two rates a paired ratio is the quotient of, in {@code display}'s unit, and what they are:
     * {@code 1.958 M \u2192 2.271 M ops/s, geometric means over 412 paired slices}, with the clock
     * whose seconds they are when it is not the wall's ({@code ..., per arm-cpu second}). Never an
     * arm's mean over all its slices: under load that mean and the paired ratio part.
     */
    static String pairedRates(PairedRates r, Display display) {
        boolean ns = display == Display.NS_PER_OP;
        return Format.si(ns ? 1e9 / r.reference() : r.reference()) + " \u2192 "
                + Format.si(ns ? 1e9 / r.challenger() : r.challenger()) + " " + display.unit()
                + ", geometric means over " + r.slices() + " paired slices"
                + (r.clock() == Clock.WALL ? "" : ", per " + r.clock().label() + " second");
    }

    /** The race's context and every axis's implementation in each arm, in a line. */
    private static String context(Claim claim) {
        if (claim.context() == null) {
            return null;
        }
        return "context " + claim.context() + ". Baseline arm: " + claim.arm("baseline") + ". Patched arm: "
                + claim.arm("patched") + ".";
    }

    /**
     * Why {@code c}'s verdict is provisional, or {@code null}: a measured figure from a busy or noisy
     * run ({@link RunWarnings#busy}) or from arms whose forks did not settle.
     */
    static String provisional(ClaimCheck c, List<Run> runs) {
        if (c.measured().isEmpty()) {
            return null;
        }
        List<String> why = new ArrayList<>();
        if (runs.stream().filter(r -> c.run().isPresent() && r.label().equals(c.run().get())).anyMatch(RunWarnings::busy)) {
            why.add("the machine was busy or noisy");
        }
        if (c.baselineForks().filter(f -> !f.steady()).isPresent() || c.patchedForks().filter(f -> !f.steady()).isPresent()) {
            why.add("its forks were not steady");
        }
        return why.isEmpty() ? null : "provisional: " + String.join(" and ", why) + "; run again on a quiet machine";
    }

    private static SummaryRow summaryRow(boolean group, ClaimCheck c, String section, Integer quote, String provisional) {
        Claim claim = c.claim();
        Figure f = c.figure();
        String authorValues = f.hasValues()
                ? Format.plain(f.baseline()) + " \u2192 " + Format.plain(f.patched()) + " " + f.unit()
                : "no absolute values (" + f.unit() + ")";
        String unit = claim.display().unit();
        String measuredValues = c.paired().map(r -> pairedRates(r, claim.display()))
                .orElse(c.baseline().isPresent() && c.patched().isPresent()
                        ? Format.si(c.baseline().get().value()) + " \u2192 " + Format.si(c.patched().get().value()) + " " + unit
                        : "");
        return new SummaryRow(group, claim.seed(), claim.title(), claim.mechanism(), JmhResult.shortName(claim.benchmark()), f.label(),
                c.run().orElse("\u2013"), section,
                Format.ratio(f.authorRatio()), authorValues,
                c.measured().map(m -> Format.ratio(m.value())).orElse("\u2013"),
                c.measured().map(Format::ratioInterval).orElse(""),
                c.measured().filter(m -> m.bounded()).map(Format::precision).orElse(""),
                c.slices() == 0 ? null : Integer.toString(c.slices()),
                c.forks() == 1 ? "1 fork" : c.forks() + " forks", c.paired().map(r -> r.clock().label()).orElse(null), measuredValues,
                c.verdict().label() + (provisional == null ? "" : " (provisional)"), cssClass(c.verdict()),
                provisional == null ? c.note() : c.note().isEmpty() ? provisional : provisional + "; " + c.note(),
                claim.post(), quote, claim.note(), context(claim), claim.demo(),
                claim.demo() == null ? null : Claim.demoPage(claim.demo()));
    }

    private Section section(String id, BenchmarkResults b) {
        boolean multiRun = b.runs().size() > 1;
        boolean withReference = b.rows().stream().anyMatch(Row::reference);
        Map<String, String> colours = new LinkedHashMap<>();
        for (int i = 0; i < b.strategies().size(); i++) {
            colours.put(b.strategies().get(i), Palette.css(Palette.color(i, withReference)));
        }
        List<Swatch> swatches = colours.entrySet().stream().map(e -> new Swatch(e.getKey(), e.getValue())).toList();
        String unit = b.display().unit();
        List<TableRow> rows = b.rows().stream().map(r -> new TableRow(r.run(), r.workload().isEmpty() ? "\u2013" : r.workload(),
                r.strategy(), colours.get(r.strategy()), Format.si(r.shown().value()), Format.interval(r.shown()),
                r.speedup().map(s -> Format.ratio(s.value())).orElse("\u2013"),
                r.paired().map(p -> "of " + pairedRates(p, b.display())).orElse(null),
                r.reference() ? "" : r.speedup().map(Format::ratioInterval).orElse(""), r.reference(),
                r.bytesPerOp().map(m -> Format.plain(m.score())).orElse("\u2013"),
                r.stability().describe(v -> Format.si(v) + " ops/s"))).toList();
        Optional<Claim> claim = b.claim();
        return new Section(id, b.shortName(), b.benchmark(),
                claim.map(c -> "seed " + c.seed() + ": " + c.title() + " \u00b7 " + c.post()).orElse(""),
                claim.map(Claim::note).orElse(null),
                claim.map(c -> c.workload() + " (one operation: " + c.metric() + ")").orElse(""),
                b.fixed().isEmpty() ? "" : b.fixed().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.joining(", ")),
                unit, b.display() == Display.NS_PER_OP, charts.headToHead(b), rows, multiRun,
                !b.workloadKeys().isEmpty(), b.hasBytesPerOp(),
                b.sweepKey().map(Params::cli).orElse(""), b.sweepKey().map(k -> charts.sweep(b)).orElse(""),
                !b.counters().isEmpty(), swatches, counterRows(b),
                b.rows().stream().anyMatch(r -> "native".equals(r.result().params().get(Params.RING))), nativeNote(b));
    }

    /**
     * What the native ring's rows say against the emulator's reference, generated from them: slower
     * (with why: a system call per submit) only where the interval of its ratio lies below 1, faster
     * where it lies above, about the same where it holds 1; nothing where no native row has a ratio.
     */
    static String nativeNote(BenchmarkResults b) {
        List<String> out = new ArrayList<>();
        for (Row r : b.rows()) {
            if (!"native".equals(r.result().params().get(Params.RING)) || r.speedup().isEmpty()) {
                continue;
            }
            var s = r.speedup().get();
            String where = (r.workload().isEmpty() ? "" : r.workload() + ", ") + r.strategy();
            String ratio = "ring=native (" + where + ") ran at " + Format.ratio(s.value()) + " the emulator's reference rate "
                    + Format.ratioInterval(s);
            if (s.bounded() && s.hi() < 1) {
                out.add(ratio + ": slower per operation. Every submit on the real kernel is a system call (io_uring_enter: a "
                        + "switch into the kernel and back, with its entry checks and this machine's mitigations), where the "
                        + "emulator makes a method call; that cost is paid once per submit whatever the patch, so it is no part "
                        + "of a patch's effect.");
            } else if (s.bounded() && s.lo() > 1) {
                out.add(ratio + ": faster per operation here. The real kernel's work per submit, system call included, "
                        + "cost less on this machine than the emulator's on this JVM; the native point tells how the real "
                        + "kernel compares, not what a patch buys.");
            } else {
                out.add(ratio + ": no difference this run can tell from 1.");
            }
        }
        return out.isEmpty() ? null : String.join(" ", out);
    }

    /** Per run and workload, one line per counter with each strategy's value per operation. */
    private static List<CounterRow> counterRows(BenchmarkResults b) {
        List<CounterRow> out = new ArrayList<>();
        Map<List<String>, Map<String, Row>> groups = new LinkedHashMap<>();
        for (Row r : b.rows()) {
            groups.computeIfAbsent(List.of(r.run(), r.workload()), k -> new LinkedHashMap<>()).put(r.strategy(), r);
        }
        boolean showGroups = groups.size() > 1 || !b.rows().getFirst().workload().isEmpty();
        groups.forEach((key, byStrategy) -> {
            boolean first = showGroups;
            Optional<Row> reference = byStrategy.values().stream().filter(Row::reference).findFirst();
            for (String counter : b.counters()) {
                List<Cell> cells = new ArrayList<>();
                for (String strategy : b.strategies()) {
                    Row r = byStrategy.get(strategy);
                    Double v = r == null ? null : r.countersPerOp().get(counter);
                    Double ref = reference.map(x -> x.countersPerOp().get(counter)).orElse(null);
                    // On the native ring a counter no tracepoint counts (or a point not counted) is 0 for "not seen", not "none".
                    boolean unseen = v != null && v == 0 && r != null && "native".equals(r.result().params().get(Params.RING))
                            && !KernelCounted.counted(counter, r.countersPerOp());
                    boolean differs = !unseen && v != null && ref != null && Math.abs(v - ref) > 0.01 * Math.max(Math.abs(ref), 1e-3);
                    cells.add(new Cell(v == null ? "\u2013" : unseen ? "n/a" : Format.perOp(v), differs));
                }
                out.add(new CounterRow(first, b.strategies().size() + 1, key.get(0),
                        key.get(1).isEmpty() ? "all" : key.get(1), counter, cells));
                first = false;
            }
        });
        return out;
    }

    /** The changes, with a group header before each benchmark's first. */
    private static List<ChangeRow> changeRows(Analysis a) {
        List<ChangeRow> out = new ArrayList<>();
        for (Change c : a.changes()) {
            Row r = c.row();
            String benchmark = r.result().shortName();
            boolean group = out.isEmpty() || !out.getLast().benchmark().equals(benchmark) || !out.getLast().run().equals(r.run());
            String unit = a.benchmarks().stream().filter(b -> b.benchmark().equals(r.result().benchmark()))
                    .findFirst().map(b -> b.display().unit()).orElse("");
            out.add(new ChangeRow(group, benchmark, unit, r.run(), r.workload().isEmpty() ? "\u2013" : r.workload(),
                    r.strategy(), Format.si(c.old().value()), Format.si(r.shown().value()), Format.percent(c.ratio().value()),
                    Format.percentInterval(c.ratio()), c.verdict().label(), cssClass(c.verdict()), c.method()));
        }
        return out;
    }

    private static List<EnvRow> environment(List<Run> runs) {
        List<EnvRow> rows = new ArrayList<>();
        rows.add(envRow("JMH JSON file", runs, r -> r.file().toString()));
        rows.add(envRow("benchmarks / results", runs, r -> r.results().stream().map(JmhResult::benchmark).distinct().count()
                + " / " + r.results().size()));
        rows.add(envRow("JDK", runs, settings(JmhSettings::jdkVersion)));
        rows.add(envRow("VM", runs, settings(JmhSettings::vm)));
        rows.add(envRow("JVM arguments", runs, settings(s -> s.jvmArgs().isEmpty() ? "(none)"
                : String.join(" ", new LinkedHashSet<>(s.jvmArgs())))));
        rows.add(envRow("JMH", runs, settings(s -> s.jmhVersion() + ", mode " + s.mode() + ", " + s.threads()
                + (s.threads() == 1 ? " thread" : " threads"))));
        rows.add(envRow("forks", runs, settings(s -> Integer.toString(s.forks()))));
        rows.add(envRow("warmup", runs, settings(JmhSettings::warmup)));
        rows.add(envRow("measurement", runs, settings(JmhSettings::measurement)));
        rows.add(envRow("CPU", runs, r -> r.env().cpu()));
        rows.add(envRow("cores", runs, r -> r.env().cores()));
        rows.add(envRow("OS", runs, r -> r.env().os()));
        rows.add(envRow("kernel", runs, r -> r.env().kernel()));
        rows.add(envRow("git commit", runs, r -> r.env().gitCommit()));
        rows.add(envRow("date", runs, r -> r.env().date()));
        Set<String> other = new LinkedHashSet<>();
        runs.forEach(r -> other.addAll(r.env().other().keySet()));
        for (String key : other) {
            rows.add(envRow(key, runs, r -> r.env().other().getOrDefault(key, RunEnvironment.UNKNOWN)));
        }
        return rows;
    }

    private static EnvRow envRow(String field, List<Run> runs, Function<Run, String> value) {
        return new EnvRow(field, runs.stream().map(value).toList());
    }

    /** A JMH setting across a run's results: its distinct values joined, most runs have one. */
    private static Function<Run, String> settings(Function<JmhSettings, String> field) {
        return r -> r.results().stream().map(x -> field.apply(x.settings())).distinct().collect(Collectors.joining(" / "));
    }

    private static String cssClass(Verdict v) {
        return "v-" + v.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    private static String cssClass(Noise n) {
        return "n-" + n.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The verdict colours, from {@link Palette}, as CSS custom properties for the badges. */
    private static String css() {
        return Arrays.stream(Verdict.values())
                .map(v -> "." + cssClass(v) + "{--v:" + Palette.css(Palette.verdict(v)) + "}")
                .collect(Collectors.joining("\n"));
    }
}
