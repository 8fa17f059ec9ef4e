package dev.uringlab.workloads.fuzz;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.workloads.scenario.Scenario;
import dev.uringlab.workloads.scenario.ScenarioRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A differential campaign: programs {@code first..first+count-1} of one seed, each judged by a
 * {@link DifferentialRunner}. Each disagreement is sorted into a {@link DisagreementKind}; the
 * first {@link #SHRINK_PER_KIND} of each kind are shrunk ({@link Shrinker}, which is what costs
 * time: hundreds of kernel runs each) and sorted again on their shrunk form.
 * {@link #writeScenarios} writes one shrunk scenario per kind, with the kernel's stream as its
 * {@code .expected} and the kind's kernel function in its header, ready for scenarios/.
 */
public final class FuzzCampaign {
    /** How many disagreements of one kind are shrunk; the rest are sorted as generated. */
    public static final int SHRINK_PER_KIND = 3;

    private final ProgramGenerator generator;
    private final long seed;
    private final DifferentialRunner runner;
    private int programs;
    private final List<Verdict.Nondeterministic> nondeterministic = new ArrayList<>();
    private final Map<DisagreementKind, List<Verdict.ByDesign>> byDesign = new EnumMap<>(DisagreementKind.class);
    private final Map<DisagreementKind, Kind> kinds = new EnumMap<>(DisagreementKind.class);

    /**
     * The disagreements of one kind.
     *
     * @param kind    the kind
     * @param members the disagreeing programs, in campaign order
     * @param shrunk  the shrunk programs of the first members (at most {@link #SHRINK_PER_KIND})
     */
    public record Kind(DisagreementKind kind, List<Verdict.Disagree> members, List<Shrunk> shrunk) {}

    /**
     * A shrunk disagreement.
     *
     * @param from     the disagreement it was shrunk from
     * @param lines    the shrunk program
     * @param emulated the emulator's stream for it, under the set that disagreed
     * @param kernel   the kernel's stream for it
     */
    public record Shrunk(Verdict.Disagree from, List<String> lines, List<String> emulated, List<String> kernel) {}

    /** A campaign of {@link ScenarioGenerator}'s programs of {@code seed}. */
    public FuzzCampaign(long seed, DifferentialRunner runner) {
        this(new ScenarioGenerator(seed), runner);
    }

    /** A campaign of {@code generator}'s programs. */
    public FuzzCampaign(ProgramGenerator generator, DifferentialRunner runner) {
        this.generator = generator;
        this.seed = generator.seed();
        this.runner = runner;
    }

    /**
     * Judges programs {@code first..first+count-1}; {@code log} gets one line per disagreement
     * and per nondeterministic program.
     */
    public void run(int first, int count, boolean shrink, Consumer<String> log) throws RingUnavailableException {
        Shrinker shrinker = new Shrinker(runner);
        for (int i = first; i < first + count; i++) {
            Program program = generator.program(i);
            programs++;
            switch (runner.judge(program)) {
                case Verdict.Agree ignored -> { }
                case Verdict.Nondeterministic n -> {
                    nondeterministic.add(n);
                    log.accept(program.describe() + ": the kernel gave two streams; set aside");
                }
                case Verdict.ByDesign b -> byDesign.computeIfAbsent(b.kind(), k -> new ArrayList<>()).add(b);
                case Verdict.Disagree d -> {
                    DisagreementKind kind = DisagreementKind.classify(program.lines(), d.emulated(), d.kernel());
                    if (shrink && kind(kind).shrunk().size() < SHRINK_PER_KIND) {
                        Shrunk s = shrunk(d, shrinker.shrink(d));
                        kind = DisagreementKind.classify(s.lines(), s.emulated(), s.kernel());
                        if (kind(kind).shrunk().size() < SHRINK_PER_KIND) {
                            kind(kind).shrunk().add(s);
                        }
                    }
                    kind(kind).members().add(d);
                    log.accept(program.describe() + ": disagrees under " + d.set().name() + " at output line "
                            + (d.firstDifference() + 1) + ": " + kind);
                }
            }
        }
    }

    private Kind kind(DisagreementKind kind) {
        return kinds.computeIfAbsent(kind, k -> new Kind(k, new ArrayList<>(), new ArrayList<>()));
    }

    private static Shrunk shrunk(Verdict.Disagree d, List<String> lines) throws RingUnavailableException {
        Scenario scenario = Program.parse(d.program().name(), lines);
        return new Shrunk(d, lines, DifferentialRunner.run(scenario, DifferentialRunner.EMULATED, d.set().configFor(scenario)),
                DifferentialRunner.run(scenario, DifferentialRunner.NATIVE, ScenarioRunner.ringConfig(scenario, Map.of(), null)));
    }

    /** Programs judged so far. */
    public int programs() {
        return programs;
    }

    /** The programs set aside because the kernel gave two streams. */
    public List<Verdict.Nondeterministic> nondeterministic() {
        return List.copyOf(nondeterministic);
    }

    /** The kinds of disagreement found, in {@link DisagreementKind} order. */
    public List<Kind> kinds() {
        return kinds.values().stream().filter(k -> !k.members().isEmpty()).toList();
    }

    /** The programs whose only differences were by design (5.15's poll), by kind. */
    public Map<DisagreementKind, List<Verdict.ByDesign>> byDesign() {
        return Map.copyOf(byDesign);
    }

    /** How many programs disagreed, all kinds together. */
    public int disagreements() {
        return kinds.values().stream().mapToInt(k -> k.members().size()).sum();
    }

    /** The summary: counts, then one paragraph per kind with its kernel function and a shrunk program. */
    public List<String> summary() {
        List<String> out = new ArrayList<>();
        out.add(generator.name() + " seed " + Long.toUnsignedString(seed, 16) + ": " + programs + " programs, "
                + nondeterministic.size() + " nondeterministic on the kernel (set aside), "
                + byDesign.values().stream().mapToInt(List::size).sum() + " different by design only "
                + byDesign.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue().size()).toList() + ", "
                + disagreements() + " disagreeing in " + kinds().size() + " kind(s)");
        for (Kind kind : kinds()) {
            out.add("");
            Map<String, Long> sets = new TreeMap<>();
            kind.members().forEach(d -> sets.merge(d.set().name(), 1L, Long::sum));
            out.add(kind.kind() + ": " + kind.members().size() + " program(s) " + sets + ", e.g. "
                    + kind.members().stream().limit(5).map(d -> Integer.toString(d.program().index())).toList());
            out.add("  decided by " + kind.kind().decidedBy());
            for (Shrunk s : kind.shrunk()) {
                out.add("  shrunk from " + s.from().program().describe() + " (" + s.from().set().name() + "):");
                s.lines().forEach(l -> out.add("    " + l));
                out.add("    # emulated: " + String.join(" | ", s.emulated()));
                out.add("    # kernel:   " + String.join(" | ", s.kernel()));
            }
        }
        return out;
    }

    /**
     * Writes each kind's first shrunk program as {@code DIR/fuzz-SEED-INDEX.scn}, with a header
     * naming its kind, kernel function and what the emulator printed, and the kernel's stream as
     * its {@code .expected}.
     */
    public List<Path> writeScenarios(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (Kind kind : kinds()) {
            for (Shrunk s : kind.shrunk()) {
                Program from = s.from().program();
                List<String> text = new ArrayList<>();
                text.add("# " + from.name().replace(".scn", "") + ": " + kind.kind() + ", shrunk from "
                        + from.describe() + ".");
                text.add("# Decided by: " + kind.kind().decidedBy() + ".");
                text.add("# The emulated ring (" + s.from().set().name() + ") printed:");
                s.emulated().forEach(l -> text.add("#   " + l));
                text.addAll(s.lines());
                Path scn = dir.resolve(from.name());
                Files.write(scn, text, UTF_8);
                Files.write(dir.resolve(from.name().replace(".scn", ".expected")), s.kernel(), UTF_8);
                written.add(scn);
            }
        }
        return written;
    }
}
