package dev.uringlab.reports.prices;

import com.fasterxml.jackson.databind.JsonNode;
import dev.uringlab.reports.input.JmhResult;
import dev.uringlab.reports.input.JsonFiles;
import dev.uringlab.reports.input.Metric;
import dev.uringlab.reports.input.Run;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The price fit's input: per calibration workload, its time per operation (JMH runs of
 * {@code CalibrationBenchmark} without counting) and its steps per operation, by kind, from two
 * sources:
 * <ul>
 *   <li>the kernel's own tracepoint counts (a counting run, {@code -prof
 *       dev.uringlab.jmh.KernelCountsProfiler}) for the steps a tracepoint sees: system calls
 *       ({@code io_uring_enter}, syscalls:sys_enter_io_uring_enter; the workload's other system
 *       calls, write(2) and read(2) of a pipe or a socket, from the trace), tasks woken
 *       ({@code wakeup}, sched:sched_waking, which the emulator's deterministic mode does not
 *       take: io-wq runs inline there) and passes through a socket's protocol ({@code sock},
 *       sock:sock_send_length and sock:sock_recv_length, where the counting run has them);</li>
 *   <li>the emulated ring's typed steps under {@code linux-6.18}, this machine's kernel, for every
 *       other kind (locks, fences, out-of-line calls, RCU sections, irq save/restore, shared
 *       writes, slab fast paths, list operations; passes through a socket's protocol where the
 *       counting run did not count them): the resource {@value #STEPS}, which
 *       conformance's {@code CalibrationStepsTest} holds to the trace.</li>
 * </ul>
 * The kinds are the recipes' ({@code StepKind}), in the resource's order, then two for the inline
 * work no step lists: {@value #REQUEST} (a request submitted, issued, completed and freed:
 * io_submit_sqe to io_free_batch_list) and {@value #CQE} (a CQE filled), each per operation from
 * the emulated ring's counters in the same resource (KernelTruthTest holds them to the kernel's
 * io_uring_submit_req and io_uring_complete counts).
 *
 * @param kinds     the step kinds, in order
 * @param workloads the workloads with a time, steps in the resource and a counting run
 * @param skipped   the workloads left out, each with why
 */
public record CalibrationInput(List<String> kinds, List<PriceFit.Workload> workloads, List<String> skipped) {
    /** The emulated ring's typed steps of every calibration workload under linux-6.18 (a class-path resource). */
    public static final String STEPS = "calibration-steps-linux-6.18.json";
    /** The kind whose count comes partly from the kernel (io_uring_enter). */
    static final String SYSCALL = "syscall";
    /** The kind whose count comes from the kernel (sched_waking). */
    static final String WAKEUP = "wakeup";
    /**
     * The kind whose count comes from the kernel where the counting run has it (sock:sock_send_length and
     * sock:sock_recv_length, the secondaries {@code sockSend} and {@code sockRecv}), else from the trace
     * (a counting run older than those secondaries; KernelTruthTest holds the two equal).
     */
    static final String SOCK = "sock";
    /** A request's inline path, per request submitted. */
    public static final String REQUEST = "request";
    /** A CQE's fill, per CQE filled. */
    public static final String CQE = "cqe";

    public CalibrationInput {
        kinds = List.copyOf(kinds);
        workloads = List.copyOf(workloads);
        skipped = List.copyOf(skipped);
    }

    /** The traced steps of one workload: operations, io_uring_enter calls, SQEs submitted, CQEs filled, and count per kind. */
    record Traced(long ops, long enter, long sqes, long cqes, Map<String, Long> steps) {
    }

    /** The built-in steps resource, by workload name. */
    static Map<String, Traced> tracedSteps() {
        try (InputStream in = CalibrationInput.class.getResourceAsStream(STEPS)) {
            if (in == null) {
                throw new IllegalStateException("no resource " + STEPS + " beside " + CalibrationInput.class.getName());
            }
            return traced(JsonFiles.JSON.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, Traced> traced(JsonNode root) {
        Map<String, Traced> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.path("workloads").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Map<String, Long> steps = new LinkedHashMap<>();
            e.getValue().path("steps").fields().forEachRemaining(k -> steps.put(k.getKey(), k.getValue().asLong()));
            JsonNode w = e.getValue();
            out.put(e.getKey(), new Traced(w.path("ops").asLong(), w.path("enter").asLong(), w.path("sqes").asLong(),
                    w.path("cqes").asLong(), steps));
        }
        return out;
    }

    /** The input of {@code timing} and {@code counts} runs (several of each may be given: their workloads are pooled). */
    public static CalibrationInput of(List<Run> timing, List<Run> counts) {
        return of(tracedSteps(), timing, counts);
    }

    static CalibrationInput of(Map<String, Traced> traced, List<Run> timing, List<Run> counts) {
        List<String> kinds = new ArrayList<>(traced.values().iterator().next().steps().keySet());
        kinds.add(REQUEST);
        kinds.add(CQE);
        Map<String, JmhResult> counted = new LinkedHashMap<>();
        for (Run run : counts) {
            for (JmhResult r : run.results()) {
                String name = r.params().get("calib");
                if (name != null) {
                    counted.put(name, r);
                }
            }
        }
        Map<String, List<double[]>> forks = new LinkedHashMap<>();
        for (Run run : timing) {
            for (JmhResult r : run.results()) {
                String name = r.params().get("calib");
                if (name != null) {
                    forks.computeIfAbsent(name, k -> new ArrayList<>()).addAll(nsPerOp(r.primary()));
                }
            }
        }
        List<PriceFit.Workload> workloads = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        if (!counted.isEmpty() && counted.values().stream().allMatch(r -> perOp(r, "cqeFilled") == 0)) {
            skipped.add("the counting run counted no kernel event (cqeFilled 0 in every workload: where the machine refuses,"
                    + " e.g. tracefs not mounted, the fork says so in its log and runs without counts): wakeups are not counted,"
                    + " io_uring_enter calls are the ring's own");
        }
        for (Map.Entry<String, List<double[]>> e : forks.entrySet()) {
            String name = e.getKey();
            Traced t = traced.get(name);
            JmhResult c = counted.get(name);
            if (t == null) {
                skipped.add(name + ": not in " + STEPS + " (a workload this build does not trace)");
            } else if (c == null) {
                skipped.add(name + ": no counting run (-prof dev.uringlab.jmh.KernelCountsProfiler) measured it");
            } else {
                workloads.add(new PriceFit.Workload(name, steps(kinds, t, c), e.getValue()));
            }
        }
        return new CalibrationInput(kinds, workloads, skipped);
    }

    /** Steps per operation in {@code kinds} order: the trace's, with the kernel's count where a tracepoint sees the step. */
    static double[] steps(List<String> kinds, Traced t, JmhResult counted) {
        double[] steps = new double[kinds.size()];
        for (int k = 0; k < steps.length; k++) {
            String kind = kinds.get(k);
            double perOp = t.steps().getOrDefault(kind, 0L) / (double) t.ops();
            steps[k] = switch (kind) {
                case SYSCALL -> perOp - t.enter() / (double) t.ops() + perOp(counted, "enter");
                case WAKEUP -> perOp(counted, "schedWaking");
                case SOCK -> counted.secondary().containsKey("sockSend") ? perOp(counted, "sockSend") + perOp(counted, "sockRecv") : perOp;
                case REQUEST -> t.sqes() / (double) t.ops();
                case CQE -> t.cqes() / (double) t.ops();
                default -> perOp;
            };
        }
        return steps;
    }

    private static double perOp(JmhResult r, String secondary) {
        Metric m = r.secondary().get(secondary);
        return m == null ? 0 : m.score() / r.primary().score();
    }

    /** Each fork's iterations as nanoseconds per operation (JMH's throughput mode gives operations per second). */
    private static List<double[]> nsPerOp(Metric primary) {
        List<double[]> out = new ArrayList<>();
        for (List<Double> fork : primary.forks()) {
            out.add(fork.stream().mapToDouble(opsPerSecond -> 1e9 / opsPerSecond).toArray());
        }
        return out;
    }
}
