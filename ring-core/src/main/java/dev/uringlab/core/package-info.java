/**
 * The emulated kernel: ring engine {@code emulated}
 * ({@link dev.uringlab.core.EmulatedRingProvider}), one engine configured by one strategy per
 * SPI axis. The application drives it exactly as it drives the real kernel: ring-api's
 * {@code SubmissionQueue}/{@code CompletionQueue} run unchanged on the memory laid out here
 * ({@code IoRings}: {@code struct io_rings} with head/tail on separate cache lines, the SQ
 * array, the CQE array, and a separate SQE array, published through {@code RingOffsets}).
 *
 * <h2>What is emulated, and after which kernel</h2>
 * <table>
 *   <caption>Paths and the kernel each follows</caption>
 *   <tr><th>path</th><th>kernel</th><th>where</th></tr>
 *   <tr><td>io_uring_setup: sizes (1..32768, power of two, CQ = 2 x SQ or CQSIZE up to 65536, CLAMP),
 *       features NODROP | SUBMIT_STABLE | FAST_POLL | POLL_32BITS (+ CQE_SKIP when the link-cqe strategy says so)</td>
 *       <td>6.1</td><td>{@code EmulatedRingProvider}</td></tr>
 *   <tr><td>io_submit_sqes, io_get_sqe (dropped SQE stops the batch), io_init_req, io_submit_sqe,
 *       io_submit_fail_init (a failing SQE stops submission and is counted, unless it carries a link
 *       flag: then its chain is failed), IORING_SETUP_SUBMIT_ALL</td><td>6.1 - 6.18</td><td>{@code IoRingCtx}</td></tr>
 *   <tr><td>io_queue_sqe, io_queue_sqe_fallback, io_issue_sqe (-EBADF at issue), io_req_defer_failed</td>
 *       <td>6.1</td><td>{@code IoRingCtx}</td></tr>
 *   <tr><td>links: next member queued from io_free_batch_list (io_queue_next, task work); io_fail_links with
 *       the cancelled members completed in one task work (io_req_tw_fail_links), a member that failed at init
 *       keeping its own error</td><td>6.6+</td><td>{@code IoRingCtx}</td></tr>
 *   <tr><td>drain: io_init_drain, io_drain_req, io_queue_deferred counting requests in flight
 *       (nr_req_allocated vs nr_drained)</td><td>6.16</td><td>{@code IoRingCtx}</td></tr>
 *   <tr><td>completion batching: compl_reqs of IO_COMPL_BATCH (flushed when full), flushed at the end of a
 *       submission batch and of a task-work run; every CQE through the {@code completion} strategy</td>
 *       <td>5.15 array, 6.1 flush</td><td>{@code ComplReqs}, {@code IoRingCtx}</td></tr>
 *   <tr><td>CQ: cached_cq_tail, io_get_cqe with the cached free range, io_commit_cqring (release store),
 *       overflow list (FIFO, IORING_SQ_CQ_OVERFLOW, new CQEs behind it, flushed in order on GETEVENTS),
 *       ev_posted = io_cqring_wake + io_eventfd_flush_signal</td><td>6.1</td><td>{@code IoCqRing}</td></tr>
 *   <tr><td>task work: io_req_task_work_add onto a JCTools MPSC queue, run in rounds (llist_del_all), with a
 *       completion flush after each round; run at every enter, in io_cqring_wait, and on return from every
 *       system call of the owner</td><td>6.1 (tctx_task_work)</td><td>{@code IoRingCtx}</td></tr>
 *   <tr><td>io-wq: bounded pool of worker threads (io_wq_enqueue, io_wq_submit_work); completions come back as
 *       task work, as with a lockless CQ (DEFER_TASKRUN rings); deterministic mode runs the work inline</td>
 *       <td>6.1</td><td>{@code IoWq}</td></tr>
 *   <tr><td>poll: __io_arm_poll_handler, io_poll_wake (EPOLL_URING_WAKE makes multishot single-shot),
 *       io_poll_task_func with aux CQEs, io_poll_remove (remove's CQE, then the target's, via task work)</td>
 *       <td>6.1, remove order 6.9+</td><td>{@code IoPoll}</td></tr>
 *   <tr><td>FAST_POLL: a READ/WRITE that gets -EAGAIN arms an internal single-shot poll
 *       (io_arm_poll_handler) and is issued again from io_apoll_task_func, up to APOLL_MAX_RETRY arms;
 *       from io-wq a forced-async READ/WRITE does the same instead of blocking the worker</td>
 *       <td>6.1 + 2022 retry limit</td><td>{@code IoPoll}, {@code IoRingCtx}</td></tr>
 *   <tr><td>files: pipe2(O_NONBLOCK) with rd_wait/wr_wait, eventfd(0, EFD_NONBLOCK), READ/WRITE on them
 *       (they support nowait, so io_rw_init_file leaves REQ_F_NOWAIT clear and an empty pipe read waits;
 *       a short transfer fails the link)</td><td>6.1</td><td>{@code fs}</td></tr>
 *   <tr><td>io_uring_enter and io_cqring_wait (parks on cq_wait in threaded mode; never blocks in
 *       deterministic mode: returns 0, or -ETIME for a timed wait)</td><td>6.1</td><td>{@code IoRingCtx}</td></tr>
 * </table>
 *
 * <h2>Threads and orderings</h2>
 * The ring owner (the thread of the last enter) holds {@code uring_lock} for every enter and
 * task-work run, so the submission and completion state, the strategies and the plain counters
 * have one writer. io-wq workers and wakers on other threads reach it only through the task-work
 * queue. Ring indexes use ring-api's {@code RingMemory}: the kernel side load-acquires the SQ
 * tail and the CQ head ({@code lv}), release-stores the SQ head and the CQ tail ({@code so}),
 * and owns {@code cached_cq_tail} and {@code cached_sq_head} as plain fields.
 *
 * <h2>Counters</h2>
 * Bumped where the work is done: ENTER, SQE_SUBMITTED, REQ_ALLOC and REQ_FREE by the engine (one
 * per request handed to or taken back from the {@code req-alloc} strategy); REQ_SLAB_* and
 * BIO_SLAB_* by the slabs; COMPLETION_LOCK, CQE_FILLED, CQ_COMMIT, EV_POSTED, EVENTFD_SIGNAL,
 * CQ_OVERFLOW, CQ_OVERFLOW_FLUSHED by the CQ primitives; WAITQUEUE_* by the waitqueues (atomic);
 * TASK_WORK_QUEUED (atomic) and TASK_WORK_RUN by task work; IO_WQ_ENQUEUE by io-wq. Strategies
 * count only what is theirs (e.g. AUX_CQE_DEFERRED, cache hits).
 *
 * <h2>Not emulated</h2>
 * SQPOLL and IOPOLL (refused at setup), registered files and buffers (IOSQE_FIXED_FILE fails with
 * -EBADF, IOSQE_BUFFER_SELECT with -EOPNOTSUPP), poll updates, RWF_* flags, opcodes other than
 * NOP, READ, WRITE, POLL_ADD, POLL_REMOVE (-EINVAL), the block layer (only the bio slab exists).
 *
 * <p>May not: depend on anything but ring-api and JCTools; import a strategy (they are found by
 * {@link dev.uringlab.spi.Strategies}); post a CQE except through the {@code completion} strategy.
 */
package dev.uringlab.core;
