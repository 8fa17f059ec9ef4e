package dev.uringlab.cli.compare;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code benchmarks.jar} in child JVMs of the JDK that runs this CLI, with the flags every
 * uring-lab JVM gets (the forks get theirs from the jmh module's ForkFlags): once to list the plan, once to list
 * JMH's profilers when {@code --prof} is given, then one host JVM running
 * {@code dev.uringlab.jmh.ForkRunner} ({@link #start}), which runs JMH's {@code Runner} one fork at
 * a time as {@link #runFork} asks, its output in the run's log file (or on the terminal).
 */
final class JmhChild implements Closeable {
    /** The same flags as the launcher's and the forks'. */
    static final List<String> JVM_FLAGS = List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow");
    private static final String PLAN_MAIN = "dev.uringlab.jmh.BenchmarkPlan";
    private static final String RUNNER_MAIN = "dev.uringlab.jmh.ForkRunner";

    private final Path jar;
    private final String java;
    private Process runner;
    private BufferedWriter requests;
    private BufferedReader answers;

    JmhChild(Path jar) {
        this.jar = jar;
        this.java = javaCommand();
    }

    /** The java binary running this CLI (so the benchmarks get the same JDK 25). */
    static String javaCommand() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private List<String> java(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(JVM_FLAGS);
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** The points of every benchmark matching {@code includes} (all when empty), as BenchmarkPlan lists them. */
    List<PlanPoint> plan(List<String> includes) throws IOException, InterruptedException {
        List<String> cmd = java("-cp", jar.toString(), PLAN_MAIN);
        cmd.addAll(includes);
        String out = output(cmd, "listing the benchmarks");
        return out.lines().filter(l -> !l.isBlank()).map(PlanPoint::parse).toList();
    }

    /** The profilers JMH supports on this machine ({@code -lprof}'s first list), by name. */
    Set<String> profilers() throws IOException, InterruptedException {
        String out = output(java("-jar", jar.toString(), "-lprof"), "listing JMH's profilers");
        Set<String> names = new LinkedHashSet<>();
        boolean supported = false;
        for (String line : out.lines().toList()) {
            if (line.startsWith("Supported profilers")) {
                supported = true;
            } else if (line.startsWith("Unsupported profilers")) {
                supported = false;
            } else if (supported && line.contains(":")) {
                names.add(line.substring(0, line.indexOf(':')).strip());
            }
        }
        return names;
    }

    private static String output(List<String> cmd, String what) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int status = p.waitFor();
        if (status != 0) {
            throw new IOException(what + " (" + String.join(" ", cmd) + ") failed with exit status " + status);
        }
        return out;
    }

    /** Starts the fork runner; JMH's output goes to {@code log}, or to this terminal when empty. */
    void start(Optional<Path> log) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(java("-cp", jar.toString(), RUNNER_MAIN, log.map(Path::toString).orElse("-")))
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        runner = pb.start();
        requests = new BufferedWriter(new OutputStreamWriter(runner.getOutputStream(), StandardCharsets.UTF_8));
        answers = new BufferedReader(new InputStreamReader(runner.getInputStream(), StandardCharsets.UTF_8));
    }

    /**
     * Runs fork {@code fork} (from 0) of one point, its results written to {@code json}, with JMH's
     * {@code extra} arguments after the point's.
     *
     * @return empty when JMH ran it, else why not (JMH's message, or the runner's end)
     */
    Optional<String> runFork(PlanPoint point, int fork, RunLength length, List<String> profilers, Path json, List<String> extra)
            throws IOException {
        List<String> request = new ArrayList<>(List.of(json.toString()));
        request.addAll(jmhArgs(point, fork, length, profilers));
        request.addAll(extra);
        requests.write(String.join("\t", request));
        requests.newLine();
        requests.flush();
        String answer = answers.readLine();
        if (answer == null) {
            return Optional.of("the JMH runner ended");
        }
        return answer.startsWith("ok ") ? Optional.empty() : Optional.of(answer.replaceFirst("^error ", ""));
    }

    /**
     * The system property that gives a fork its CPU slot (the jmh module's {@code OneCpu}): fork
     * {@code k} of a point runs its rings on the {@code (k mod n)}th of the machine's {@code n} CPUs,
     * so a race's two arms fork by fork run their {@code k}th forks on one CPU, and every point's
     * forks take the CPUs in turn, whose speeds differ here.
     */
    static final String CPU_PROPERTY = "uringlab.cpu";

    /**
     * JMH's arguments that put {@code flags} on a fork's JVM command line, each as one argument: a
     * {@code -jvmArgsPrepend} apiece, since JMH splits a lone {@code -jvmArgsPrepend} at spaces but
     * takes each of several as given (a path with a space in it stays whole).
     */
    static List<String> jvmArgs(List<String> flags) {
        List<String> args = new ArrayList<>();
        for (String flag : flags) {
            args.add("-jvmArgsPrepend");
            args.add(flag);
        }
        return args;
    }

    /** JMH's arguments for fork {@code fork} (from 0) of one point. */
    static List<String> jmhArgs(PlanPoint point, int fork, RunLength length, List<String> profilers) {
        List<String> args = new ArrayList<>(point.jmhSelection());
        args.addAll(length.jmhArgs());
        args.addAll(jvmArgs(List.of("-D" + CPU_PROPERTY + "=" + fork)));
        if (PairedRaces.isPaired(point)) {
            args.addAll(length.pairedArgs(PairedRaces.isAa(point)));
        }
        for (String profiler : profilers) {
            args.addAll(List.of("-prof", profiler));
        }
        return args;
    }

    /** Stops the runner and the fork it may be running now (Ctrl-C, or the end of the run). */
    @Override
    public void close() {
        if (runner == null) {
            return;
        }
        runner.descendants().forEach(ProcessHandle::destroy);
        runner.destroy();
        try {
            if (!runner.waitFor(5, TimeUnit.SECONDS)) {
                runner.descendants().forEach(ProcessHandle::destroyForcibly);
                runner.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
