package dev.uringlab.spi;

import java.util.ArrayDeque;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Axis {@code req-alloc}: where requests come from and go back to (seed 001). One instance
 * per ring, called only by the ring owner's thread with {@code ctx->uring_lock} held, except
 * {@link #ioGetWork} and {@link #ioPutReqOnWorker}, which an io-wq worker calls. The
 * slab is {@link StrategyContext#reqCachep()}; every request handed out is clean (the engine
 * re-initialises it in io_init_req), so io_preinit_req has nothing left to do here.
 *
 * <p>The engine calls {@link #ioSubmitStateStart} and {@link #ioSubmitStateEnd} around each
 * io_submit_sqes, {@link #ioAllocReq} once per SQE it consumes, {@link #ioFreeBatchList}
 * once per flushed completion batch (after it queued each request's next link member and
 * dropped its file: io_queue_next and io_dismantle_req), {@link #ioFreeReq} for a request
 * freed outside a batch, and {@link #ioReqCachesFree} once at ring exit, after which every
 * request this allocation ever took from the slab must be back there.
 */
public interface RequestAllocation {
    /** IO_REQ_ALLOC_BATCH (5.15 and 5.16): requests per kmem_cache_alloc_bulk of a refill. */
    int IO_REQ_ALLOC_BATCH = 8;

    /** io_alloc_req: a request for the submission path; never one that is still live. */
    IoKiocb ioAllocReq();

    /**
     * io_free_req: one request is done outside a completion batch. In 5.15 and 5.16 this is
     * __io_free_req, which puts it on {@code ctx->locked_free_list} under the completion
     * lock ({@link LockedFreeList}). The engine calls it for a request whose SQE was dropped,
     * where the kernel puts the request straight back on the submit-side free list instead.
     */
    void ioFreeReq(IoKiocb req);

    /** io_free_batch_list (5.16) / io_req_free_batch per request (5.15): every request of a flushed completion batch is done. */
    void ioFreeBatchList(CompletionBatch batch);

    /** io_req_caches_free, at ring exit: give every request still held back to the slab. */
    void ioReqCachesFree();

    /**
     * {@code ARRAY_SIZE(submit_state.compl_reqs)} where the submit state this allocation belongs to
     * keeps its completion batch in an array, or 0 where it keeps a list. 5.12 to 5.15's
     * io_submit_state held two arrays, {@code reqs[IO_REQ_CACHE_SIZE]} (this axis's baseline) and
     * {@code compl_reqs[IO_COMPL_BATCH]} (v5.15 fs/io_uring.c:314, 322), and a request that joined
     * the batch flushed it when it was full (:2668-2670, :6968-6970); the rework of 2021-09-24 that
     * gave for-5.16 its free-list stack made compl_reqs a singly linked list too (5.16.10 :318,
     * :1558; v6.1-rc7 include/linux/io_uring_types.h:171, io_uring/io_uring.h:319), flushed only at
     * the end of a submission or a task-work run. 0 by default: a list.
     */
    default int complReqsArraySize() {
        return 0;
    }

    /**
     * io_submit_sqes is about to consume {@code nr} SQEs (io_submit_state_start). Up to the
     * for-5.16 tree of 2021-10-04 every request held a reference to the ring's context, taken
     * here for the whole submission ({@code percpu_ref_tryget_many(&ctx->refs, nr)}); seed 001
     * moved it to the refill. 5.6 also sizes its bulk allocations from {@code nr}
     * ({@code state->ios_left}). Nothing by default.
     */
    default void ioSubmitStateStart(int nr) {
    }

    /**
     * io_submit_sqes consumed {@code submitted} of the {@code nr} SQEs it was given (the end of
     * its loop): the kernels that take the ctx references at submission give back those of the
     * SQEs not consumed ({@code percpu_ref_put_many}); 5.6's io_submit_state_end gives the
     * requests it allocated and did not use back to the slab. Nothing by default.
     */
    default void ioSubmitStateEnd(int submitted) {
    }

    /**
     * A linked or forced-async request is prepared for a possible punt to io-wq
     * (io_req_defer_prep). 5.6 takes the submitter's environment for the worker there
     * (io_req_work_grab_env: its credentials and pid), which the request drops when it is freed;
     * from 5.10 on a NOP takes nothing here.
     */
    default void ioReqDeferPrep(IoKiocb req) {
    }

    /**
     * io-wq's own reference on {@code req}, taken on the worker before it runs the request (5.5
     * and 5.6: {@code wq->get_work}, io_get_work's {@code refcount_inc(&req->refs)}, v5.6
     * fs/io_uring.c:5942-5946, called at v5.6.4 fs/io-wq.c:505-508), when the
     * {@code iowq-complete} strategy says io-wq holds one ({@link IoWqCompletion#ioWqWorkRefs()}).
     * Called on the io-wq worker, without {@code uring_lock}. Nothing by default: requests whose
     * references are not counted.
     */
    default void ioGetWork(IoKiocb req) {
    }

    /**
     * One io_put_req of a request that an io-wq worker runs or ran, on that worker (5.6: io_nop's
     * after its CQE, io_wq_submit_work's submission reference, and io-wq's own through
     * io_put_work), when io-wq holds a reference ({@link IoWqCompletion#ioWqWorkRefs()}); the
     * last frees the request there, to the slab from the worker's CPU (__io_free_req). Called
     * without {@code uring_lock}, so an allocation that frees here must be safe from any thread.
     *
     * @return true when this put freed the request; false while references remain, and always
     *     false (the default, which drops nothing) for an allocation whose requests only the ring
     *     owner frees: the engine then hands the request back to the owner when io-wq is done
     */
    default boolean ioPutReqOnWorker(IoKiocb req) {
        return false;
    }

    /**
     * {@code ctx->locked_free_list} and {@code ctx->locked_free_nr} (5.15 and 5.16): requests
     * freed outside {@code uring_lock} wait here, under the completion lock, until the
     * submission side takes them all at once (io_flush_cached_locked_reqs), which it does
     * only when more than IO_COMPL_BATCH are waiting. The list is LIFO (list_add /
     * wq_list_add_head at the head).
     *
     * <p>The lock stands in for {@code ctx->completion_lock}, which a strategy is not handed at
     * creation; in the emulator only the ring owner frees outside a batch, so it is never
     * contended, and its cost is the uncontended lock round trip the kernel pays too.
     * {@link #lockedFreeNr()} is the unlocked READ_ONCE of the count; the count is written
     * under the lock.
     */
    final class LockedFreeList {
        /** IO_COMPL_BATCH: the submission side takes the list only when more than this many wait there. */
        public static final int IO_COMPL_BATCH = 32;

        private final ReentrantLock completionLock = new ReentrantLock();
        private final ArrayDeque<IoKiocb> list = new ArrayDeque<>();
        private final Counters counters;
        /** ctx->locked_free_nr: sv under the lock, lv outside it. */
        private volatile int lockedFreeNr;

        public LockedFreeList(Counters counters) {
            this.counters = counters;
        }

        /** __io_free_req's tail: lock, add at the head, count, unlock. */
        public void add(IoKiocb req) {
            completionLock.lock();
            try {
                list.push(req);
                lockedFreeNr = lockedFreeNr + 1;
            } finally {
                completionLock.unlock();
            }
            counters.inc(Counter.REQ_LOCKED_FREE);
        }

        /** READ_ONCE(ctx->locked_free_nr): a hint, read without the lock. */
        public int lockedFreeNr() {
            return lockedFreeNr;
        }

        /**
         * io_flush_cached_locked_reqs: under the lock, move every waiting request onto the head
         * of the submit-side free list {@code into} (list_splice_init in 5.15, wq_list_splice in
         * 5.16, both one pointer splice; here one move per request), and zero the count.
         */
        public void ioFlushCachedLockedReqs(ArrayDeque<IoKiocb> into) {
            completionLock.lock();
            try {
                for (IoKiocb req; (req = list.pollLast()) != null; ) {
                    into.push(req);
                }
                lockedFreeNr = 0;
            } finally {
                completionLock.unlock();
            }
            counters.inc(Counter.REQ_LOCKED_FLUSH);
        }
    }
}
