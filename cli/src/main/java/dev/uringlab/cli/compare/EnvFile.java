package dev.uringlab.cli.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * The {@code env.json} written beside {@code jmh.json}: where and when the run happened, read
 * by the reports module to label the run. Fields: {@code label} (the host name),
 * {@code gitCommit}, {@code gitDirty}, {@code date}, {@code cpu} (model name from
 * /proc/cpuinfo), {@code cores}, {@code os} (PRETTY_NAME of /etc/os-release), {@code kernel}
 * (the release the native ring runs on), {@code java}, {@code runLength}, {@code jmhOptions},
 * and at the end {@code wallTimeSeconds}, the point and fork counts, {@code interrupted}
 * when Ctrl-C stopped the run, and how busy the machine was: {@code loadAverageMax} (the
 * highest 1-minute load average seen between forks; it counts the run's own forks, and the
 * build just before the run), {@code cpuBusyPercent} and {@code cpuStealPercent} (all CPUs'
 * non-idle and stolen time over the run, from /proc/stat), {@code cpuOtherPercent} (the busy
 * time that was neither stolen nor the run's own: what other processes took, the figure the
 * report's "busy" warning reads), {@code cpuGovernor} (cpu0's frequency governor, when readable).
 */
final class EnvFile {
    static final String NAME = "env.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode env = JSON.createObjectNode();

    /** What can be known before the run. */
    static EnvFile capture(Layout layout, RunLength length, Instant start) {
        EnvFile f = new EnvFile();
        ObjectNode e = f.env;
        e.put("label", hostName());
        String commit = git(layout.root(), "rev-parse", "HEAD").orElse("unknown");
        e.put("gitCommit", commit);
        git(layout.root(), "status", "--porcelain", "--untracked-files=no").ifPresent(s -> e.put("gitDirty", !s.isBlank()));
        e.put("date", start.truncatedTo(ChronoUnit.SECONDS).toString());
        e.put("cpu", cpuModel().orElse("unknown"));
        e.put("cores", Runtime.getRuntime().availableProcessors());
        e.put("os", osName());
        e.put("kernel", System.getProperty("os.version"));
        e.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        e.put("runLength", length.name().toLowerCase(java.util.Locale.ROOT) + ": " + length.describe());
        e.put("jmhOptions", String.join(" ", length.jmhArgs()));
        loadAverage().ifPresent(l -> e.put("loadAverageStart", l));
        return f;
    }

    private final ProcStat startStat = ProcStat.read().orElse(null);
    private final long startOwn = ownTicks().orElse(-1);
    private double loadMax = loadAverage().orElse(Double.NaN);

    /** How busy the machine is now: the 1-minute load average joins the run's maximum. Call between forks. */
    void sample() {
        loadAverage().ifPresent(l -> loadMax = Double.isNaN(loadMax) ? l : Math.max(loadMax, l));
    }

    /** The 1-minute load average ({@code /proc/loadavg}), if readable. */
    static Optional<Double> loadAverage() {
        try {
            return Optional.of(Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The first line of {@code /proc/stat}: CPU time since boot, in ticks, all CPUs. */
    record ProcStat(long total, long idle, long steal) {
        static Optional<ProcStat> read() {
            try (var lines = Files.lines(Path.of("/proc/stat"))) {
                String[] f = lines.findFirst().orElse("").trim().split("\\s+");
                if (f.length < 9 || !f[0].equals("cpu")) {
                    return Optional.empty();
                }
                long total = 0;
                for (int i = 1; i < f.length && i <= 8; i++) {
                    total += Long.parseLong(f[i]);
                }
                return Optional.of(new ProcStat(total, Long.parseLong(f[4]) + Long.parseLong(f[5]), Long.parseLong(f[8])));
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }
    }

    /**
     * The CPU time of this process and every live descendant (the JMH runner and its fork), in
     * the ticks of /proc/stat: each one's user and system time with that of its children already
     * reaped ({@code /proc/PID/stat} fields 14 to 17), so an ended fork counts once, in its parent.
     */
    static OptionalLong ownTicks() {
        OptionalLong self = ticks(ProcessHandle.current().pid());
        if (self.isEmpty()) {
            return self;
        }
        return OptionalLong.of(self.getAsLong()
                + ProcessHandle.current().descendants().mapToLong(p -> ticks(p.pid()).orElse(0)).sum());
    }

    /** utime + stime + cutime + cstime of one process; the name field, in parentheses, may hold spaces. */
    private static OptionalLong ticks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // f[0] is field 3 (state): utime, stime, cutime, cstime are fields 14 to 17
            return OptionalLong.of(Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        }
    }

    /** The CPU frequency governor of cpu0, if readable (many VMs have none). */
    static Optional<String> governor() {
        try {
            return Optional.of(Files.readString(Path.of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")).strip());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Every benchmark the build has (the report tells a seed whose workload is not written yet from one not included). */
    void benchmarksInBuild(List<String> names) {
        env.put("benchmarksInBuild", String.join(",", names));
    }

    /** The benchmarks this run measured, at its end (before, those it plans to run). */
    void benchmarks(List<String> names) {
        env.put("benchmarks", String.join(",", names));
    }

    /** Adds what is known at the end. */
    void finish(Duration wallTime, int run, int skipped, int failed, int forks, boolean interrupted) {
        env.put("wallTimeSeconds", wallTime.toSeconds());
        env.put("pointsRun", run);
        env.put("pointsSkipped", skipped);
        env.put("pointsFailed", failed);
        env.put("forksRun", forks);
        if (interrupted) {
            env.put("interrupted", true);
        }
        sample();
        if (!Double.isNaN(loadMax)) {
            env.put("loadAverageMax", loadMax);
        }
        ProcStat end = ProcStat.read().orElse(null);
        if (startStat != null && end != null && end.total() > startStat.total()) {
            double ticks = end.total() - startStat.total();
            env.put("cpuStealPercent", Math.round(1000.0 * (end.steal() - startStat.steal()) / ticks) / 10.0);
            env.put("cpuBusyPercent", Math.round(1000.0 * (1 - (end.idle() - startStat.idle()) / ticks)) / 10.0);
            long endOwn = ownTicks().orElse(-1);
            if (startOwn >= 0 && endOwn >= startOwn) {
                double others = ticks - (end.idle() - startStat.idle()) - (end.steal() - startStat.steal()) - (endOwn - startOwn);
                env.put("cpuOtherPercent", Math.round(1000.0 * Math.max(0, others) / ticks) / 10.0);
            }
        }
        env.put("cpuGovernor", governor().orElse("not readable"));
    }

    void write(Path dir) throws IOException {
        JSON.writerWithDefaultPrettyPrinter().writeValue(dir.resolve(NAME).toFile(), env);
    }

    private static String hostName() {
        try {
            Path proc = Path.of("/proc/sys/kernel/hostname");
            if (Files.isReadable(proc)) {
                return Files.readString(proc).strip();
            }
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    static Optional<String> cpuModel() {
        try (var lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).strip()).findFirst();
        } catch (IOException | java.io.UncheckedIOException e) {
            return Optional.empty();
        }
    }

    private static String osName() {
        try (var lines = Files.lines(Path.of("/etc/os-release"))) {
            Optional<String> pretty = lines.filter(l -> l.startsWith("PRETTY_NAME=")).map(l -> l.substring(12).replace("\"", "")).findFirst();
            if (pretty.isPresent()) {
                return pretty.get();
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // fall back to the JVM's idea
        }
        return System.getProperty("os.name");
    }

    private static Optional<String> git(Path root, String... args) {
        try {
            List<String> cmd = new java.util.ArrayList<>(List.of("git", "-C", root.toString()));
            cmd.addAll(List.of(args));
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? Optional.of(out) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
