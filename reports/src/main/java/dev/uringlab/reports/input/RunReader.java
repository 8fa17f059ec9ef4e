package dev.uringlab.reports.input;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH JSON result files ({@code java -jar benchmarks.jar -rf json}) and their
 * {@code env.json} sidecars into {@link Run}s, checking that each is what it claims to be.
 *
 * <p>Only {@code thrpt} results are accepted (uring-lab's benchmarks are all Mode.Throughput);
 * rates in {@code ops/ms}, {@code ops/us}... are converted to {@code ops/s}, for the primary
 * metric and for the secondary metrics in the same unit (the ring counters).
 */
public final class RunReader {
    /** The sidecar's file name: it describes every JMH JSON file in its directory. */
    public static final String ENV_FILE = "env.json";
    /** The paired races' slices, beside the JMH file of a paired run. */
    public static final String SLICES_FILE = "slices.json";

    private static final String WHAT = "a JMH result file (a JSON array written by -rf json)";
    private static final Map<String, Double> PER_SECOND = Map.of(
            "ns", 1e9, "us", 1e6, "ms", 1e3, "s", 1.0, "min", 1 / 60.0, "hr", 1 / 3600.0, "day", 1 / 86400.0);

    private RunReader() {
    }

    /**
     * Reads every file, in order, and labels each run: its {@code env.json} label, else its CPU
     * and date, else its directory and file name; a label seen before gets {@code " #2"}...
     */
    public static List<Run> readAll(List<Path> files) throws ReportInputException {
        List<Run> runs = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Path file : files) {
            Run run = read(file);
            int n = seen.merge(run.label(), 1, Integer::sum);
            runs.add(n == 1 ? run : run.withLabel(run.label() + " #" + n));
        }
        return runs;
    }

    /** Reads one JMH JSON file and its sidecar. */
    public static Run read(Path file) throws ReportInputException {
        JsonNode root = JsonFiles.read(file, WHAT);
        if (!root.isArray()) {
            throw new ReportInputException(file, "is not " + WHAT + ": its top level is a JSON "
                    + root.getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", not an array");
        }
        if (root.isEmpty()) {
            throw new ReportInputException(file, "holds no benchmark results (an empty JSON array): did JMH run any benchmark?");
        }
        List<JmhResult> results = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            results.add(result(file, i + 1, root.get(i)));
        }
        RunEnvironment env = environment(file.toAbsolutePath().resolveSibling(ENV_FILE));
        List<PairedRace> races = SliceFile.read(file.toAbsolutePath().resolveSibling(SLICES_FILE));
        results = PairedArms.results(results, races);
        return new Run(file, defaultLabel(file, env), env, results, races);
    }

    private static String defaultLabel(Path file, RunEnvironment env) {
        if (RunEnvironment.known(env.label())) {
            return env.label();
        }
        if (RunEnvironment.known(env.cpu()) && RunEnvironment.known(env.date())) {
            return env.cpu() + ", " + env.date();
        }
        Path dir = file.toAbsolutePath().getParent();
        Path name = file.getFileName();
        return dir == null || dir.getFileName() == null ? name.toString() : dir.getFileName() + "/" + name;
    }

    private static JmhResult result(Path file, int index, JsonNode n) throws ReportInputException {
        String where = "result #" + index;
        if (!n.isObject()) {
            throw new ReportInputException(file, "is not " + WHAT + ": " + where + " is not a JSON object");
        }
        String benchmark = requiredText(file, where, n, "benchmark");
        where += " (" + benchmark + ")";
        String mode = requiredText(file, where, n, "mode");
        if (!mode.equals("thrpt")) {
            throw new ReportInputException(file, where + " was measured in mode '" + mode
                    + "': uring-lab reports read Mode.Throughput (thrpt) results only");
        }
        JsonNode primaryNode = n.get("primaryMetric");
        if (primaryNode == null || !primaryNode.isObject()) {
            throw new ReportInputException(file, "is not " + WHAT + ": " + where + " has no 'primaryMetric' object");
        }
        Metric rawPrimary = metric(file, where + " primaryMetric", primaryNode);
        double scale = perSecond(file, where, rawPrimary.unit());
        Metric primary = scaled(rawPrimary, scale);

        Map<String, String> params = new LinkedHashMap<>();
        JsonNode paramsNode = n.path("params");
        for (var e : paramsNode.properties()) {
            params.put(e.getKey(), e.getValue().asText());
        }
        Map<String, Metric> secondary = new LinkedHashMap<>();
        for (var e : n.path("secondaryMetrics").properties()) {
            Metric m = metric(file, where + " secondaryMetrics." + e.getKey(), e.getValue());
            secondary.put(e.getKey(), m.unit().equals(rawPrimary.unit()) ? scaled(m, scale) : m);
        }
        JmhSettings settings = new JmhSettings(
                n.path("jmhVersion").asText(RunEnvironment.UNKNOWN),
                mode,
                n.path("threads").asInt(),
                n.path("forks").asInt(),
                n.path("warmupIterations").asInt() + " x " + n.path("warmupTime").asText("?"),
                n.path("measurementIterations").asInt() + " x " + n.path("measurementTime").asText("?"),
                n.path("jdkVersion").asText(RunEnvironment.UNKNOWN),
                (n.path("vmName").asText(RunEnvironment.UNKNOWN) + " " + n.path("vmVersion").asText("")).trim(),
                n.path("jvm").asText(RunEnvironment.UNKNOWN),
                textList(n.path("jvmArgs")));
        return new JmhResult(benchmark, params, primary, secondary, settings);
    }

    private static Metric metric(Path file, String where, JsonNode n) throws ReportInputException {
        JsonNode score = n.get("score");
        if (score == null || !(score.isNumber() || "NaN".equals(score.asText()))) {
            throw new ReportInputException(file, "is not " + WHAT + ": " + where + " has no numeric 'score'");
        }
        String unit = requiredText(file, where, n, "scoreUnit");
        List<List<Double>> forks = new ArrayList<>();
        for (JsonNode fork : n.path("rawData")) {
            List<Double> iterations = new ArrayList<>();
            for (JsonNode sample : fork) {
                iterations.add(number(sample));
            }
            forks.add(iterations);
        }
        return new Metric(number(score), number(n.path("scoreError")), unit, forks);
    }

    /** JMH writes NaN as the string "NaN"; a missing error is NaN too. */
    private static double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : Double.NaN;
    }

    private static double perSecond(Path file, String where, String unit) throws ReportInputException {
        Double factor = unit.startsWith("ops/") ? PER_SECOND.get(unit.substring(4)) : null;
        if (factor == null) {
            throw new ReportInputException(file, where + " has score unit '" + unit + "', expected a rate in ops/<time unit>");
        }
        return factor;
    }

    private static Metric scaled(Metric m, double factor) {
        return factor == 1.0 ? m : new Metric(m.score() * factor, m.error() * factor, "ops/s",
                m.forks().stream().map(f -> f.stream().map(s -> s * factor).toList()).toList());
    }

    private static String requiredText(Path file, String where, JsonNode n, String field) throws ReportInputException {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new ReportInputException(file, "is not " + WHAT + ": " + where + " has no '" + field + "' text");
        }
        return v.asText();
    }

    private static List<String> textList(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.forEach(v -> out.add(v.asText()));
        return out;
    }

    private static RunEnvironment environment(Path sidecar) throws ReportInputException {
        if (!Files.exists(sidecar)) {
            return RunEnvironment.NONE;
        }
        JsonNode n = JsonFiles.read(sidecar, "a run environment (a JSON object)");
        if (!n.isObject()) {
            throw new ReportInputException(sidecar, "is not a run environment: expected a JSON object");
        }
        Map<String, String> other = new LinkedHashMap<>();
        for (var e : n.properties()) {
            other.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString());
        }
        return new RunEnvironment(take(other, "label"), take(other, "gitCommit"), take(other, "date"),
                take(other, "cpu"), take(other, "cores"), take(other, "os"), take(other, "kernel"), other);
    }

    private static String take(Map<String, String> fields, String name) {
        String v = fields.remove(name);
        return v == null || v.isBlank() ? RunEnvironment.UNKNOWN : v;
    }
}
