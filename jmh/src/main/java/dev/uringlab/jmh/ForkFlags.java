package dev.uringlab.jmh;

import dev.uringlab.spi.recipe.OutOfLineMethods;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM flags every uring-lab fork gets, appended to JMH's ({@code -jvmArgsAppend}) by the two
 * ways in: {@code java -jar benchmarks.jar} ({@link BenchmarksMain}) and {@code uring-lab compare}
 * ({@link ForkRunner}):
 * <ul>
 *   <li>{@code --enable-native-access=ALL-UNNAMED} for the native ring's FFM calls,
 *       {@code --sun-misc-unsafe-memory-access=allow} for JCTools, {@code -XX:-BackgroundCompilation};</li>
 *   <li>{@code -XX:CompileCommand=dontinline,CLASS::METHOD} for every method marked
 *       {@link dev.uringlab.spi.recipe.OutOfLine} on the class path: a kernel function the kernel
 *       calls out of line, or a compiled unit of its own in the inlining plan (the recipes' one
 *       source of truth, read by {@link OutOfLineMethods});</li>
 *   <li>{@code -XX:CompileCommand=dontinline} for the workloads' rounds, which a benchmark method
 *       calls once per batch (user space's side of the plan);</li>
 *   <li>{@code -XX:CompileCommand=inline} for the per-request functions the inlining plan keeps
 *       inside their batch loop ({@link RingBenchmark}).</li>
 * </ul>
 */
final class ForkFlags {
    private static final String APPEND = "-jvmArgsAppend";
    private static final List<String> JVM = List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
            "-XX:-BackgroundCompilation", "-XX:CompileCommand=quiet");
    /**
     * io_submit_sqe, io_init_req, io_queue_sqe, io_issue_sqe, io_alloc_req: always inside the batch
     * loop that calls them; io_fill_cqe_req ({@code static __always_inline}, v6.18.2
     * io_uring/io_uring.h:264; {@code static inline} __io_fill_cqe_req in 6.1's) and 5.6's
     * io_cqring_add_event (static, no recipe lists it as a call): always inside the path that posts
     * each request's CQE.
     */
    private static final List<String> INLINE = List.of("-XX:CompileCommand=inline,*.ioSubmitSqe", "-XX:CompileCommand=inline,*.ioInitReq",
            "-XX:CompileCommand=inline,*.ioQueueSqe", "-XX:CompileCommand=inline,*.ioIssueSqe", "-XX:CompileCommand=inline,*.ioAllocReq",
            "-XX:CompileCommand=inline,*.ioFillCqeReq", "-XX:CompileCommand=inline,*.ioCqringAddEvent");

    /**
     * The workloads' rounds, each called once per batch, chain or round by a {@code @Benchmark}
     * method (user space's side: t/io_uring's loop, a chain submitted and reaped, reg.b's round):
     * always their own compiled unit. Left to the JIT, whether a round is inlined into its
     * benchmark method depends on which of the two C2 compiled first: on 2026-12-03
     * ({@code uring-lab isolation --include=LinkedNops}) {@code LinkedNops.submitAndReap} was
     * inlined into {@code linkedNops} in both forks of each arm alone and "already compiled into a
     * big method" in both paired forks, whose JIT had twice the copies to compile.
     */
    private static final List<String> ROUNDS = List.of("-XX:CompileCommand=dontinline,dev.uringlab.workloads.*::submitAndReap",
            "-XX:CompileCommand=dontinline,dev.uringlab.workloads.*::round", "-XX:CompileCommand=dontinline,dev.uringlab.workloads.*::run");

    private ForkFlags() {
    }

    /** The flags, in order: the JVM's, the out-of-line methods', the workloads' rounds', the inlined ones'. */
    static List<String> jvmArgs() {
        List<String> args = new ArrayList<>(JVM);
        args.addAll(OutOfLineMethods.dontInlineCommands(ForkFlags.class.getClassLoader()));
        args.addAll(ROUNDS);
        args.addAll(INLINE);
        return args;
    }

    /**
     * JMH's command line {@code jmhArgs} with the flags added to its {@code -jvmArgsAppend}
     * (a caller's own {@code -jvmArgsAppend} comes after them, so it can override one).
     */
    static String[] withForkFlags(String[] jmhArgs) {
        List<String> out = new ArrayList<>();
        List<String> append = new ArrayList<>(jvmArgs());
        for (int i = 0; i < jmhArgs.length; i++) {
            String a = jmhArgs[i];
            if (a.equals(APPEND) && i + 1 < jmhArgs.length) {
                append.add(jmhArgs[++i]);
            } else if (a.startsWith(APPEND + "=")) {
                append.add(a.substring(APPEND.length() + 1));
            } else {
                out.add(a);
            }
        }
        out.add(APPEND);
        out.add(String.join(" ", append));
        return out.toArray(String[]::new);
    }
}
