package dev.uringlab.cli.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.uringlab.reports.input.PairedRace;
import dev.uringlab.reports.input.RunReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What compare knows of the jmh module's paired harness ({@code dev.uringlab.jmh.paired.PairedBenchmark}):
 * a race is one point of it whose params {@code a} and {@code b} spell the two arms as the
 * console does ({@link PlanPoint#toString()}); each fork writes its slices to the file named by
 * the system property {@value #SLICES_PROPERTY} ({@link #jvmArgs}), and {@link #append} adds that
 * fork to the run's {@value RunReader#SLICES_FILE}, the file the report reads beside
 * {@code jmh.json} ({@code SliceFile} in the reports module says its format).
 */
final class PairedRaces {
    /** The system property the harness writes a fork's slices to. */
    static final String SLICES_PROPERTY = "uringlab.slices";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, ObjectNode> races = new LinkedHashMap<>();

    /** The paired harness's point racing {@code b} against the reference {@code a}. */
    static PlanPoint point(PlanPoint a, PlanPoint b) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("a", a.toString());
        params.put("b", b.toString());
        return new PlanPoint(PairedRace.HARNESS, params, Optional.empty());
    }

    /** The harness's {@code b} that runs {@code a} alone in the same slices ({@code PairedBenchmark.NONE}). */
    static final String NONE = "none";

    /** The paired harness's point running {@code a} alone: the "fork of its own" that isolation is shown against. */
    static PlanPoint solo(PlanPoint a) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("a", a.toString());
        params.put("b", NONE);
        return new PlanPoint(PairedRace.HARNESS, params, Optional.empty());
    }

    /** Whether {@code p} is a paired race. */
    static boolean isPaired(PlanPoint p) {
        return p.benchmark().equals(PairedRace.HARNESS);
    }

    /**
     * The benchmark whose reference arm the A/A race runs when the plan has it: seed 001's NOPs.
     * The A/A race measures the method (slices, loaders, clock, bootstrap), so it runs the arm
     * whose copies compile most alike: one thread, no data beyond the ring's few lines. A fork's
     * copies of a larger workload's code differ by a luck of their own (the echo server's by 2.5-4%
     * each on 2026-12-03, so an echo A/A stopped at +-1.7% in 6 forks); that spread is the
     * workload's, not the method's, and each race's interval holds it already, as every fork
     * compiles new copies of both arms and the bootstrap draws forks.
     */
    static final String FLOOR_BENCHMARK = "dev.uringlab.jmh.Nops32Benchmark.nops32";

    /** Whether {@code p} is a paired race of one arm against itself. */
    static boolean isAa(PlanPoint p) {
        return isPaired(p) && p.params().get("a").equals(p.params().get("b"));
    }

    /** The arms of a paired point, reference first. */
    static List<PlanPoint> arms(PlanPoint p) {
        return List.of(PlanPoint.ofSpelling(p.params().get("a")), PlanPoint.ofSpelling(p.params().get("b")));
    }

    /**
     * How the console names a point: a paired race as its arms' shared params, then what differs,
     * {@code Nops32Benchmark.nops32 depth=32 profile=linux-5.15 ring=emulated: reqAlloc=baseline | req-cache}
     * (the arm alone in an A/A race, where nothing does); any other point as itself.
     */
    static String label(PlanPoint p) {
        if (!isPaired(p)) {
            return p.toString();
        }
        PlanPoint a = PlanPoint.ofSpelling(p.params().get("a"));
        if (p.params().get("b").equals(NONE)) {
            return a + " alone";
        }
        PlanPoint b = PlanPoint.ofSpelling(p.params().get("b"));
        StringBuilder shared = new StringBuilder(a.shortName());
        StringBuilder differs = new StringBuilder();
        a.params().forEach((k, v) -> {
            if (v.equals(b.params().get(k))) {
                shared.append(' ').append(k).append('=').append(v);
            } else {
                differs.append(differs.isEmpty() ? "" : " ").append(k).append('=').append(v).append(" | ").append(b.params().get(k));
            }
        });
        return differs.isEmpty() ? shared.toString() : shared + ": " + differs;
    }

    /** JMH's arguments that make a fork of a paired point write its slices to {@code csv}. */
    static List<String> jvmArgs(Path csv) {
        return JmhChild.jvmArgs(List.of("-D" + SLICES_PROPERTY + "=" + csv));
    }

    /** The columns of the harness's slice file ({@code SliceLog}) in the order {@value RunReader#SLICES_FILE} holds them. */
    private static final List<String> COLUMNS = List.of("iteration", "arm", "start_ns", "ns", "ops", "cpu_ns", "arm_cpu_ns", "threads");
    /** The columns a slice file may lack, written -1 (unknown): files from before they were kept. */
    private static final List<String> LATER = List.of("arm_cpu_ns", "threads");

    /**
     * Adds the slices one fork of {@code point} wrote to {@code csv} (the harness's
     * {@code iteration,arm,start_ns,ns,ops,cpu_ns,arm_cpu_ns,threads} lines, read by their header's
     * names: a file from before {@code arm_cpu_ns} or {@code threads} was kept has them unknown, -1)
     * as a fork of its race, each slice the eight numbers of {@link #COLUMNS}, with the slice length
     * JMH's result for the fork ({@code jmhPart}) gives as the harness's {@code slice} param.
     *
     * @return the slices added: 0 when the fork wrote none
     */
    int append(PlanPoint point, Path csv, Path jmhPart) throws IOException {
        if (!Files.isRegularFile(csv)) {
            return 0;
        }
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty()) {
            return 0;
        }
        List<String> header = List.of(lines.getFirst().strip().split(","));
        int[] at = COLUMNS.stream().mapToInt(header::indexOf).toArray();
        for (int c = 0; c < at.length; c++) {
            if (at[c] < 0 && !LATER.contains(COLUMNS.get(c))) {
                throw new IOException(csv + " is not a paired harness's slice file: no column " + COLUMNS.get(c) + " in " + header);
            }
        }
        ArrayNode fork = JSON.createArrayNode();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            if (f.length != header.size()) {
                continue;
            }
            ArrayNode slice = fork.addArray();
            for (int c = 0; c < at.length; c++) {
                String v = at[c] < 0 ? "-1" : f[at[c]];
                if (COLUMNS.get(c).equals("arm")) {
                    slice.add(v.equals("a") ? PairedRace.A : PairedRace.B);
                } else {
                    slice.add(Long.parseLong(v));
                }
            }
        }
        if (fork.isEmpty()) {
            return 0;
        }
        int sliceMillis = JSON.readTree(jmhPart.toFile()).path(0).path("params").path("slice").asInt();
        ObjectNode race = races.computeIfAbsent(point.toString(), k -> {
            List<PlanPoint> arms = arms(point);
            ObjectNode r = JSON.createObjectNode();
            r.put("benchmark", arms.getFirst().benchmark());
            ObjectNode a = r.putObject("a");
            arms.get(0).params().forEach(a::put);
            ObjectNode b = r.putObject("b");
            arms.get(1).params().forEach(b::put);
            r.put("sliceMillis", sliceMillis);
            r.putArray("forks");
            return r;
        });
        ((ArrayNode) race.get("forks")).add(fork);
        return fork.size();
    }

    /** Writes {@value RunReader#SLICES_FILE} into {@code dir}, replacing the previous one in one atomic move. */
    void write(Path dir) throws IOException {
        Path target = dir.resolve(RunReader.SLICES_FILE);
        Path tmp = dir.resolve(RunReader.SLICES_FILE + ".tmp");
        JSON.writeValue(tmp.toFile(), List.copyOf(races.values()));
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
