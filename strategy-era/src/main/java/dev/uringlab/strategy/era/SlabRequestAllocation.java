package dev.uringlab.strategy.era;

import static dev.uringlab.spi.ReqFlags.REQ_F_WORK_ENV;

import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.CompletionBatch;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.Mainline;
import dev.uringlab.spi.PercpuRef;
import dev.uringlab.spi.RequestAllocation;
import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Request allocation as in 5.6 (fs/io_uring.c, the kernel of seed 003's RFC): no request is
 * ever kept. io_get_req takes each request from {@code req_cachep}: with a submit state (more
 * than IO_PLUG_THRESHOLD SQEs in the call) from the state's array of IO_IOPOLL_BATCH, refilled
 * by kmem_cache_alloc_bulk of {@code min(state->ios_left, 8)}, and without one by
 * kmem_cache_alloc; io_submit_state_end gives the unused ones back (kmem_cache_free_bulk). Since
 * {@code ios_left} only moves when a file is taken, a submission of NOPs refills 8 at a time and
 * returns the rest of the last 8. Every request is freed to the slab when its last reference
 * goes (__io_free_req: kmem_cache_free).
 *
 * <p>What 5.6 did around a request's life, which the later kernels dropped for a NOP, is here
 * too, since it is the request's lifetime: the two references io_get_req sets (refcount_set),
 * each dropped with a locked decrement (io_put_req after the CQE, io_put_req_find_next when
 * __io_queue_sqe is done with it); the submitter's credentials and pid that a linked or
 * forced-async request takes for a possible punt (io_req_work_grab_env: get_current_cred,
 * task_pid_vnr) and drops when freed (io_req_work_drop_env: put_cred); the ctx reference each
 * request holds (percpu_ref_tryget_many for the whole submission, percpu_ref_put per request),
 * an RCU read section each; and {@code kfree(req->io)}, a call even when, as for a NOP, there
 * is nothing to free.
 *
 * <p>Trade-off: nothing to keep, no list to walk, but a slab round trip, two locked decrements,
 * a credential reference taken and dropped (two more) and a ctx reference per request, where
 * 5.15's cache hands back a request it already had.
 *
 * <p>With 5.6's io-wq ({@code iowq-complete=put-work}) a request punted with IOSQE_ASYNC takes a
 * third reference for io-wq ({@link #ioGetWork}) and loses all three on the worker, which frees
 * it there ({@link #ioPutReqOnWorker}).
 *
 * <p>Threading: the ring owner's thread with {@code uring_lock} held (the SPI's rule), except
 * the worker's gets and puts, which touch only the request, the credentials' count (the
 * submitting task's {@code current_cred()}, shared with whatever else holds them: an atomic),
 * the ctx reference on the worker's CPU ({@link PercpuRef#putOnOtherCpu}) and the slab, which is
 * safe from any thread.
 */
public final class SlabRequestAllocation implements RequestAllocation {
    /** IO_PLUG_THRESHOLD: a call with more SQEs than this gets a submit state. */
    static final int IO_PLUG_THRESHOLD = 2;
    /** IO_IOPOLL_BATCH: ARRAY_SIZE(state->reqs). */
    static final int IO_IOPOLL_BATCH = 8;

    private final KmemCache<IoKiocb> reqCachep;
    private final Counters counters;
    private final Trace trace;
    /** ctx->refs: one reference per request, taken for the submission and dropped as each is freed. */
    private final PercpuRef ctxRefs;
    /** state->reqs: the last {@link #freeReqs} entries allocated and not yet handed out. */
    private final IoKiocb[] reqs = new IoKiocb[IO_IOPOLL_BATCH];
    /** state->free_reqs. */
    private int freeReqs;
    /** state->ios_left: set at io_submit_state_start; a NOP never moves it. */
    private int iosLeft;
    /** The SQEs the current io_submit_sqes was given (its {@code nr}). */
    private int nrSubmit;
    /** Whether io_submit_sqes set up a submit state (statep != NULL). */
    private boolean statep;
    /** current_cred()->usage: the submitting task's credentials, which every prepared request references. */
    private final AtomicInteger credUsage = new AtomicInteger(1);
    /** The submitting task's pid, as task_pid_vnr reads it. */
    private final int taskPid = (int) ProcessHandle.current().pid();

    SlabRequestAllocation(KmemCache<IoKiocb> reqCachep, Counters counters, Trace trace) {
        this.reqCachep = reqCachep;
        this.counters = counters;
        this.trace = trace;
        this.ctxRefs = new PercpuRef("ctx->refs", Counter.CTX_REF, counters, trace);
    }

    /**
     * io_submit_sqes: percpu_ref_tryget_many(&ctx->refs, nr), one ctx reference per request to
     * come; then, for more than IO_PLUG_THRESHOLD SQEs, io_submit_state_start.
     */
    @Override
    public void ioSubmitStateStart(int nr) {
        ctxRefs.tryGetMany(nr);
        nrSubmit = nr;
        if (nr > IO_PLUG_THRESHOLD) {
            statep = true;
            freeReqs = 0;
            iosLeft = nr;
        }
    }

    /** io_get_req: from the state's array, refilled in bulk; without a state, one kmem_cache_alloc. */
    @Override
    public IoKiocb ioAllocReq() {
        IoKiocb req;
        if (!statep) {
            req = reqCachep.kmemCacheAlloc();
        } else if (freeReqs == 0) {
            int ret = reqCachep.kmemCacheAllocBulk(reqs, Math.min(iosLeft, reqs.length));
            counters.inc(Counter.REQ_BULK_ALLOC);
            freeReqs = ret - 1;
            req = reqs[freeReqs];
            reqs[freeReqs] = null;
        } else {
            req = reqs[--freeReqs];
            reqs[freeReqs] = null;
        }
        req.refcountSet(2); // one is dropped after submission, the other at completion
        return req;
    }

    /**
     * io_submit_sqes' end: the ctx references of SQEs not consumed (percpu_ref_put_many), then
     * io_submit_state_end: kmem_cache_free_bulk of the requests allocated and not used.
     */
    @Override
    public void ioSubmitStateEnd(int submitted) {
        if (submitted != nrSubmit) {
            ctxRefs.putMany(nrSubmit - submitted);
        }
        if (statep && freeReqs != 0) {
            reqCachep.kmemCacheFreeBulk(reqs, freeReqs);
            Arrays.fill(reqs, 0, freeReqs, null);
            freeReqs = 0;
        }
        statep = false;
    }

    /** io_req_defer_prep -> io_req_work_grab_env: {@code req->work.creds = get_current_cred()}, {@code task_pid_vnr(current)}. */
    @Override
    public void ioReqDeferPrep(IoKiocb req) {
        if ((req.flags() & REQ_F_WORK_ENV) == 0) {
            trace.step(StepKind.LOCKED, "get_cred(current_cred)");
            credUsage.getAndIncrement();
            taskPidVnr();
            req.setFlags(REQ_F_WORK_ENV);
        }
    }

    /** task_pid_vnr -> __task_pid_nr_ns (kernel/pid.c, out of line): the pid read in an RCU read section. */
    @OutOfLine("__task_pid_nr_ns")
    private int taskPidVnr() {
        trace.step(StepKind.CALL, "__task_pid_nr_ns");
        trace.step(StepKind.RCU, "rcu_read_lock(__task_pid_nr_ns)");
        return taskPid;
    }

    /** A request done outside a batch: its references dropped and freed, as every other. */
    @Override
    public void ioFreeReq(IoKiocb req) {
        ioPutReq(req);
    }

    /** Each request of the batch, in completion order: its references dropped and freed. */
    @Override
    @OutOfLine("io_free_batch_list")
    public void ioFreeBatchList(CompletionBatch batch) {
        for (int i = 0, n = batch.size(); i < n; i++) {
            ioPutReq(batch.get(i));
        }
    }

    /**
     * The two puts of a request that completed: io_put_req (io_nop's, after its CQE), then
     * io_put_req_find_next (__io_queue_sqe's, the submission reference), which frees it.
     */
    private void ioPutReq(IoKiocb req) {
        ioPutReqCall(req, false);
        if (refcountDecAndTest(req)) {
            ioFreeReqSlab(req, false);
        }
    }

    /** io-wq's reference (io_get_work, v5.6 fs/io_uring.c:5942): {@code refcount_inc(&req->refs)} (:5946), on the worker. */
    @Override
    public void ioGetWork(IoKiocb req) {
        trace.step(StepKind.LOCKED, "refcount_inc(req->refs)");
        req.refcountInc();
    }

    /**
     * io_put_req on the io-wq worker (io_nop's, io_wq_submit_work's, io_put_work's): the last
     * frees the request there, its ctx reference dropped on the worker's CPU.
     */
    @Override
    public boolean ioPutReqOnWorker(IoKiocb req) {
        return ioPutReqCall(req, true);
    }

    /**
     * io_put_req (fs/io_uring.c:1490, out of line): drop a reference; the last frees the request
     * (io_free_req -> __io_free_req; the next member of a chain is the engine's to queue).
     */
    @OutOfLine("io_put_req")
    private boolean ioPutReqCall(IoKiocb req, boolean worker) {
        trace.step(StepKind.CALL, "io_put_req");
        if (refcountDecAndTest(req)) {
            ioFreeReqSlab(req, worker);
            return true;
        }
        return false;
    }

    private boolean refcountDecAndTest(IoKiocb req) {
        trace.step(StepKind.LOCKED, "refcount_dec_and_test(req->refs)");
        return req.refcountDecAndTest();
    }

    /**
     * __io_free_req: __io_req_aux_free (kfree(req->io), io_req_work_drop_env: put_cred), the ctx
     * reference (percpu_ref_put, on the worker's CPU when {@code worker}), then __io_req_do_free:
     * kmem_cache_free (from the freeing CPU's slab).
     */
    private void ioFreeReqSlab(IoKiocb req, boolean worker) {
        kfree(null); // req->io: a NOP has no async context
        if ((req.flags() & REQ_F_WORK_ENV) != 0) {
            trace.step(StepKind.LOCKED, "put_cred(req->work.creds)");
            credUsage.getAndDecrement();
            req.clearFlags(REQ_F_WORK_ENV);
        }
        if (worker) {
            ctxRefs.putOnOtherCpu();
        } else {
            ctxRefs.put();
        }
        reqCachep.kmemCacheFree(req);
    }

    /** kfree (mm/slub.c, out of line): returns at once for NULL (ZERO_OR_NULL_PTR). */
    @OutOfLine("kfree")
    private void kfree(Object objp) {
        trace.step(StepKind.CALL, "kfree");
        if (objp != null) {
            throw new IllegalStateException("kfree of an async context: no emulated NOP has one");
        }
    }

    /** io_ring_ctx_free: every request went back when it was freed; a state left open would be a bug. */
    @Override
    public void ioReqCachesFree() {
        if (freeReqs != 0) {
            throw new IllegalStateException(freeReqs + " requests of a submit state were never returned (io_submit_state_end)");
        }
    }

    /** Registers alias {@value #ALIAS} (5.6 to 5.12) on axis {@code req-alloc}. */
    public static final class Provider extends AbstractStrategyProvider<RequestAllocation> {
        /** The alias. */
        public static final String ALIAS = "slab";

        public Provider() {
            super(Axis.REQ_ALLOC, ALIAS, "5.6", Mainline.between("5.6", "5.12"),
                    "io_get_req: every request from the slab (8 at a time in bulk within a submission) and back to it when"
                        + " its last reference goes; two locked puts, a credential reference and a ctx reference per request",
                    ctx -> new SlabRequestAllocation(ctx.reqCachep(), ctx.counters(), ctx.trace()));
        }
    }
}
