package dev.uringlab.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What every uring-lab benchmark shares, stated once and inherited (JMH's
 * {@code JMHSample_24_Inheritance}): throughput in operations per second, 3 warmup and 5
 * measurement iterations of 1 s, 2 forks, and the JVM flags every uring-lab JVM gets:
 * {@code --enable-native-access=ALL-UNNAMED} for the native ring's FFM calls,
 * {@code --sun-misc-unsafe-memory-access=allow} for JCTools, {@code -XX:-BackgroundCompilation},
 * and the emulator's <em>inlining plan</em> (see the package's javadoc for why):
 *
 * <table>
 *   <caption>The inlining plan: one inlining tree in every fork, as a kernel build has one</caption>
 *   <tr><th>CompileCommand</th><th>methods (kernel function)</th><th>runs</th></tr>
 *   <tr><td>{@code dontinline}</td><td>{@code IoRingCtx.enter} (io_uring_enter), {@code *.ioSubmitSqes}
 *       (io_submit_sqes), {@code *.ioCqringWait} (io_cqring_wait), {@code *.ioSubmitFlushCompletions} and
 *       every strategy's {@code flushCompletions} (__io_submit_flush_completions), {@code *.ioFreeBatchList}
 *       (io_free_batch_list), {@code *.runTaskWork} (tctx_task_work)</td><td>once per batch: each its own
 *       compiled unit, whichever is compiled first</td></tr>
 *   <tr><td>{@code inline}</td><td>{@code *.ioSubmitSqe} (io_submit_sqe), {@code *.ioInitReq} (io_init_req),
 *       {@code *.ioQueueSqe} (io_queue_sqe), {@code *.ioIssueSqe} (io_issue_sqe), every strategy's
 *       {@code ioAllocReq} (io_alloc_req)</td><td>once per request: always inside its batch loop, even
 *       when it was compiled on its own first</td></tr>
 * </table>
 * The plan only fixes where compiled units begin; what each does is the emulator's code, the
 * same for both arms of every race. A subclass holds the
 * {@code @Benchmark} methods and its {@link RingState}; {@code uring-lab compare} and the
 * command line override the iteration counts ({@code -wi -i -f}), never the mode or the flags.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
    "-XX:-BackgroundCompilation", "-XX:CompileCommand=quiet",
    "-XX:CompileCommand=dontinline,dev.uringlab.core.IoRingCtx::enter", "-XX:CompileCommand=dontinline,*.ioSubmitSqes",
    "-XX:CompileCommand=dontinline,*.ioCqringWait", "-XX:CompileCommand=dontinline,*.ioSubmitFlushCompletions",
    "-XX:CompileCommand=dontinline,*.flushCompletions", "-XX:CompileCommand=dontinline,*.ioFreeBatchList",
    "-XX:CompileCommand=dontinline,*.runTaskWork",
    "-XX:CompileCommand=inline,*.ioSubmitSqe", "-XX:CompileCommand=inline,*.ioInitReq", "-XX:CompileCommand=inline,*.ioQueueSqe",
    "-XX:CompileCommand=inline,*.ioIssueSqe", "-XX:CompileCommand=inline,*.ioAllocReq"})
public abstract class RingBenchmark {
}
