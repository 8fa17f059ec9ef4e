package dev.uringlab.demos;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.demos.render.TextTrace;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

/**
 * Every demo, replayed: each fact its step-by-step narration states is true of the state and
 * the trace it describes ({@link NarrationFacts}), each arm's label owns up to the functions its
 * steps run, and every line of its text is within 100 columns. A deliberately wrong sentence
 * fails the check.
 */
class NarrationTruthTest {
    static final List<String> NAMES = Demos.NAMES;

    /**
     * Functions of the emulator's core that no 5.x kernel named a demo arm has, with their 6.1 home
     * (v6.1-rc7): io_req_complete_defer (io_uring/io_uring.h:312, 6.x's completion batch) and
     * io_free_batch_list (io_uring/io_uring.c:1290, the batched free) are not in 5.6, 5.14 or
     * 5.15; an arm labelled with such a kernel that runs them must say it runs on the 6.x core.
     */
    private static final List<String> CORE_6X = List.of("io_req_complete_defer", "io_free_batch_list");
    private static final Pattern FIVE_X = Pattern.compile("\\b5\\.\\d+\\b|for-5\\.16");

    @ParameterizedTest(name = "{0}")
    @FieldSource("NAMES")
    void shouldStateOnlyFactsTheTraceHolds(String name) throws Exception {
        List<ArmRun> runs = Replay.run(Demos.find(name).orElseThrow());
        for (ArmRun run : runs) {
            assertThat(NarrationFacts.check(run)).as("%s [%s]: false sentences", name, run.arm().label()).isEmpty();
            assertThat(NarrationFacts.count(run)).as("%s [%s]: facts checked", name, run.arm().label()).isGreaterThan(10);
            // What the page draws at the end: no request left in flight but an armed poll, no batch left unflushed
            // (cqe-skip's skipped CQEs leave no line of their own, and used to stay drawn).
            Snapshot end = run.steps().getLast().state();
            assertThat(end.inFlight()).as("%s [%s]: in flight at the end", name, run.arm().label())
                    .allMatch(r -> r.endsWith(" POLL_ADD"));
            assertThat(end.complReqs()).as("%s [%s]: compl_reqs at the end", name, run.arm().label()).isEmpty();
        }
    }

    /**
     * Every file the narration names is drawn: a demo whose narration speaks of a socket pair (or a
     * pipe) shows the bytes waiting in each of its ends ({@link Snapshot#files()}), which the page draws.
     */
    @ParameterizedTest(name = "{0}")
    @FieldSource("NAMES")
    void shouldDrawEveryFileItsNarrationNames(String name) throws Exception {
        Demo demo = Demos.find(name).orElseThrow();
        String narration = (demo.narration() + " " + demo.notice()).toLowerCase(java.util.Locale.ROOT);
        for (ArmRun run : Replay.run(demo)) {
            java.util.Set<String> drawn = run.steps().getLast().state().files().keySet();
            if (narration.contains("socket pair")) {
                assertThat(drawn).as("%s [%s]: the socket pair's ends", name, run.arm().label())
                        .anyMatch(e -> e.endsWith(".a")).anyMatch(e -> e.endsWith(".b"));
            }
            if (narration.contains("pipe")) {
                assertThat(drawn).as("%s [%s]: the pipe", name, run.arm().label()).anyMatch(e -> e.endsWith(".r"));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @FieldSource("NAMES")
    void shouldLabelEachArmByTheKernelWhoseStepsItRuns(String name) throws Exception {
        for (ArmRun run : Replay.run(Demos.find(name).orElseThrow())) {
            String label = run.arm().label();
            List<String> newer = run.steps().stream().filter(s -> s.kind() == Step.Kind.KERNEL)
                    .map(s -> NarrationFacts.function(s.call())).filter(CORE_6X::contains).distinct().toList();
            if (FIVE_X.matcher(label).find() && !newer.isEmpty()) {
                assertThat(label).as("%s: an arm labelled '%s' runs %s", name, label, newer).contains("6.x core");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @FieldSource("NAMES")
    void shouldKeepEveryTextLineWithin100Columns(String name) throws Exception {
        Demo demo = Demos.find(name).orElseThrow();
        StringWriter text = new StringWriter();
        TextTrace.write(demo, Replay.run(demo), new PrintWriter(text));
        assertThat(text.toString().lines().filter(l -> l.length() > 100)).as(name).isEmpty();
        assertThat(demo.title().length()).as("%s's title", name).isLessThanOrEqualTo(100);
    }

    /** README's teacher's table gives each demo's steps and differences: they are the demo's. */
    @ParameterizedTest(name = "{0}")
    @FieldSource("NAMES")
    void shouldCountStepsAndDifferencesAsTheTeachersTableSays(String name) throws Exception {
        java.nio.file.Path readme = java.nio.file.Path.of("..", "README.md");
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(readme), "no README.md beside the module");
        String row = java.nio.file.Files.readAllLines(readme).stream().filter(l -> l.startsWith("| `" + name + "`")
                && l.chars().filter(c -> c == '|').count() == 6).findFirst().orElseThrow(() -> new AssertionError(
                        "README's teacher's table has no row for " + name));
        java.util.regex.Matcher m = Pattern.compile("\\| (\\d+) \\((\\d+)\\) \\|").matcher(row);
        assertThat(m.find()).as("%s's row: steps (differences)", name).isTrue();
        List<ArmRun> runs = Replay.run(Demos.find(name).orElseThrow());
        List<Alignment.Row> rows = Alignment.rows(runs.get(0).steps(), runs.get(1).steps());
        long differences = java.util.stream.IntStream.range(0, rows.size())
                .filter(r -> !rows.get(r).same() && (r == 0 || rows.get(r - 1).same())).count();
        assertThat(Integer.parseInt(m.group(1))).as("%s: steps", name).isEqualTo(rows.size());
        assertThat(Long.parseLong(m.group(2))).as("%s: differences", name).isEqualTo(differences);
    }

    @Test
    void shouldFailOnADeliberatelyWrongSentence() throws Exception {
        // overflow, arm A: the sentence the issue found ("(1 allocated so far)" where 4 were), in today's words.
        ArmRun run = Replay.run(Demos.find("overflow").orElseThrow()).getFirst();
        assertThat(NarrationFacts.check(forge(run, "allocated and not yet freed", "(\\d+) allocated", "9 allocated")))
                .singleElement().asString().contains("says 9");
        // link-chain: the hard chain's failure narrated as a soft link's.
        ArmRun chain = Replay.run(Demos.find("link-chain").orElseThrow()).getFirst();
        assertThat(NarrationFacts.check(forge(chain, "it is hard-linked", "it is hard-linked \\(IOSQE_IO_HARDLINK\\), so the chain goes on after it",
                "it is soft-linked (IOSQE_IO_LINK), so the rest of its chain will be cancelled")))
                .anySatisfy(p -> assertThat(p).contains("has no IOSQE_IO_LINK"));
        // poll-active: the flag said to be set after the commit when the CQE is still unpublished.
        ArmRun poll = Replay.run(Demos.find("poll-active").orElseThrow()).get(1);
        assertThat(NarrationFacts.check(forge(poll, "not committed yet", "its CQE is written but the CQ tail is not committed yet",
                "the CQ tail is already committed"))).isNotEmpty();
        // A count off by one.
        assertThat(NarrationFacts.check(forge(run, "cached CQ tail", "cached CQ tail (\\d+)", "cached CQ tail 7"))).isNotEmpty();
    }

    /** {@code run}'s steps with the first narration containing {@code marker} rewritten ({@code regex} to {@code wrong}). */
    private static ArmRun forge(ArmRun run, String marker, String regex, String wrong) {
        List<Step> steps = new ArrayList<>(run.steps());
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            if (s.change().contains(marker)) {
                steps.set(i, new Step(s.kind(), s.call(), s.change().replaceFirst(regex, wrong), s.state()));
                return new ArmRun(run.arm(), run.sqEntries(), run.cqEntries(), steps, run.counters());
            }
        }
        throw new AssertionError("no step of " + run.arm().label() + " says '" + marker + "'");
    }
}
