package dev.uringlab.strategy.era;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.EnterRef;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.PercpuRef;

/**
 * io_uring_enter as in 5.x (fs/io_uring.c of 5.6, 5.14, 5.15 and 5.16): after fdget, the call
 * takes a reference on the ring, {@code percpu_ref_tryget(&ctx->refs)}, and drops it at
 * {@code out:} with {@code percpu_ref_put}; 6.1 no longer does. A percpu_ref in its per-CPU mode
 * is an RCU read section around a this_cpu add: no locked instruction, but two sections per
 * system call that the 6.1 context does not pay. Checked in 5.6, 5.14, 5.15 and 5.16 (taken) and
 * 6.1-rc7 (not); the release in between that dropped it is our reading, and no profile sits there.
 *
 * <p>Trade-off: a reference that outlives a concurrent io_uring_release for the call's length,
 * at two RCU sections per call ({@link PercpuRef}). Threading: the thread in io_uring_enter.
 */
public final class PercpuRefEnterRef implements EnterRef {
    /** ctx->refs, as this call path takes it. */
    private final PercpuRef ctxRefs;

    PercpuRefEnterRef(PercpuRef ctxRefs) {
        this.ctxRefs = ctxRefs;
    }

    /** percpu_ref_tryget(&ctx->refs): rcu_read_lock, this_cpu_inc, rcu_read_unlock. */
    @Override
    public void ioUringEnterGet() {
        ctxRefs.tryGet();
    }

    /** percpu_ref_put(&ctx->refs): rcu_read_lock, this_cpu_dec, rcu_read_unlock. */
    @Override
    public void ioUringEnterPut() {
        ctxRefs.put();
    }

    /** Registers alias {@value #ALIAS} (5.6 to 6.0) on axis {@code enter-ref}. */
    public static final class Provider extends AbstractStrategyProvider<EnterRef> {
        /** The alias. */
        public static final String ALIAS = "percpu-ref";

        public Provider() {
            super(Axis.ENTER_REF, ALIAS, "5.6", Mainline.between("5.6", "6.0"),
                    "io_uring_enter takes and drops a ctx reference (percpu_ref_tryget/put): two RCU read sections per call",
                    ctx -> new PercpuRefEnterRef(new PercpuRef("ctx->refs", Counter.CTX_REF, ctx.counters(), ctx.trace())));
        }
    }
}
