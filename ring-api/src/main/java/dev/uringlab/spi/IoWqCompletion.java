package dev.uringlab.spi;

/**
 * Era axis {@code iowq-complete}: where a request that completed on an io-wq worker posts its
 * CQE. No seed patches it; the kernels differ by the ring's setup flags, and seed 003's
 * FORCE_ASYNC race runs in one where the worker posts (5.6). One instance per ring, called
 * on an io-wq worker thread, without {@code uring_lock}.
 */
public interface IoWqCompletion {

    /**
     * io_req_complete_post on an io-wq worker, for {@code req}, which completed there and did
     * not fail. Either post its CQE now, from the worker, under the completion lock
     * ({@link CompletionContext#lock()}, {@link CompletionContext#ioFillCqeReq},
     * {@link CompletionContext#ioCommitCqring}, unlock, then
     * {@link CompletionContext#ioCqringEvPosted}), and return true: the engine then keeps the
     * chain on the worker (io_wq_free_work hands the worker the next member) and gives the
     * request back to the owner through the locked free list; or return false, posting
     * nothing: the engine completes the request on the owner through task work
     * (io_req_task_complete), and a next member is queued from there.
     *
     * @param setupFlags the ring's IORING_SETUP_* flags: DEFER_TASKRUN and IOPOLL make the CQ
     *     the owner's alone in the kernels that punt
     */
    boolean ioReqCompletePost(CompletionContext cq, IoKiocb req, int setupFlags);

    /**
     * io_wq_free_work's io_free_req, once the worker is done with a request it posted: true when
     * the request goes back to the owner through task work (io_req_task_complete with
     * REQ_F_CQE_SKIP: "io_uring: io_free_req() via tw", Pavel Begunkov, v2 of 2023-04-04,
     * {@code <3a92fe80bb068757e51aaa0b105cfbe8f5dfee9e.1680576071.git.asml.silence@gmail.com>},
     * merged for 6.4; 6.18.2 io_uring.c:1082-1090), false when the worker puts it on
     * ctx->locked_free_list under the completion lock (5.11 to 6.3; 6.1 io_uring.c:968-980).
     */
    default boolean ioFreeReqViaTaskWork() {
        return false;
    }

    /**
     * Whether io-wq holds a reference of its own on a request while a worker runs it (5.5 and
     * 5.6: {@code wq->get_work} and {@code wq->put_work}, io_get_work and io_put_work, v5.6
     * fs/io_uring.c:5935-5947, called at v5.6.4 fs/io-wq.c:505-508 and 467-468). Then a worker
     * never keeps a chain: after the request ran, io-wq's put is its last reference, which frees
     * it on the worker and queues the chain's next member to io-wq (io_put_work -> io_put_req ->
     * io_free_req -> io_queue_async_work -> io_wq_enqueue, fs/io_uring.c:1466-1475, 975-993),
     * and the engine runs that kernel's io-wq (io_wqe_enqueue and io_worker_handle_work as in
     * v5.6.4 fs/io-wq.c:761-787, 443-536). Default false: the worker hands the request back and
     * runs the next member itself (io_wq_free_work).
     */
    default boolean ioWqWorkRefs() {
        return false;
    }

    /**
     * Whether io-wq is v6.18.2's (io_uring/io-wq.c): each {@code struct io_wq_acct} holds its work
     * list under {@code acct->lock}, its free list under {@code acct->workers_lock}, and a worker runs
     * io_worker_handle_work with {@code worker->lock} around {@code cur_work}; the engine then
     * traces a worker's steps per work (io_wq_enqueue, io_wq_worker's loop, io_wq_submit_work,
     * io_wq_free_work) in deterministic mode. Default false: another io-wq (6.1's {@code struct
     * io_wqe}, with {@code wqe->lock} around the free list) whose steps the engine does not trace,
     * or 5.6's ({@link #ioWqWorkRefs()}), which it does.
     */
    default boolean ioWqAcctWorkers() {
        return false;
    }
}
