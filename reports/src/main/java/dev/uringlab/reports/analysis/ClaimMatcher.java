package dev.uringlab.reports.analysis;

import dev.uringlab.reports.input.Claim;
import dev.uringlab.reports.input.Claims;
import dev.uringlab.reports.input.Clock;
import dev.uringlab.reports.input.Display;
import dev.uringlab.reports.input.Figure;
import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.Metric;
import dev.uringlab.reports.input.PairedRace;
import dev.uringlab.reports.input.Run;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Finds each author's figure in the JMH results and sets the measured speed-up beside it.
 *
 * <p>For a figure of claim C on one run: the patched result is one of C's benchmark with param
 * {@code C.axis = C.patched}, the baseline result one with {@code C.axis = baseline}; both
 * carry every param of C's and the figure's {@code match}, every other strategy param at its
 * reference value ({@code baseline}, {@code ring=emulated}: one axis moves at a time), and
 * otherwise the same params. The claim's {@code options} (params of the patched strategy alone,
 * such as batched-cqe's {@code cqeArray}) select the baseline too where it ran with them, else
 * the patched result only. Exactly one such pair gives a measurement; none or several give
 * {@link Verdict#NOT_MEASURED} with a note saying why.
 */
public final class ClaimMatcher {
    private ClaimMatcher() {
    }

    /** The profile param. */
    private static final String PROFILE = "profile";

    private record Pair<T>(T patched, T baseline) {
    }

    /**
     * What a figure reads among {@code items} (results, or the points of a plan): the patched and
     * baseline candidates, the pairs of them that differ only in the moved axis (and the claim's
     * options), whether the claim's kernel context is among them, and the params it asked for.
     */
    private record Selection<T>(List<T> patched, List<T> baseline, List<Pair<T>> pairs, boolean inContext,
                                Map<String, String> want) {
    }

    /** The one selection rule, for results and for a plan's points alike (see the class comment). */
    private static <T> Selection<T> select(Claim claim, Figure figure, List<T> items, Function<T, Map<String, String>> params) {
        Map<String, String> want = new LinkedHashMap<>(claim.match());
        want.putAll(figure.match());
        boolean inContext = claim.context() != null
                && items.stream().anyMatch(r -> claim.context().equals(params.apply(r).get(PROFILE)));
        if (inContext) {
            // the profile decides every axis but the patched one: drop the axis params match fixed
            want.keySet().removeIf(k -> Params.isStrategy(k) && !k.equals(Params.RING));
            want.put(PROFILE, claim.context());
        }
        List<T> patched = candidates(items, params, claim.axis(), claim.patched(), want);
        List<T> baseline = candidates(items, params, claim.axis(), Params.BASELINE, want);
        List<String> ignored = new ArrayList<>(List.of(claim.axis()));
        if (baseline.isEmpty() && !claim.options().isEmpty()) {
            // The baseline ran once, without the patched strategy's options: match it without them.
            Map<String, String> wantOfBaseline = new LinkedHashMap<>(want);
            wantOfBaseline.keySet().removeAll(claim.options());
            baseline = candidates(items, params, claim.axis(), Params.BASELINE, wantOfBaseline);
            ignored.addAll(claim.options());
        }
        List<Pair<T>> pairs = new ArrayList<>();
        for (T p : patched) {
            for (T b : baseline) {
                if (without(params.apply(p), ignored).equals(without(params.apply(b), ignored))) {
                    pairs.add(new Pair<>(p, b));
                }
            }
        }
        return new Selection<>(patched, baseline, pairs, inContext, want);
    }

    /**
     * The two points of {@code planned} (one benchmark's param sets) that a figure reads.
     *
     * @param figure   the figure
     * @param baseline the params of its baseline arm
     * @param patched  the params of its patched arm
     */
    public record Arms(Claim claim, Figure figure, Map<String, String> baseline, Map<String, String> patched) {
    }

    /**
     * For each figure of {@code claims} on {@code benchmark}, the pair of {@code planned} points
     * it would read once measured, by the rule that reads the results; figures that no single
     * pair of them serves are left out. {@code uring-lab compare} races these pairs first.
     */
    public static List<Arms> arms(Claims claims, String benchmark, List<Map<String, String>> planned) {
        List<Arms> out = new ArrayList<>();
        for (Claim claim : claims.claims()) {
            if (!claim.benchmark().equals(benchmark)) {
                continue;
            }
            for (Figure figure : claim.figures()) {
                List<Pair<Map<String, String>>> pairs = select(claim, figure, planned, Function.identity()).pairs();
                if (pairs.size() == 1) {
                    out.add(new Arms(claim, figure, pairs.getFirst().baseline(), pairs.getFirst().patched()));
                }
            }
        }
        return out;
    }

    /** Every figure of every claim against every run that ran the claim's benchmark (one row when none did). */
    public static List<ClaimCheck> check(Claims claims, List<Run> runs, Intervals intervals) {
        List<ClaimCheck> out = new ArrayList<>();
        for (Claim claim : claims.claims()) {
            for (Figure figure : claim.figures()) {
                boolean any = false;
                for (Run run : runs) {
                    List<JmhResult> results = run.results().stream()
                            .filter(r -> r.benchmark().equals(claim.benchmark())).toList();
                    if (!results.isEmpty()) {
                        out.add(check(claim, figure, run, results, intervals));
                        any = true;
                    }
                }
                if (!any) {
                    out.add(notRun(claim, figure, runs));
                }
            }
        }
        return out;
    }

    /**
     * A figure whose benchmark no run ran: not implemented when every run's {@code env.json}
     * lists the benchmarks its build had ({@value #BENCHMARKS}) and none has it; else not measured.
     */
    private static ClaimCheck notRun(Claim claim, Figure figure, List<Run> runs) {
        String name = JmhResult.shortName(claim.benchmark());
        boolean listed = !runs.isEmpty() && runs.stream().allMatch(r -> inBuild(r) != null);
        if (listed && runs.stream().noneMatch(r -> List.of(inBuild(r).split(",")).contains(claim.benchmark()))) {
            return ClaimCheck.notMeasured(claim, figure, Optional.empty(), Verdict.NOT_IMPLEMENTED,
                    "no " + name + " in the build that ran: this seed's workload is not written yet");
        }
        return ClaimCheck.notMeasured(claim, figure, Optional.empty(), Verdict.NOT_MEASURED,
                "no run has " + name + (listed ? " (not included, or the budget ended first)" : " (not in this build, or not included)"));
    }

    /**
     * The {@code env.json} field listing every benchmark of the build, comma-separated; files
     * written before the run's own list took the name {@value #BENCHMARKS} hold the build's there.
     */
    public static final String BENCHMARKS_IN_BUILD = "benchmarksInBuild";
    /** The {@code env.json} field listing the benchmarks the run measured (before 2026-12-02: the build's). */
    public static final String BENCHMARKS = "benchmarks";

    private static String inBuild(Run r) {
        Map<String, String> other = r.env().other();
        return other.containsKey(BENCHMARKS_IN_BUILD) ? other.get(BENCHMARKS_IN_BUILD) : other.get(BENCHMARKS);
    }

    private static ClaimCheck check(Claim claim, Figure figure, Run of, List<JmhResult> results, Intervals intervals) {
        String run = of.label();
        if (results.stream().noneMatch(r -> claim.patched().equals(r.params().get(claim.axis())))) {
            return ClaimCheck.notMeasured(claim, figure, Optional.of(run), Verdict.NOT_IMPLEMENTED,
                    JmhResult.shortName(claim.benchmark()) + " ran without " + Params.cli(claim.axis()) + "=" + claim.patched()
                            + ": no such strategy in this build");
        }
        Selection<JmhResult> selected = select(claim, figure, results, JmhResult::params);
        List<JmhResult> patched = selected.patched();
        List<JmhResult> baseline = selected.baseline();
        List<Pair<JmhResult>> pairs = selected.pairs();
        Map<String, String> want = selected.want();
        boolean inContext = selected.inContext();
        String selection = want.isEmpty() ? "" : " and " + Params.label(want, want.keySet());
        if (pairs.size() != 1) {
            String note;
            if (patched.isEmpty()) {
                note = "no result with " + Params.cli(claim.axis()) + "=" + claim.patched() + selection;
            } else if (baseline.isEmpty()) {
                note = "no result with " + Params.cli(claim.axis()) + "=" + Params.BASELINE + selection;
            } else if (pairs.isEmpty()) {
                note = "the " + claim.patched() + " and baseline results differ in other params";
            } else {
                note = pairs.size() + " pairs of results match: the claim must also fix " + differing(pairs);
            }
            return ClaimCheck.notMeasured(claim, figure, Optional.of(run), Verdict.NOT_MEASURED, note);
        }
        Metric pm = pairs.getFirst().patched().primary();
        Metric bm = pairs.getFirst().baseline().primary();
        Estimate p = intervals.score(pm);
        Estimate b = intervals.score(bm);
        Optional<PairedRace> race = of.race(claim.benchmark(), pairs.getFirst().baseline().params(), pairs.getFirst().patched().params());
        Estimate speedup = race.map(intervals::paired).orElseGet(() -> intervals.ratio(pm, bm));
        Verdict verdict = Verdict.of(speedup, figure.authorRatio());
        int forks = race.map(r -> r.forks().size()).orElse(Math.min(pm.forks().size(), bm.forks().size()));
        String note = !speedup.bounded() ? "no interval: JMH kept no samples and gave no error"
                : race.isEmpty() && !Intervals.fromSamples(pm, bm) ? "no raw samples: the interval is from JMH's 99.9% errors"
                : forks == 1 ? "one fork: the interval ignores fork-to-fork variance" : "";
        Stability baselineForks = Stability.of(bm);
        Stability patchedForks = Stability.of(pm);
        List<String> unsteady = new ArrayList<>();
        for (var arm : List.of(java.util.Map.entry("baseline", baselineForks), java.util.Map.entry(claim.patched(), patchedForks))) {
            if (!arm.getValue().steady()) {
                unsteady.add(arm.getKey() + " " + arm.getValue().brief());
            }
        }
        if (!unsteady.isEmpty()) {
            note = (note.isEmpty() ? "" : note + "; ") + "not steady (see How the forks settled): "
                    + String.join("; ", unsteady);
        }
        if (race.isPresent() && race.get().onCpu() < Thresholds.ON_CPU) {
            note = (note.isEmpty() ? "" : note + "; ") + String.format(java.util.Locale.ROOT,
                    "the benchmark thread was on a CPU for %.0f%% of a slice (median): other work took the rest%s", race.get().onCpu() * 100,
                    race.get().clock() == Clock.CPU ? "" : ", or its arm waited for threads of its own");
        }
        if (claim.context() != null && !inContext) {
            note = (note.isEmpty() ? "" : note + "; ") + "outside its context: this run has no profile=" + claim.context() + " result";
        }
        boolean ns = claim.display() == Display.NS_PER_OP;
        return new ClaimCheck(claim, figure, Optional.of(run), Optional.of(speedup),
                Optional.of(ns ? b.reciprocal(1e9) : b), Optional.of(ns ? p.reciprocal(1e9) : p),
                race.flatMap(PairedRates::of), verdict, note, forks,
                race.map(r -> 2 * r.pairs()).orElse(0), Optional.of(baselineForks), Optional.of(patchedForks));
    }

    private static <T> List<T> candidates(List<T> items, Function<T, Map<String, String>> params, String axis, String value,
                                          Map<String, String> want) {
        return items.stream().filter(r -> value.equals(params.apply(r).get(axis))
                && want.entrySet().stream().allMatch(w -> w.getValue().equals(params.apply(r).get(w.getKey())))
                && params.apply(r).entrySet().stream()
                        .filter(e -> Params.isStrategy(e.getKey()) && !e.getKey().equals(axis) && !want.containsKey(e.getKey()))
                        .allMatch(e -> Params.isReference(Map.of(e.getKey(), e.getValue()))))
                .toList();
    }

    private static Map<String, String> without(Map<String, String> params, List<String> keys) {
        Map<String, String> m = new HashMap<>(params);
        m.keySet().removeAll(keys);
        return m;
    }

    private static String differing(List<Pair<JmhResult>> pairs) {
        TreeSet<String> keys = new TreeSet<>();
        Map<String, String> first = pairs.getFirst().patched().params();
        for (Pair<JmhResult> pair : pairs) {
            pair.patched().params().forEach((k, v) -> {
                if (!Objects.equals(first.get(k), v)) {
                    keys.add(k);
                }
            });
        }
        return String.join(", ", keys);
    }
}
