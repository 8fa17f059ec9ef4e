package dev.uringlab.demos;

import dev.uringlab.workloads.scenario.ScenarioSyntaxException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The catalogue: every demo, in the order a class meets them (the basics, then one per seed),
 * each a {@code NAME.demo} resource beside this class ({@link DemoFile}).
 */
public final class Demos {
    /**
     * Every demo's name, in teaching order: the basics, then the seeds by number. A new demo is a
     * {@code NAME.demo} file and a line here.
     */
    public static final List<String> NAMES = List.of(
            "rings",
            "link-chain",
            "overflow",
            "multishot-poll",
            "batched-cqe",
            "req-cache",
            "poll-active",
            "link-cqe",
            "cqe-skip",
            "bio-cache");

    private Demos() {}

    /** Every demo, parsed. */
    public static List<Demo> all() {
        List<Demo> all = new ArrayList<>();
        for (String name : NAMES) {
            all.add(find(name).orElseThrow());
        }
        return List.copyOf(all);
    }

    /** The demo called {@code name}, or empty when there is none. */
    public static Optional<Demo> find(String name) {
        if (!NAMES.contains(name)) {
            return Optional.empty();
        }
        try (InputStream in = Demos.class.getResourceAsStream(name + ".demo")) {
            if (in == null) {
                throw new IllegalStateException(name + ".demo is listed but missing from the jar");
            }
            List<String> lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
            return Optional.of(DemoFile.parse(name, lines));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ScenarioSyntaxException e) {
            throw new IllegalStateException("a demo shipped broken: " + e.getMessage(), e);
        }
    }
}
