/**
 * The emulated kernel: ring engine {@code emulated}
 * ({@link dev.uringlab.core.EmulatedRingProvider}), one engine configured by one strategy per
 * SPI axis. The application drives it exactly as it drives the real kernel: ring-api's
 * {@code SubmissionQueue}/{@code CompletionQueue} run unchanged on the memory laid out here
 * ({@code IoRings}: {@code struct io_rings} with head/tail on separate cache lines, the SQ
 * array, the CQE array, and a separate SQE array, published through {@code RingOffsets}).
 *
 * <h2>Where each kernel file lives</h2>
 * One class per file of the kernel's io_uring/ (and of the kernel around it), named so that a
 * reader of one finds the other; each class's javadoc names the functions it holds.
 * <table>
 *   <caption>Kernel file to class</caption>
 *   <tr><th>kernel</th><th>class</th><th>what</th></tr>
 *   <tr><td>io_uring/io_uring.c (ctx, enter)</td><td>{@code IoRingCtx}, {@code SubmitState}</td>
 *       <td>struct io_ring_ctx, io_uring_enter, io_ring_ctx_free; struct io_submit_state</td></tr>
 *   <tr><td>io_uring/io_uring.c (submit)</td><td>{@code IoSubmit}</td>
 *       <td>io_submit_sqes, io_get_sqe, io_init_req, io_submit_sqe, io_submit_fail_init</td></tr>
 *   <tr><td>io_uring/io_uring.c (issue)</td><td>{@code IoIssue}</td>
 *       <td>io_queue_sqe, io_queue_async, io_queue_sqe_fallback, io_issue_sqe, io_wq_submit_work</td></tr>
 *   <tr><td>io_uring/io_uring.c (complete)</td><td>{@code IoComplete}</td>
 *       <td>req_set_fail, io_req_complete_defer, io_submit_flush_completions, io_free_batch_list</td></tr>
 *   <tr><td>io_uring/io_uring.c (drain)</td><td>{@code IoDrain}</td>
 *       <td>io_init_req_drain, io_drain_req, io_queue_deferred</td></tr>
 *   <tr><td>io_uring/io_uring.c (CQ)</td><td>{@code IoCqRing}, {@code IoCqOverflow}, {@code IoRings}</td>
 *       <td>io_get_cqe, io_fill_cqe_*, io_commit_cqring, ev_posted; the overflow list
 *       (io_cqring_event_overflow, __io_cqring_overflow_flush); struct io_rings</td></tr>
 *   <tr><td>io_uring/opdef.c</td><td>{@code OpDef}</td><td>io_issue_defs: one entry per opcode</td></tr>
 *   <tr><td>io_uring/nop.c</td><td>{@code IoNop}</td><td>io_nop_prep, io_nop</td></tr>
 *   <tr><td>io_uring/rw.c</td><td>{@code IoRw}</td><td>io_prep_rw, io_read, io_write, io_rw_init_file, io_complete_rw(_iopoll),
 *       io_iopoll_req_issued, io_do_iopoll, io_iopoll_check; the CQ side of io_iopoll_complete
 *       ({@code IopollCompletion})</td></tr>
 *   <tr><td>io_uring/rsrc.c, filetable.c (fs/io_uring.c in 5.14)</td><td>{@code IoRsrc}</td>
 *       <td>registered files and buffers: io_file_get_fixed, io_import_fixed, the resource node's percpu ref</td></tr>
 *   <tr><td>io_uring/poll.c</td><td>{@code IoPoll}, {@code IoPollOps}</td>
 *       <td>struct io_poll, __io_arm_poll_handler, io_poll_wake, io_poll_task_func; POLL_ADD/REMOVE prep and issue</td></tr>
 *   <tr><td>io_uring/timeout.c (its link half; no timeout is emulated), io_uring.c</td><td>{@code IoLinks}</td><td>io_queue_next, io_disarm_next, io_fail_links, io_req_tw_fail_links</td></tr>
 *   <tr><td>io_uring/tctx.c, tw.c</td><td>{@code IoUringTask}</td><td>struct io_uring_task, io_req_task_work_add, tctx_task_work</td></tr>
 *   <tr><td>io_uring/wait.c</td><td>{@code IoWait}</td><td>io_cqring_wait</td></tr>
 *   <tr><td>io_uring/io-wq.c</td><td>{@code IoWq}</td><td>io_wq_enqueue, the workers</td></tr>
 *   <tr><td>fs/io-wq.c (5.6)</td><td>{@code IoWqe}</td><td>struct io_wqe: io_wqe_enqueue, io_wqe_worker, io_worker_handle_work, get_work/put_work</td></tr>
 *   <tr><td>io_uring/io-wq.c (6.18, deterministic mode)</td><td>{@code IoWqAcct}</td><td>struct io_wq_acct: io_wq_enqueue, io_wq_worker, io_worker_handle_work, io_assign_current_work, traced</td></tr>
 *   <tr><td>io_uring/register.c (eventfd), mm</td><td>{@code EmulatedRing}, {@code EmulatedRingProvider}</td>
 *       <td>io_uring_setup, io_eventfd_register, the application's ring</td></tr>
 *   <tr><td>mm/slub.c</td><td>{@code mm.SlabCache}, {@code mm.CpuSlab}, {@code mm.KmemCacheNode}</td><td>kmem_cache_alloc, kmem_cache_alloc_bulk, kmem_cache_free:
 *       SLUB's per-CPU freelist and its slow paths (see its package-info)</td></tr>
 *   <tr><td>block/ (bio.c, blk-core.c, fops.c), drivers/block/null_blk</td><td>{@code block.*}</td>
 *       <td>bio, bio_set, kiocb, submit_bio, bio_poll, the null_blk device (see its package-info)</td></tr>
 *   <tr><td>fs/pipe.c, fs/eventfd.c, fs/file_table.c</td><td>{@code fs.Pipe}, {@code fs.EventFd}, {@code fs.FileTable}</td><td>the files</td></tr>
 *   <tr><td>kernel/sched/wait.c, spinlock</td><td>{@code sync.WaitQueueHead}, {@code sync.SpinLock}</td><td>waitqueues, the completion lock</td></tr>
 * </table>
 *
 * <h2>What is emulated, and after which kernel</h2>
 * <table>
 *   <caption>Paths and the kernel each follows</caption>
 *   <tr><th>path</th><th>kernel</th><th>where</th></tr>
 *   <tr><td>io_uring_setup: sizes (1..32768, power of two, CQ = 2 x SQ or CQSIZE up to 65536, CLAMP),
 *       features NODROP | SUBMIT_STABLE | FAST_POLL | POLL_32BITS (+ CQE_SKIP when the link-cqe strategy says so)</td>
 *       <td>6.1</td><td>{@code EmulatedRingProvider}</td></tr>
 *   <tr><td>IORING_OP_NOP: INJECT_RESULT, and where the {@code nop-flags} strategy takes them 6.13's
 *       NOP_FILE (io_file_get_normal's fget, fput at the free), NOP_FIXED_FILE and NOP_FIXED_BUFFER
 *       (io_file_get_fixed, io_find_buf_node: 6.13's per-slot resource nodes, a plain refcount), and
 *       6.17's NOP_TW (completion through io_req_task_work_add); a failed lookup's error in the CQE, as the
 *       6.18 stable releases post it</td><td>6.18</td><td>{@code IoNop}, {@code IoRsrc}, {@code IoIssue}</td></tr>
 *   <tr><td>io_submit_sqes, io_get_sqe (dropped SQE stops the batch), io_init_req, io_submit_sqe,
 *       io_submit_fail_init (a failing SQE stops submission and is counted, unless it carries a link
 *       flag: then its chain is failed), IORING_SETUP_SUBMIT_ALL</td><td>6.1 - 6.18</td><td>{@code IoSubmit}</td></tr>
 *   <tr><td>io_queue_sqe, io_queue_sqe_fallback, io_issue_sqe (-EBADF at issue), io_req_defer_failed</td>
 *       <td>6.1</td><td>{@code IoIssue}, {@code IoComplete}</td></tr>
 *   <tr><td>links: the {@code link-advance} strategy issues the next member inline after an inline completion
 *       (5.6's __io_queue_sqe) or leaves it to io_free_batch_list (io_queue_next, task work); a failure always
 *       takes the latter way; io_fail_links with
 *       the cancelled members completed in one task work (io_req_tw_fail_links), a member that failed at init
 *       keeping its own error</td><td>6.6+</td><td>{@code IoLinks}</td></tr>
 *   <tr><td>drain: io_init_drain, io_drain_req, io_queue_deferred counting requests in flight
 *       (nr_req_allocated vs nr_drained); {@code drain_disabled} is ring state, set when the link-cqe
 *       strategy says a request may suppress its CQE</td><td>6.16</td><td>{@code IoDrain}, {@code IoSubmit}</td></tr>
 *   <tr><td>completion batching: compl_reqs flushed at the end of a submission batch and of a task-work run,
 *       and, where the {@code req-alloc} strategy's kernel kept it in an array of IO_COMPL_BATCH (5.12-5.15),
 *       when a request joining inline or from task work fills it; every CQE through the {@code completion}
 *       strategy</td><td>6.1 list, 5.15 array</td><td>{@code SubmitState}, {@code IoComplete}</td></tr>
 *   <tr><td>CQ: cached_cq_tail, io_get_cqe (the {@code get-cqe} strategy: 6.1's cached free range, or 5.x's head
 *       load per CQE), io_commit_cqring (release store),
 *       overflow list (FIFO, IORING_SQ_CQ_OVERFLOW, new CQEs behind it, flushed in order on GETEVENTS),
 *       ev_posted through the {@code ev-posted} strategy (6.1: io_eventfd_flush_signal + io_cqring_wake;
 *       5.6: waitqueue_active + eventfd_signal)</td><td>6.1</td><td>{@code IoCqRing}</td></tr>
 *   <tr><td>task work: io_req_task_work_add onto the {@code task-work} strategy's list (6.1: a lock-free llist;
 *       5.14/5.15: under tctx->task_lock), run in rounds (llist_del_all), with a completion flush after each round;
 *       run at every enter, in io_cqring_wait, and on return from every system call of the owner; a
 *       DEFER_TASKRUN ring's instead on ctx->work_llist, whose first add signals the eventfd, run only by an
 *       io_uring_enter with GETEVENTS (after its submission, and in io_cqring_wait)</td>
 *       <td>6.1 (tctx_task_work, __io_run_local_work)</td><td>{@code IoUringTask}, {@code IoLocalWork}</td></tr>
 *   <tr><td>io-wq: bounded pool of worker threads (io_wq_enqueue, io_wq_submit_work); a completion is posted by
 *       the worker under the completion lock, which keeps the chain (io_wq_free_work) and hands the request back
 *       through the locked free list, or goes to the owner's task work, as the {@code iowq-complete} strategy
 *       decides from the ring's flags (failures and drain always go to the owner); deterministic mode runs the
 *       work inline (6.18's with its worker's steps traced, {@code IoWqAcct}). 5.6's io-wq ({@code iowq-complete=put-work}): a reference of io-wq's own per work, whose
 *       put frees the request on the worker and queues the chain's next member to the work list again</td>
 *       <td>6.1, 6.18; 5.6</td><td>{@code IoWq}, {@code IoWqAcct}; {@code IoWqe}</td></tr>
 *   <tr><td>poll: __io_arm_poll_handler, io_poll_wake (EPOLL_URING_WAKE makes multishot single-shot),
 *       io_poll_task_func with aux CQEs, io_poll_remove (remove's CQE, then the target's, via task work)</td>
 *       <td>6.1, remove order 6.9+</td><td>{@code IoPoll}</td></tr>
 *   <tr><td>FAST_POLL: a READ/WRITE that gets -EAGAIN arms an internal single-shot poll
 *       (io_arm_poll_handler) and is issued again from io_apoll_task_func, up to APOLL_MAX_RETRY arms;
 *       from io-wq a forced-async READ/WRITE does the same instead of blocking the worker</td>
 *       <td>6.1 + 2022 retry limit</td><td>{@code IoPoll}, {@code IoIssue}</td></tr>
 *   <tr><td>files: pipe2(O_NONBLOCK) with rd_wait/wr_wait, eventfd(0, EFD_NONBLOCK), READ/WRITE on them
 *       (they support nowait, so io_rw_init_file leaves REQ_F_NOWAIT clear and an empty pipe read waits;
 *       a short transfer fails the link)</td><td>6.1</td><td>{@code fs}</td></tr>
 *   <tr><td>io_uring_enter and io_cqring_wait (parks on cq_wait in threaded mode; never blocks in
 *       deterministic mode: returns 0, or -ETIME for a timed wait)</td><td>6.1</td><td>{@code IoRingCtx}, {@code IoWait}</td></tr>
 *   <tr><td>IORING_SETUP_IOPOLL: io_init_req refuses an opcode without {@code iopoll} in its
 *       {@code OpDef} (-EINVAL); READ/WRITE refuse a file that is not an O_DIRECT block device (-EOPNOTSUPP),
 *       set IOCB_HIPRI | IOCB_ALLOC_CACHE and go on ctx->iopoll_list; GETEVENTS reaps through
 *       io_iopoll_check / io_do_iopoll (the completed prefix of the list, flushed as one batch)</td>
 *       <td>5.15 flags, 6.6 reaping</td><td>{@code IoSubmit}, {@code IoRw}</td></tr>
 *   <tr><td>block devices: O_DIRECT READ/WRITE with ki_pos = sqe->off (end of device: read 0 / short,
 *       write -ENOSPC / short; unaligned -EINVAL; a polled bio on a device without poll queues -EOPNOTSUPP),
 *       one bio per IO from the ring's bio_set, completion by polling (poll queues) or by the device's IRQ
 *       thread through task work</td><td>6.1 (block/fops.c), 6.18 (the polled-bio check)</td>
 *       <td>{@code IoRw}, {@code block}</td></tr>
 * </table>
 *
 * <h2>Threads and orderings</h2>
 * The ring owner (the thread of the last enter) holds {@code uring_lock} for every enter and
 * task-work run, so the submission and completion state, the strategies and the plain counters
 * have one writer. io-wq workers, wakers and block devices' IRQ threads on other threads reach it
 * through the task-work queue, with three exceptions, all as the kernel has them: a worker may
 * post its own CQE under the completion lock (every CQ primitive asserts that lock; the counters
 * it bumps there are ordered by it, the ev_posted ones are {@code incShared}), and gives the
 * request back through the lock-free locked free list the owner drains; and an IOPOLL request
 * ended by an interrupt is marked through {@code iopoll_completed}, a release store the reaper
 * load-acquires. The {@code bio-alloc} strategy is the one strategy also called from an IRQ
 * thread (bio_put), and states its rule. Ring indexes use ring-api's {@code RingMemory}: the kernel side load-acquires the SQ
 * tail and the CQ head ({@code lv}), release-stores the SQ head and the CQ tail ({@code so}),
 * and owns {@code cached_cq_tail} and {@code cached_sq_head} as plain fields.
 *
 * <h2>Counters</h2>
 * Bumped where the work is done: ENTER, SQE_SUBMITTED, REQ_ALLOC and REQ_FREE by the engine (one
 * per request handed to or taken back from the {@code req-alloc} strategy); REQ_SLAB_* and
 * BIO_SLAB_* by the slabs; COMPLETION_LOCK, CQE_FILLED, CQ_COMMIT, EV_POSTED, EVENTFD_SIGNAL,
 * CQ_OVERFLOW, CQ_OVERFLOW_FLUSHED by the CQ primitives; WAITQUEUE_* by the waitqueues and
 * TASK_WORK_QUEUED by task work, WAITQUEUE_LOCK by each waitqueue head's lock, EV_POSTED and EVENTFD_SIGNAL
 * (an io-wq worker may post), all with {@code incShared} (plain on the owner's thread,
 * an atomic kept apart on any other); TASK_WORK_RUN by task work; IO_WQ_ENQUEUE by io-wq (with incShared:
 * 5.6's workers enqueue too).
 * The block layer counts BIO_ALLOC and BIO_PUT (the bio_set), BIO_SUBMIT (submit_bio),
 * BIO_IRQ_COMPLETE (the device's interrupt) and the bio slab's BIO_SLAB_* with {@code incShared},
 * since a device's IRQ thread ends and puts bios; IOPOLL_LOOP counts io_do_iopoll passes.
 * Strategies count only what is theirs (e.g. AUX_CQE_DEFERRED, cache hits).
 *
 * <h2>Trace</h2>
 * Every step above emits a {@link dev.uringlab.spi.trace.TracePoint} named after its kernel
 * function, through the ring's {@link dev.uringlab.spi.trace.Trace}: {@code Trace.OFF} unless the
 * ring's config names a sink, and compiled out entirely unless the JVM runs with
 * {@code -Duringlab.trace=true}.
 *
 * <h2>Not emulated</h2>
 * SQPOLL (refused at setup), provided buffers (IOSQE_BUFFER_SELECT fails with -EOPNOTSUPP),
 * updating or unregistering registered files and buffers (they go with the ring: {@code IoRsrc}),
 * poll updates, RWF_* flags, opcodes other than NOP, READ, WRITE, READ_FIXED, WRITE_FIXED,
 * POLL_ADD, POLL_REMOVE (-EINVAL), the page cache (block devices are O_DIRECT only).
 *
 * <p>May not: depend on anything but ring-api and JCTools; import a strategy (they are found by
 * {@link dev.uringlab.spi.Strategies}); post a CQE except through the {@code completion} strategy.
 */
package dev.uringlab.core;
