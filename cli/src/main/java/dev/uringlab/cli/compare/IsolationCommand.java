package dev.uringlab.cli.compare;

import static dev.uringlab.cli.UringLab.EXIT_FAILURE;
import static dev.uringlab.cli.UringLab.EXIT_OK;
import static dev.uringlab.cli.UringLab.EXIT_USAGE;

import dev.uringlab.reports.analysis.ForkBootstrap;
import dev.uringlab.reports.analysis.Estimate;
import dev.uringlab.reports.analysis.Thresholds;
import dev.uringlab.reports.input.Claims;
import dev.uringlab.reports.input.Metric;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code uring-lab isolation}: the evidence that a paired race's arms run as if each were alone
 * in its JVM. For one author's figure (seed 001's nops32 unless {@code --include} names another
 * benchmark) it runs, fork after fork in turn, each arm alone in the paired harness
 * ({@code b=none}: the same slices, one class loader) and the two arms paired: first
 * {@code --forks} forks of each for the peaks, then {@value #JIT_FORKS} more of each with
 * {@code -XX:+PrintCompilation -XX:+PrintInlining} written to the VM's own log file (apart from
 * JMH's output, and apart from the forks whose speed is compared, since printing slows the JIT).
 * It prints:
 * <ul>
 *   <li>each arm's peak (its fastest measurement iteration, the rate the compiled code reaches
 *       when the machine does not slow it) alone and paired, with the ratio of their means over
 *       forks and its bootstrap interval: equal when the interval holds 1;</li>
 *   <li>the JIT's inlining decisions in the engine's code ({@link InliningLog}): those made only
 *       when paired and those made only alone, beside the decisions that already differ between
 *       two forks of one arm alone (the JIT's own variation).</li>
 * </ul>
 * Everything goes to {@code results/<timestamp>-isolation/}: each fork's slices and JMH output,
 * the decision sets, and {@code isolation.txt}, the summary printed.
 */
@Command(name = "isolation", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Show that a paired race's arms run as if alone: each arm's peak and inlining alone and paired.",
            "Results go to results/<timestamp>-isolation/ (isolation.txt, each fork's slices and JIT log)."})
public final class IsolationCommand implements Callable<Integer> {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");
    /** Forks of each setup whose JIT decisions are logged: two, so that the JIT's own variation between forks shows. */
    static final int JIT_FORKS = 2;
    /** The JIT-log forks' flags, before the log file's ({@code -XX:LogFile=}). */
    private static final List<String> JIT_FLAGS = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintCompilation", "-XX:+PrintInlining",
            "-XX:+LogVMOutput", "-XX:-DisplayVMOutput");

    @Option(names = "--include", paramLabel = "REGEX", defaultValue = "Nops32",
            description = "The benchmark whose first author's figure is raced (default: ${DEFAULT-VALUE}, seed 001).")
    private String include;

    @Option(names = "--forks", paramLabel = "N", defaultValue = "3", description = "Forks of each setup (default: ${DEFAULT-VALUE}).")
    private int forks;

    @Option(names = "--quick", description = "compare --quick's iterations per fork instead of the default's.")
    private boolean quick;

    @Spec
    private CommandSpec spec;

    /** One way of running the arms. */
    private record Setup(String name, PlanPoint point) {
    }

    /**
     * Round {@code round}'s order of the setups: each round starts one later, so that over as many
     * rounds as setups each runs first, second and third alike, and a machine that drifts within a
     * round (on 2026-12-03 21:12 every round ran a alone, b alone, then paired, and b's forks alone
     * fell 11.75, 11.61, 11.46 M NOPs/s while its paired ones held 11.7-11.8 M) slows none of them
     * more than the others. The three forks of a round share their CPU slot all the same.
     */
    static <T> List<T> rotated(List<T> setups, int round) {
        List<T> out = new ArrayList<>(setups);
        Collections.rotate(out, -(round % setups.size()));
        return out;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (forks < 2) {
            err.println("uring-lab isolation: --forks " + forks + ": at least 2, for an interval over forks");
            return EXIT_USAGE;
        }
        Layout layout = Layout.locate();
        Path jar = BenchmarksJar.ensureUpToDate(layout, out);
        JmhChild jmh = new JmhChild(jar);
        List<PlanPoint> plan = jmh.plan(List.of()).stream().filter(p -> p.skipReason().isEmpty()).toList();
        Pattern benchmark = Pattern.compile(include);
        Optional<Races.Race> race = Races.claimed(plan, Claims.builtIn()).stream()
                .filter(r -> benchmark.matcher(r.point().benchmark()).find() && r.reference().isPresent()).findFirst();
        if (race.isEmpty()) {
            err.println("uring-lab isolation: no author's figure races a benchmark matching --include " + include);
            return EXIT_USAGE;
        }
        PlanPoint a = race.get().reference().get();
        PlanPoint b = race.get().point();
        List<Setup> setups = List.of(new Setup("a alone", PairedRaces.solo(a)), new Setup("b alone", PairedRaces.solo(b)),
                new Setup("paired", PairedRaces.point(a, b)));
        Path dir = Files.createDirectories(layout.results().resolve(LocalDateTime.now().format(STAMP) + "-isolation"));
        RunLength length = quick ? RunLength.QUICK : RunLength.DEFAULT;
        out.println("uring-lab isolation: a = " + a + "\n                     b = " + b + "\n" + forks + " forks of a alone, b alone and "
                + "both paired, in turn; " + length.describe() + "; in " + layout.root().relativize(dir));
        out.flush();
        Map<Setup, List<Path>> runs = new LinkedHashMap<>();
        Map<Setup, List<Path>> jitRuns = new LinkedHashMap<>();
        for (int k = 1; k <= forks + JIT_FORKS; k++) {
            boolean jit = k > forks;
            for (Setup s : rotated(setups, k - 1)) {
                String name = s.name().replace(' ', '-') + (jit ? "-jit-" + (k - forks) : "-" + k);
                Path csv = dir.resolve(name + ".csv");
                Path log = dir.resolve(name + ".log");
                out.println("[" + k + "/" + (forks + JIT_FORKS) + "] " + s.name() + (jit ? ", JIT log" : ""));
                out.flush();
                jmh.start(Optional.of(log));
                Optional<String> failure;
                try {
                    List<String> flags = new ArrayList<>(List.of("-D" + PairedRaces.SLICES_PROPERTY + "=" + csv));
                    if (jit) {
                        flags.addAll(JIT_FLAGS);
                        flags.add("-XX:LogFile=" + dir.resolve(name + ".jit.log"));
                    }
                    failure = jmh.runFork(s.point(), k - 1, length, List.of(), dir.resolve("jmh-fork.json"), JmhChild.jvmArgs(flags));
                } finally {
                    jmh.close();
                }
                if (failure.isPresent() || !Files.isRegularFile(csv)) {
                    err.println("uring-lab isolation: " + s.name() + " fork " + k + " failed: " + failure.orElse("no slices") + " (" + log + ")");
                    return EXIT_FAILURE;
                }
                (jit ? jitRuns : runs).computeIfAbsent(s, x -> new ArrayList<>()).add(dir.resolve(name));
            }
        }
        Files.deleteIfExists(dir.resolve("jmh-fork.json"));
        String summary = summary(setups, runs, jitRuns, dir);
        Files.writeString(dir.resolve("isolation.txt"), summary);
        out.print(summary);
        out.println("isolation: " + dir.resolve("isolation.txt"));
        return EXIT_OK;
    }

    private static String summary(List<Setup> setups, Map<Setup, List<Path>> runs, Map<Setup, List<Path>> jitRuns, Path dir)
            throws IOException {
        StringBuilder out = new StringBuilder("\nPeaks: each fork's fastest measurement iteration (the arm's rate over its slices in it),\n"
                + "alone against paired; paired / alone is the ratio of their means over forks, with a 95% bootstrap\n"
                + "interval over forks: the arm runs as if alone when it holds 1.\n\n");
        out.append(String.format(Locale.ROOT, "%-4s %-34s %-34s %-8s %-16s%n", "arm", "alone: fork peaks (ops/s)", "paired: fork peaks (ops/s)",
                "ratio", "95% interval"));
        for (int arm = 0; arm < 2; arm++) {
            List<Double> alone = new ArrayList<>();
            for (Path fork : runs.get(setups.get(arm))) {
                alone.add(peak(fork.resolveSibling(fork.getFileName() + ".csv"), "a"));
            }
            List<Double> paired = new ArrayList<>();
            for (Path fork : runs.get(setups.get(2))) {
                paired.add(peak(fork.resolveSibling(fork.getFileName() + ".csv"), arm == 0 ? "a" : "b"));
            }
            Estimate ratio = ForkBootstrap.ratio(Metric.ofForks(paired.stream().map(List::of).toList()),
                    Metric.ofForks(alone.stream().map(List::of).toList()), Thresholds.DEFAULT_CONFIDENCE).orElseThrow();
            out.append(String.format(Locale.ROOT, "%-4s %-34s %-34s %-8s %-16s %s%n", arm == 0 ? "a" : "b", millions(alone), millions(paired),
                    String.format(Locale.ROOT, "%.3f", ratio.value()), String.format(Locale.ROOT, "[%.3f, %.3f]", ratio.lo(), ratio.hi()),
                    ratio.lo() <= 1 && 1 <= ratio.hi() ? "as if alone" : "NOT as if alone"));
        }
        Map<String, List<Set<String>>> decisions = new LinkedHashMap<>();
        for (Setup s : setups) {
            List<Set<String>> sets = new ArrayList<>();
            for (Path fork : jitRuns.get(s)) {
                sets.add(InliningLog.decisions(Files.readAllLines(fork.resolveSibling(fork.getFileName() + ".jit.log"))));
            }
            decisions.put(s.name(), sets);
            Files.write(dir.resolve(s.name().replace(' ', '-') + "-inlining.txt"), new TreeMap<>(count(sets)).entrySet().stream()
                    .map(e -> e.getValue() + "/" + sets.size() + " forks  " + e.getKey()).toList());
        }
        Set<String> alone = union(decisions.get(setups.get(0).name()));
        alone.addAll(union(decisions.get(setups.get(1).name())));
        Set<String> paired = union(decisions.get(setups.get(2).name()));
        Set<String> onlyPaired = new LinkedHashSet<>(paired);
        onlyPaired.removeAll(alone);
        Set<String> onlyAlone = new LinkedHashSet<>(alone);
        onlyAlone.removeAll(paired);
        out.append("\nInlining: the JIT's decisions in the engine's code (" + InliningLog.KEPT + "*) in " + JIT_FORKS
                + " more forks of each setup,\n-XX:+PrintInlining read into 'caller @bci callee: decision' lines (*-inlining.txt: each with\n"
                + "the forks that made it). A decision that only a shared profile could cause would show as made only when paired.\n\n");
        out.append(String.format(Locale.ROOT, "  decisions: a alone %d, b alone %d, paired %d%n", union(decisions.get(setups.get(0).name())).size(),
                union(decisions.get(setups.get(1).name())).size(), paired.size()));
        out.append(String.format(Locale.ROOT, "  made in only some forks of one setup (the JIT's own variation): a alone %d, b alone %d, paired %d%n",
                variable(decisions.get(setups.get(0).name())), variable(decisions.get(setups.get(1).name())), variable(decisions.get(setups.get(2).name()))));
        out.append("  made only when paired: " + onlyPaired.size() + "\n");
        onlyPaired.forEach(d -> out.append("    + ").append(d).append('\n'));
        out.append("  made only alone: " + onlyAlone.size() + "\n");
        onlyAlone.forEach(d -> out.append("    - ").append(d).append('\n'));
        return out.toString();
    }

    /** The fork's fastest measurement iteration for {@code arm}: its operations over its time in that iteration. */
    static double peak(Path csv, String arm) throws IOException {
        Map<String, double[]> byIteration = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(csv);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",");
            if (f[1].equals(arm)) {
                double[] sum = byIteration.computeIfAbsent(f[0], k -> new double[2]);
                sum[0] += Double.parseDouble(f[4]);
                sum[1] += Double.parseDouble(f[3]);
            }
        }
        return byIteration.values().stream().mapToDouble(v -> v[0] * 1e9 / v[1]).max().orElse(Double.NaN);
    }

    private static String millions(List<Double> values) {
        return String.join(", ", values.stream().map(v -> String.format(Locale.ROOT, "%.2f M", v / 1e6)).toList());
    }

    private static Set<String> union(List<Set<String>> sets) {
        Set<String> out = new LinkedHashSet<>();
        sets.forEach(out::addAll);
        return out;
    }

    private static Map<String, Integer> count(List<Set<String>> sets) {
        Map<String, Integer> out = new LinkedHashMap<>();
        sets.forEach(s -> s.forEach(d -> out.merge(d, 1, Integer::sum)));
        return out;
    }

    /** Decisions made in some but not all of {@code sets}. */
    private static long variable(List<Set<String>> sets) {
        return count(sets).values().stream().filter(n -> n < sets.size()).count();
    }
}
