package dev.uringlab.jmh;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the JVM charges for each kind of step the recipes type (docs/recipes.md), done the way the
 * emulator does it: the other half of the question the kernel prices answer (DESIGN.md,
 * "Measuring"). A race's JVM ratio is the kernel's only as far as the two price lists agree; this
 * benchmark gives the JVM's list, so that a figure that misses its author's can be taken apart by
 * kind (docs/prices.md, "What the JVM charges"). Each method is one step, its price its time less
 * {@link #empty}'s:
 * <ul>
 *   <li>{@code call}: a call the JIT keeps out of line, as the benchmarks' CompileCommand list keeps
 *       every {@code @OutOfLine} method (no retpoline, return thunk or ENDBR, which a kernel call
 *       may pay);</li>
 *   <li>{@code locked}: spin_lock and spin_unlock as ring-core's {@code SpinLock} does them, a CAS
 *       of the owner word (acquire) and a release store (ring-core is not on this module's compile
 *       path, so the two operations are spelled here); {@code atomicAdd}: a locked add, as a
 *       refcount's atomic_inc;</li>
 *   <li>{@code fence}: {@code VarHandle.fullFence()}, the emulator's smp_mb;</li>
 *   <li>{@code sharedWrite}: a release store of a counter, io_commit_cqring's smp_store_release of
 *       the CQ tail (no other CPU reads it here, as none did in reg.b, whose reader sleeps in the
 *       same io_uring_enter).</li>
 * </ul>
 * {@code irq} and {@code rcu} steps cost the emulator nothing by construction (the JVM has no
 * interrupts to mask, and a non-preemptible kernel's rcu_read_lock is a compiler barrier; the
 * emulator traces both and does no work), so they have no method here: their JVM price is 0.
 *
 * <p>Uncontended and cache-hot throughout, as every step of the raced recipes is: one thread
 * owns every line.
 *
 * <h2>HOW TO RUN</h2>
 * <pre>
 *   java -jar jmh/target/benchmarks.jar JvmStepPricesBenchmark -f 2 -rf json -rff jvm-prices.json
 * </pre>
 * {@code uring-lab compare} does not run it unless {@code --include} names it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "--sun-misc-unsafe-memory-access=allow")
public class JvmStepPricesBenchmark {
    private static final VarHandle OWNER;
    private static final VarHandle TAIL;
    private static final VarHandle REFS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            OWNER = l.findVarHandle(JvmStepPricesBenchmark.class, "owner", Thread.class);
            TAIL = l.findVarHandle(JvmStepPricesBenchmark.class, "tail", int.class);
            REFS = l.findVarHandle(JvmStepPricesBenchmark.class, "refs", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // through OWNER
    private volatile Thread owner;
    @SuppressWarnings("unused") // through TAIL
    private volatile int tail;
    @SuppressWarnings("unused") // through REFS
    private volatile int refs;
    private int cachedTail;

    /** JMH's own loop: what every other method's time holds besides its step. */
    @Benchmark
    public void empty() {
    }

    /** {@code call}: one call kept out of line. */
    @Benchmark
    public void call() {
        outOfLine();
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private void outOfLine() {
    }

    /** {@code locked}: spin_lock (a CAS of the owner, acquire), then spin_unlock (a release store). */
    @Benchmark
    public void locked() {
        Thread me = Thread.currentThread();
        if (!OWNER.compareAndSet(this, (Thread) null, me)) {
            throw new IllegalStateException("uncontended by construction");
        }
        OWNER.setRelease(this, (Thread) null);
    }

    /** {@code locked}: atomic_inc of a refcount (a locked add). */
    @Benchmark
    public int atomicAdd() {
        return (int) REFS.getAndAdd(this, 1);
    }

    /** {@code fence}: smp_mb. */
    @Benchmark
    public void fence() {
        VarHandle.fullFence();
    }

    /** {@code shared-write}: smp_store_release of the CQ tail. */
    @Benchmark
    public void sharedWrite() {
        TAIL.setRelease(this, ++cachedTail);
    }
}
