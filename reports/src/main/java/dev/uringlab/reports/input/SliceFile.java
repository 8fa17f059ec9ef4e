package dev.uringlab.reports.input;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a paired run's {@value RunReader#SLICES_FILE}: a JSON array with one object per race,
 * <pre>
 * {"benchmark": "dev.uringlab.jmh.Nops32Benchmark.nops32",
 *  "a": {"depth": "32", "profile": "linux-5.15", "reqAlloc": "baseline", "ring": "emulated"},
 *  "b": {"depth": "32", "profile": "linux-5.15", "reqAlloc": "req-cache", "ring": "emulated"},
 *  "sliceMillis": 20,
 *  "forks": [[[iteration, arm, startNanos, nanos, ops, cpuNanos, armCpuNanos, threads], ...], ...]}
 * </pre>
 * where {@code arm} is 0 for {@code a} and 1 for {@code b} ({@link Slice}), written by
 * {@code uring-lab compare} from the forks' own slice logs. Older files hold shorter slices, read
 * with what they lack unknown (-1): seven numbers {@code [..., cpuNanos, threads]} from before
 * {@code armCpuNanos} was kept, six from before {@code threads} was.
 */
final class SliceFile {
    private static final String WHAT = "a paired run's slices (a JSON array of races)";

    private SliceFile() {
    }

    /** The races in {@code file}; none when there is no such file (a fork-by-fork run). */
    static List<PairedRace> read(Path file) throws ReportInputException {
        if (!Files.exists(file)) {
            return List.of();
        }
        JsonNode root = JsonFiles.read(file, WHAT);
        if (!root.isArray()) {
            throw new ReportInputException(file, "is not " + WHAT);
        }
        List<PairedRace> races = new ArrayList<>();
        for (JsonNode r : root) {
            String benchmark = r.path("benchmark").asText("");
            if (benchmark.isEmpty() || !r.path("a").isObject() || !r.path("b").isObject() || !r.path("forks").isArray()) {
                throw new ReportInputException(file, "is not " + WHAT + ": race #" + (races.size() + 1)
                        + " lacks its benchmark, a, b or forks");
            }
            List<List<Slice>> forks = new ArrayList<>();
            for (JsonNode fork : r.path("forks")) {
                List<Slice> slices = new ArrayList<>();
                for (JsonNode s : fork) {
                    if (s.size() < 6 || s.size() > 8 || s.get(3).asLong() <= 0) {
                        throw new ReportInputException(file, "is not " + WHAT + ": race #" + (races.size() + 1)
                                + " has a slice that is not [iteration, arm, startNanos, nanos > 0, ops, cpuNanos, armCpuNanos, threads]: "
                                + s);
                    }
                    slices.add(new Slice(s.get(0).asInt(), s.get(1).asInt(), s.get(2).asLong(), s.get(3).asLong(), s.get(4).asLong(),
                            s.get(5).asLong(), s.size() == 8 ? s.get(6).asLong() : -1, s.size() >= 7 ? s.get(s.size() - 1).asInt() : -1));
                }
                forks.add(slices);
            }
            races.add(new PairedRace(benchmark, params(r.path("a")), params(r.path("b")), r.path("sliceMillis").asInt(), forks));
        }
        return races;
    }

    private static Map<String, String> params(JsonNode n) {
        Map<String, String> out = new LinkedHashMap<>();
        n.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }
}
