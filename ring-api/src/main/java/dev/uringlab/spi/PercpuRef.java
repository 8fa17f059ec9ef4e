package dev.uringlab.spi;

import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code struct percpu_ref} (include/linux/percpu-refcount.h) in per-CPU mode, the mode
 * {@code ctx->refs} stays in for a ring's life: every get and put is an RCU read-side section
 * around {@code this_cpu_add}/{@code this_cpu_sub} on the running CPU's counter, never a locked
 * instruction (percpu_ref_get_many :198-210, percpu_ref_tryget_many :235-251,
 * percpu_ref_put_many :313-325 at v5.15 and v5.16). Only percpu_ref_kill, at ring exit, switches
 * to the shared atomic count, which no emulated path reaches, so a tryget always succeeds.
 *
 * <p>Each operation is one {@code rcu} step of a recipe (DESIGN.md rule 10), named after the
 * function and the reference, e.g. {@code percpu_ref_tryget_many(ctx->refs)}, and one count of
 * the reference's {@link Counter}. An RCU read section costs nothing the JVM can do: the step is
 * traced for the recipe and the kernel prices, and the per-CPU count moves as
 * {@code this_cpu_add} moves it.
 *
 * <p>Threading: the counter is the calling CPU's; in the emulator the ring owner is the CPU that
 * takes and drops these references (uring_lock held), so its count is a plain field. A put from
 * another CPU (5.6's io-wq worker freeing a request, {@link #putOnOtherCpu}) goes to that CPU's
 * count, here one atomic for every other CPU, since the JVM has no per-CPU add.
 */
public final class PercpuRef {
    private final Trace trace;
    private final Counters counters;
    private final Counter counter;
    private final String tryGet;
    private final String tryGetMany;
    private final String get;
    private final String getMany;
    private final String putMany;
    private final String put;
    /** This CPU's counter ({@code *percpu_count}): gets minus puts made here. */
    private long percpuCount;
    /** The other CPUs' counters, summed: puts made there ({@link #putOnOtherCpu}). */
    private final AtomicLong otherCpus = new AtomicLong();

    /**
     * A reference count named {@code name} as the kernel's code spells it ({@code ctx->refs}),
     * counting each get and put as {@code counter} and tracing its steps to {@code trace}.
     */
    public PercpuRef(String name, Counter counter, Counters counters, Trace trace) {
        this.trace = trace;
        this.counters = counters;
        this.counter = counter;
        this.tryGet = "percpu_ref_tryget(" + name + ")";
        this.tryGetMany = "percpu_ref_tryget_many(" + name + ")";
        this.get = "percpu_ref_get(" + name + ")";
        this.getMany = "percpu_ref_get_many(" + name + ")";
        this.putMany = "percpu_ref_put_many(" + name + ")";
        this.put = "percpu_ref_put(" + name + ")";
    }

    /** percpu_ref_tryget: one reference, which per-CPU mode always grants. */
    public boolean tryGet() {
        trace.step(StepKind.RCU, tryGet);
        counters.inc(counter);
        percpuCount++;
        return true;
    }

    /** percpu_ref_tryget_many: {@code nr} references, which per-CPU mode always grants. */
    public boolean tryGetMany(int nr) {
        trace.step(StepKind.RCU, tryGetMany);
        counters.inc(counter);
        percpuCount += nr;
        return true;
    }

    /** percpu_ref_get: percpu_ref_get_many of one. */
    public void get() {
        trace.step(StepKind.RCU, get);
        counters.inc(counter);
        percpuCount++;
    }

    /** percpu_ref_get_many. */
    public void getMany(int nr) {
        trace.step(StepKind.RCU, getMany);
        counters.inc(counter);
        percpuCount += nr;
    }

    /** percpu_ref_put_many. */
    public void putMany(int nr) {
        trace.step(StepKind.RCU, putMany);
        counters.inc(counter);
        percpuCount -= nr;
    }

    /** percpu_ref_put: percpu_ref_put_many of one. */
    public void put() {
        trace.step(StepKind.RCU, put);
        counters.inc(counter);
        percpuCount--;
    }

    /**
     * percpu_ref_put on a CPU that is not the ring owner's (an io-wq worker's, 5.6): the same RCU
     * step, its count that CPU's ({@link Counters#incShared}).
     */
    public void putOnOtherCpu() {
        trace.step(StepKind.RCU, put);
        counters.incShared(counter);
        otherCpus.decrementAndGet();
    }

    /** The references held: what percpu_ref_kill would find once it summed the CPUs' counters. */
    public long held() {
        return percpuCount + otherCpus.get();
    }
}
