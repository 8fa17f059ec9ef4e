package dev.uringlab.cli.compare;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@code benchmarks.jar} in child JVMs of the JDK that runs this CLI, with the flags every
 * uring-lab JVM gets (the forks get them from {@code @Fork}): once to list the plan, then once
 * per point with JMH's output on this process's terminal.
 */
final class JmhChild {
    /** The same flags as the launcher's and the forks'. */
    static final List<String> JVM_FLAGS = List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow");
    private static final String PLAN_MAIN = "dev.uringlab.jmh.BenchmarkPlan";

    private final Path jar;
    private final String java;

    JmhChild(Path jar) {
        this.jar = jar;
        this.java = javaCommand();
    }

    /** The java binary running this CLI (so the benchmarks get the same JDK 25). */
    static String javaCommand() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** The points of every benchmark matching {@code includes} (all when empty), as BenchmarkPlan lists them. */
    List<PlanPoint> plan(List<String> includes) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(JVM_FLAGS);
        cmd.addAll(List.of("-cp", jar.toString(), PLAN_MAIN));
        cmd.addAll(includes);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int status = p.waitFor();
        if (status != 0) {
            throw new IOException("listing the benchmarks (" + String.join(" ", cmd) + ") failed with exit status " + status);
        }
        return out.lines().filter(l -> !l.isBlank()).map(PlanPoint::parse).toList();
    }

    /**
     * Runs one point under JMH, its output inherited, its results written to {@code json}.
     *
     * @return JMH's exit status
     */
    int run(PlanPoint point, RunLength length, List<String> profilers, Path json) throws IOException, InterruptedException {
        List<String> cmd = command(point, length, profilers, json);
        return new ProcessBuilder(cmd).inheritIO().start().waitFor();
    }

    /** The JMH command line of one point. */
    List<String> command(PlanPoint point, RunLength length, List<String> profilers, Path json) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(JVM_FLAGS);
        cmd.addAll(List.of("-jar", jar.toString()));
        cmd.addAll(point.jmhSelection());
        cmd.addAll(length.jmhArgs());
        for (String profiler : profilers) {
            cmd.addAll(List.of("-prof", profiler));
        }
        cmd.addAll(List.of("-rf", "json", "-rff", json.toString()));
        return cmd;
    }
}
