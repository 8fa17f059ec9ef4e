package dev.uringlab.demos;

import dev.uringlab.spi.ClassPathFiles;
import dev.uringlab.workloads.scenario.ScenarioSyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The catalogue: every demo on the class path, in the order a class meets them (the basics, then
 * one or two per seed). A demo is a file {@value #DIRECTORY}{@code NN-NAME.demo}
 * ({@link DemoFile}) that its module ships: the basics this one, a seed's demos the strategy
 * module of that seed, beside its claim. {@code NN} is its place in the teaching order (the basics
 * 01-09, then the seeds by number from 10); {@code NAME} is what {@code uring-lab demo NAME}
 * takes. Nothing lists them: a new demo is one file.
 */
public final class Demos {
    /** Where every module ships its demos. */
    public static final String DIRECTORY = "META-INF/uring-lab/demos/";

    /** Every demo's name, in teaching order. */
    public static final List<String> NAMES = List.copyOf(Shipped.TEXT.keySet());

    private Demos() {}

    /** Every demo, parsed. */
    public static List<Demo> all() {
        return NAMES.stream().map(name -> find(name).orElseThrow()).toList();
    }

    /** The demo called {@code name}, or empty when there is none. */
    public static Optional<Demo> find(String name) {
        List<String> lines = Shipped.TEXT.get(name);
        if (lines == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(DemoFile.parse(name, lines));
        } catch (ScenarioSyntaxException e) {
            throw new IllegalStateException("a demo shipped broken: " + e.getMessage(), e);
        }
    }

    /** The demo files, read once: name to lines, in teaching order (the files' order). */
    private static final class Shipped {
        static final Map<String, List<String>> TEXT = read();

        private static Map<String, List<String>> read() {
            Map<String, List<String>> text = new LinkedHashMap<>();
            for (ClassPathFiles.Entry e : ClassPathFiles.under(Demos.class.getClassLoader(), DIRECTORY, ".demo")) {
                String file = e.path().substring(e.path().lastIndexOf('/') + 1);
                if (!file.matches("\\d\\d-[a-z0-9-]+\\.demo")) {
                    throw new IllegalStateException(e.location() + ": a demo file is named NN-NAME.demo (NN its place in the teaching order)");
                }
                String name = file.substring(3, file.length() - ".demo".length());
                if (text.put(name, new String(e.bytes(), StandardCharsets.UTF_8).lines().toList()) != null) {
                    throw new IllegalStateException(e.location() + ": a second demo called " + name);
                }
            }
            return text;
        }
    }
}
