package dev.uringlab.demos.render;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import dev.uringlab.demos.Alignment;
import dev.uringlab.demos.Alignment.Row;
import dev.uringlab.demos.ArmRun;
import dev.uringlab.demos.Demo;
import dev.uringlab.demos.Step;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A replayed demo as one self-contained HTML page ({@code demo.mustache}): the two arms side by
 * side in step, each drawing its SQ and CQ rings with their heads and tails, the CQEs, the
 * requests in flight, the completion lock, the waitqueues and the patch's own structure (seed
 * 000's 16-entry {@code cqes[]}, seed 004's bio cache), with buttons and keys to step forward and
 * back, play and pause. The steps and their {@link dev.uringlab.demos.Snapshot}s go into the page
 * as one JSON document, escaped for a {@code <script>} element; the page's script only draws
 * them. Text fields are HTML-escaped by mustache. No network, no external asset.
 */
public final class DemoPage {
    private static final Mustache TEMPLATE = new DefaultMustacheFactory().compile("dev/uringlab/demos/render/demo.mustache");
    private static final ObjectMapper JSON = JsonMapper.builder()
            .serializationInclusion(JsonInclude.Include.NON_EMPTY).build();

    private DemoPage() {}

    /** What the page's script reads: the demo, its arms and the aligned rows. */
    record Data(String name, String title, String seed, List<ArmView> arms, List<RowView> rows) {}

    /** One arm: its steps in order and its counters. */
    record ArmView(String label, String configuration, int sqEntries, int cqEntries, List<Step> steps,
            Map<String, Long> counters, List<String> structures) {}

    /** One aligned step: each arm's step index, or -1. */
    record RowView(int a, int b, boolean same) {}

    /** What the template lays out around the data. */
    record View(String name, String title, String seed, String narration, String notice, String armA, String armB,
            String data) {}

    /** The page for {@code demo} and its {@code runs}. */
    public static String render(Demo demo, List<ArmRun> runs) {
        List<ArmView> arms = new ArrayList<>();
        for (ArmRun run : runs) {
            arms.add(new ArmView(run.arm().label(), run.arm().configuration(), run.sqEntries(), run.cqEntries(),
                    run.steps(), run.counters(), structures(demo, run)));
        }
        List<RowView> rows = new ArrayList<>();
        for (Row r : Alignment.rows(runs.get(0).steps(), runs.get(1).steps())) {
            rows.add(new RowView(r.a(), r.b(), r.same()));
        }
        String data;
        try {
            data = scriptSafe(JSON.writeValueAsString(new Data(demo.name(), demo.title(), demo.seed(), arms, rows)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the demo's data does not serialise", e);
        }
        StringWriter out = new StringWriter();
        TEMPLATE.execute(out, new View(demo.name(), demo.title(), demo.seed(), demo.narration(), demo.notice(),
                runs.get(0).arm().label(), runs.get(1).arm().label(), data));
        return out.toString();
    }

    /**
     * Writes the page to {@code file}.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public static Path write(Demo demo, List<ArmRun> runs, Path file) {
        try {
            return Files.writeString(file, render(demo, runs), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The patch structures this arm's trace shows, for the page to draw in every step (and, empty,
     * in the other arm): {@code req-cache} (seed 001's free list), {@code cqes} (seed 000's deferred CQE array), {@code active-flag} (seed
     * 002's poll->active) and {@code bio-cache} (seed 004). Read from the states, not the configuration, so a profile chooses them as an alias does.
     */
    private static List<String> structures(Demo demo, ArmRun run) {
        List<String> s = new ArrayList<>();
        // The request cache only where the demo is about request allocation (an arm sets req-alloc):
        // every kernel since 5.11 keeps one, and drawn everywhere it would crowd every page.
        if (demo.arms().stream().anyMatch(a -> a.strategies().containsKey("req-alloc"))
                && run.steps().stream().anyMatch(st -> st.state().reqCache() >= 0)) {
            s.add("req-cache");
        }
        if (run.steps().stream().anyMatch(st -> !st.state().deferred().isEmpty())) {
            s.add("cqes");
        }
        if (run.steps().stream().anyMatch(st -> !st.state().bioCache().isEmpty())) {
            s.add("bio-cache");
        }
        if (run.steps().stream().anyMatch(st -> !st.state().pollActive().isEmpty())) {
            s.add("active-flag");
        }
        return s;
    }

    /** JSON that cannot close its {@code <script>} element: {@code <}, {@code >} and {@code &} as \\u escapes. */
    static String scriptSafe(String json) {
        return json.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    }
}
