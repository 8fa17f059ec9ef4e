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
 * measurement iterations of 1 s, 2 forks. The JVM flags of every fork ({@link ForkFlags}: FFM and
 * Unsafe access, {@code -XX:-BackgroundCompilation}, the inlining plan) are added by the two ways
 * in, {@code java -jar benchmarks.jar} ({@link BenchmarksMain}) and {@code uring-lab compare}
 * ({@link ForkRunner}), because the out-of-line half of the plan is read from the class path, not
 * written here. The plan (see the package's javadoc for why):
 *
 * <table>
 *   <caption>The inlining plan: one inlining tree in every fork, as a kernel build has one</caption>
 *   <tr><th>CompileCommand</th><th>methods (kernel function)</th><th>runs</th></tr>
 *   <tr><td>{@code dontinline}</td><td>every method marked {@link dev.uringlab.spi.recipe.OutOfLine}:
 *       each kernel function a recipe lists as a {@code call} (io_submit_sqes, __io_queue_sqe,
 *       io_eventfd_signal, the block layer's...), and the per-batch units of the plan:
 *       {@code IoRingCtx.enter} (io_uring_enter), {@code IoWait.ioCqringWait} (io_cqring_wait),
 *       {@code IoComplete.ioSubmitFlushCompletions} and every strategy's {@code flushCompletions}
 *       (__io_submit_flush_completions), every {@code ioFreeBatchList} (io_free_batch_list),
 *       {@code IoUringTask.runTaskWork} (tctx_task_work); and, in user space, the workloads'
 *       rounds ({@code submitAndReap}, {@code round}, {@code run}), which a benchmark method calls once
 *       per batch</td><td>each its own compiled unit, whichever is compiled first</td></tr>
 *   <tr><td>{@code inline}</td><td>{@code *.ioSubmitSqe} (io_submit_sqe), {@code *.ioInitReq} (io_init_req),
 *       {@code *.ioQueueSqe} (io_queue_sqe), {@code *.ioIssueSqe} (io_issue_sqe), every strategy's
 *       {@code ioAllocReq} (io_alloc_req), {@code *.ioFillCqeReq} (io_fill_cqe_req, which the kernel
 *       marks {@code __always_inline}), {@code *.ioCqringAddEvent} (5.6's io_cqring_add_event)</td>
 *       <td>once per request: always inside its batch loop, even when it was compiled on its own first
 *       (on 2026-12-03 every C2 compile of the NOPs' flush called ioFillCqeReq out of line, "already
 *       compiled into a big method", and seed 003's 5.6 arms inlined ioCqringAddEvent in 4 of 12
 *       compiles: a call per CQE the kernel does not make, paid by some copies and not others)</td></tr>
 * </table>
 * The plan only fixes where compiled units begin; what each does is the emulator's code, the
 * same for both arms of every race. A subclass holds the
 * {@code @Benchmark} methods and its {@link BenchmarkRingState}; {@code uring-lab compare} and the
 * command line override the iteration counts ({@code -wi -i -f}), never the mode or the flags.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public abstract class RingBenchmark {
}
