package dev.uringlab.workloads.fuzz;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.workloads.scenario.Scenario;
import dev.uringlab.workloads.scenario.ScenarioRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A differential campaign: programs {@code 0..count-1} of one seed, each judged by a
 * {@link DifferentialRunner}; every disagreement shrunk ({@link Shrinker}) and grouped with the
 * others that shrink to the same program (user_data renumbered), one group per kind.
 * {@link #writeScenarios} writes one scenario per kind, with the kernel's stream as its
 * {@code .expected}, ready for scenarios/ once its header names the kernel function.
 */
public final class FuzzCampaign {
    private static final Pattern UD = Pattern.compile("(?<=(ud=|target=))[0-9]+");

    private final long seed;
    private final DifferentialRunner runner;
    private int programs;
    private final List<Verdict.Nondeterministic> nondeterministic = new ArrayList<>();
    private final Map<String, Kind> kinds = new LinkedHashMap<>();

    /**
     * One kind of disagreement: the shrunk program every member reduced to, and the members.
     *
     * @param shrunk  the smallest program found, user_data as in the first member
     * @param set     the strategy set the first member disagreed under
     * @param members the disagreeing programs, in campaign order
     */
    public record Kind(List<String> shrunk, EmulatedSet set, List<Verdict.Disagree> members) {}

    public FuzzCampaign(long seed, DifferentialRunner runner) {
        this.seed = seed;
        this.runner = runner;
    }

    /**
     * Judges programs {@code first..first+count-1}, shrinking each disagreement; {@code log} gets
     * one line per disagreement and per nondeterministic program.
     */
    public void run(int first, int count, boolean shrink, Consumer<String> log) throws RingUnavailableException {
        ScenarioGenerator generator = new ScenarioGenerator(seed);
        Shrinker shrinker = new Shrinker(runner);
        for (int i = first; i < first + count; i++) {
            Program program = generator.program(i);
            programs++;
            switch (runner.judge(program)) {
                case Verdict.Agree ignored -> { }
                case Verdict.Nondeterministic n -> {
                    nondeterministic.add(n);
                    log.accept(program.name() + ": the kernel gave two streams; set aside");
                }
                case Verdict.Disagree d -> {
                    List<String> shrunk = shrink ? shrinker.shrink(d) : d.program().lines();
                    String key = d.set().name() + "\n" + normalize(shrunk);
                    Kind kind = kinds.computeIfAbsent(key, k -> new Kind(shrunk, d.set(), new ArrayList<>()));
                    kind.members().add(d);
                    log.accept(program.name() + ": disagrees under " + d.set().name() + " at output line "
                            + (d.firstDifference() + 1) + (kind.members().size() == 1 ? ", a new kind" : ", kind "
                            + (new ArrayList<>(kinds.keySet()).indexOf(key) + 1)));
                }
            }
        }
    }

    /** Programs judged so far. */
    public int programs() {
        return programs;
    }

    /** The programs set aside because the kernel gave two streams. */
    public List<Verdict.Nondeterministic> nondeterministic() {
        return List.copyOf(nondeterministic);
    }

    /** The kinds of disagreement found, in the order first found. */
    public List<Kind> kinds() {
        return List.copyOf(kinds.values());
    }

    /** How many programs disagreed, all kinds together. */
    public int disagreements() {
        return kinds.values().stream().mapToInt(k -> k.members().size()).sum();
    }

    /** The summary: counts, then one paragraph per kind with its shrunk program. */
    public List<String> summary() {
        List<String> out = new ArrayList<>();
        out.add("seed " + Long.toUnsignedString(seed, 16) + ": " + programs + " programs, " + nondeterministic.size()
                + " nondeterministic on the kernel (set aside), " + disagreements() + " disagreeing in "
                + kinds.size() + " kind(s)");
        int n = 1;
        for (Kind kind : kinds.values()) {
            out.add("");
            out.add("kind " + n++ + ": " + kind.members().size() + " program(s) under " + kind.set().name() + ", e.g. "
                    + kind.members().getFirst().program().name() + "; shrunk:");
            kind.shrunk().forEach(l -> out.add("    " + l));
        }
        return out;
    }

    /**
     * Writes each kind's shrunk program as {@code DIR/fuzz-SEED-INDEX.scn}, with a header saying
     * where it came from and what the emulator printed, and the kernel's stream as its
     * {@code .expected}.
     */
    public List<Path> writeScenarios(Path dir) throws IOException, RingUnavailableException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (Kind kind : kinds.values()) {
            Program first = kind.members().getFirst().program();
            Scenario scenario = Program.parse(first.name(), kind.shrunk());
            List<String> kernel = DifferentialRunner.run(scenario, DifferentialRunner.NATIVE,
                    ScenarioRunner.ringConfig(scenario, Map.of(), null));
            List<String> emulated = DifferentialRunner.run(scenario, DifferentialRunner.EMULATED,
                    kind.set().configFor(scenario));
            List<String> text = new ArrayList<>();
            text.add("# " + first.name().replace(".scn", "") + ": shrunk from program " + first.index() + " of seed "
                    + Long.toUnsignedString(seed, 16) + " (" + kind.members().size() + " program(s) of this kind).");
            text.add("# The emulated ring (" + kind.set().name() + ") printed:");
            emulated.forEach(l -> text.add("#   " + l));
            text.add("# Decided by: (the kernel function that decides it; .expected is the kernel's stream)");
            text.addAll(kind.shrunk());
            Path scn = dir.resolve(first.name());
            Files.write(scn, text, UTF_8);
            Files.write(dir.resolve(first.name().replace(".scn", ".expected")), kernel, UTF_8);
            written.add(scn);
        }
        return written;
    }

    /** The program with user_data renumbered in order of appearance, so two shrinks of one kind compare equal. */
    static String normalize(List<String> lines) {
        Map<String, String> names = new LinkedHashMap<>();
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            Matcher m = UD.matcher(line);
            StringBuilder l = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(l, names.computeIfAbsent(m.group(), k -> Integer.toString(names.size() + 1)));
            }
            m.appendTail(l);
            out.append(l).append('\n');
        }
        return out.toString();
    }
}
