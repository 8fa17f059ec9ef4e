package dev.uringlab.spi.trace;

import java.util.List;

/**
 * Every step the emulated kernel traces, named after the kernel function that takes it. Each
 * point says which part of io_uring it belongs to ({@link Area}) and what its numeric
 * arguments mean, in order; an event may also name a subject (a waitqueue, a slab cache).
 * The engine and the strategies emit them through {@link Trace}; demos and differential
 * tests read them as {@link TraceEvent}s.
 *
 * <p>Argument names follow one convention so that a renderer needs no per-point code:
 * {@code ud} user_data, {@code op} an opcode, {@code res} a result, {@code cflags} CQE flags,
 * {@code mask}/{@code events}/{@code key} poll bits, {@code tail}/{@code head} ring indexes.
 */
public enum TracePoint {
    // ---- io_uring_enter and submission (io_uring.c) ----
    /** io_uring_enter(2) is called. */
    IO_URING_ENTER("io_uring_enter", Area.SUBMIT, StepKind.SYSCALL, "to_submit", "min_complete", "flags"),
    /** io_get_sqe: one SQE consumed; {@code sq_head} is ctx->cached_sq_head after it. */
    IO_GET_SQE("io_get_sqe", Area.SUBMIT, "sq_head", "index"),
    /** io_commit_sqring: the SQ head is release-stored for the application. */
    IO_COMMIT_SQRING("io_commit_sqring", Area.SUBMIT, StepKind.SHARED_WRITE, "sq_head"),
    /** io_init_req: the SQE is read into a request. */
    IO_INIT_REQ("io_init_req", Area.SUBMIT, "ud", "op", "flags"),
    /** io_submit_fail_init: the request failed at init; submission stops unless it is linked. */
    IO_SUBMIT_FAIL_INIT("io_submit_fail_init", Area.SUBMIT, "ud", "res"),
    /** io_submit_sqe: the request joins the link chain being assembled. */
    IO_LINK_CHAIN_ADD("io_submit_sqe: link", Area.LINK, "ud", "head"),
    /** io_submit_fail_init (6.x): a request that failed at init still joins the chain being assembled ({@code link->last->link = req}). */
    IO_SUBMIT_FAIL_INIT_LINK("io_submit_fail_init: link", Area.LINK, "ud", "head"),

    // ---- request lifetime ----
    /** io_alloc_req: the req-alloc strategy handed out a request. */
    IO_ALLOC_REQ("io_alloc_req", Area.REQ, "in_flight"),
    /** io_free_batch_list: a flushed batch of requests is given back. */
    IO_FREE_BATCH_LIST("io_free_batch_list", Area.REQ, "nr"),
    /** io_req_free_batch_finish (5.10 - 5.15, io_iopoll_complete's free): {@code nr} requests given back in one batch. */
    IO_REQ_FREE_BATCH_FINISH("io_req_free_batch_finish", Area.REQ, "nr"),
    /** io_flush_cached_reqs (5.15): {@code nr} freed requests moved from submit_state's free list into its reqs[] array. */
    IO_FLUSH_CACHED_REQS("io_flush_cached_reqs", Area.REQ, "nr"),
    /** io_free_req: one request is given back outside a batch. */
    IO_FREE_REQ("io_free_req", Area.REQ, "ud"),
    /** kmem_cache_alloc from the named slab. */
    KMEM_CACHE_ALLOC("kmem_cache_alloc", Area.SLAB, StepKind.SLAB_ALLOC),
    /** kmem_cache_alloc_bulk from the named slab. */
    KMEM_CACHE_ALLOC_BULK("kmem_cache_alloc_bulk", Area.SLAB, StepKind.SLAB_ALLOC, "nr"),
    /** kmem_cache_free to the named slab. */
    KMEM_CACHE_FREE("kmem_cache_free", Area.SLAB, StepKind.SLAB_FREE),
    /** kmem_cache_free_bulk to the named slab. */
    KMEM_CACHE_FREE_BULK("kmem_cache_free_bulk", Area.SLAB, StepKind.SLAB_FREE, "nr"),

    // ---- issue ----
    /** io_issue_sqe: the opcode's issue handler ran; {@code ret} 0 done, -529 pending, else -errno. */
    IO_ISSUE_SQE("io_issue_sqe", Area.ISSUE, "ud", "op", "ret"),
    /** io_queue_iowq: the request is punted to an io-wq worker. */
    IO_QUEUE_IOWQ("io_queue_iowq", Area.IO_WQ, "ud"),
    /** io_wq_submit_work: a worker (or the inline deterministic io-wq) runs the request. */
    IO_WQ_SUBMIT_WORK("io_wq_submit_work", Area.IO_WQ, "ud"),
    /** io_wq_free_work (5.7 on): the worker hands the request back and runs {@code next} (0: none). */
    IO_WQ_FREE_WORK("io_wq_free_work", Area.IO_WQ, "ud", "next"),
    /** io_req_complete_post: an io-wq worker posts the request's CQE itself, under the completion lock. */
    IO_REQ_COMPLETE_POST("io_req_complete_post", Area.CQ, "ud", "res"),
    /** io_drain_req: the request waits on ctx->defer_list behind a drain. */
    IO_DRAIN_REQ("io_drain_req", Area.DRAIN, "ud"),
    /** io_queue_deferred: a drained request gets its turn. */
    IO_QUEUE_DEFERRED("io_queue_deferred", Area.DRAIN, "ud"),

    // ---- task work (tctx.c / tw.c) ----
    /** io_req_task_work_add: work queued for the ring owner. */
    IO_REQ_TASK_WORK_ADD("io_req_task_work_add", Area.TASK_WORK, "ud"),
    /** tctx_task_work: the owner takes what is queued (llist_del_all) and runs it. */
    TCTX_TASK_WORK("tctx_task_work", Area.TASK_WORK, "nr"),
    /** __io_run_local_work: the owner of a DEFER_TASKRUN ring runs ctx->work_llist (trace_io_uring_local_work_run). */
    IO_RUN_LOCAL_WORK("__io_run_local_work", Area.TASK_WORK, "nr"),
    /** io_req_task_complete: a request completed elsewhere joins the completion batch. */
    IO_REQ_TASK_COMPLETE("io_req_task_complete", Area.TASK_WORK, "ud", "res"),
    /** io_req_task_submit: a linked, drained or re-polled request is issued from task work. */
    IO_REQ_TASK_SUBMIT("io_req_task_submit", Area.TASK_WORK, "ud"),
    /** io_req_tw_fail_links: the cancelled members of a chain complete, each with -ECANCELED or its own error. */
    IO_REQ_TW_FAIL_LINKS("io_req_tw_fail_links", Area.TASK_WORK, "ud", "nr"),
    /** io_req_task_cancel: the request is failed from task work. */
    IO_REQ_TASK_CANCEL("io_req_task_cancel", Area.TASK_WORK, "ud", "res"),

    // ---- completion (io_uring.c) ----
    /** io_req_complete_defer: the result is final; the request joins compl_reqs. */
    IO_REQ_COMPLETE_DEFER("io_req_complete_defer", Area.CQ, "ud", "res", "nr"),
    /** io_submit_flush_completions: the completion strategy posts the batch. */
    IO_SUBMIT_FLUSH_COMPLETIONS("io_submit_flush_completions", Area.CQ, "nr"),
    /** spin_lock(&ctx->completion_lock). */
    SPIN_LOCK("spin_lock", Area.LOCK, StepKind.LOCKED),
    /** spin_unlock(&ctx->completion_lock). */
    SPIN_UNLOCK("spin_unlock", Area.LOCK),
    /** io_fill_cqe_req: a request CQE written at the cached tail ({@code tail} after it). */
    IO_FILL_CQE_REQ("io_fill_cqe_req", Area.CQ, "ud", "res", "cflags", "tail"),
    /** io_fill_cqe_req with REQ_F_CQE_SKIP: nothing is written. */
    IO_FILL_CQE_REQ_SKIP("io_fill_cqe_req: REQ_F_CQE_SKIP", Area.CQ, "ud", "res"),
    /** io_fill_cqe_aux: an aux (multishot) CQE written at the cached tail. */
    IO_FILL_CQE_AUX("io_fill_cqe_aux", Area.CQ, "ud", "res", "cflags", "tail"),
    /** io_fill_cqe_aux found no room (CQ full, or CQEs waiting on the overflow list). */
    IO_FILL_CQE_AUX_FULL("io_fill_cqe_aux: no room", Area.CQ, "ud", "res", "cflags"),
    /** io_cqring_event_overflow: the CQE goes to ctx->cq_overflow_list. */
    IO_CQRING_EVENT_OVERFLOW("io_cqring_event_overflow", Area.CQ, "ud", "res", "cflags", "listed"),
    /** __io_cqring_overflow_flush: overflowed CQEs moved into the ring. */
    IO_CQRING_OVERFLOW_FLUSH("__io_cqring_overflow_flush", Area.CQ, "flushed", "left"),
    /** io_commit_cqring: release store of the CQ tail. */
    IO_COMMIT_CQRING("io_commit_cqring", Area.CQ, StepKind.SHARED_WRITE, "tail"),
    /** io_cqring_ev_posted: wake CQ waiters, signal the eventfd. */
    IO_CQRING_EV_POSTED("io_cqring_ev_posted", Area.CQ),
    /** io_commit_cqring_flush alone: a task_complete or IOPOLL ring's post after the commit, no cq_wait wakeup. */
    IO_COMMIT_CQRING_FLUSH("io_commit_cqring_flush", Area.CQ),
    /** io_eventfd_signal: the registered eventfd is signalled. */
    IO_EVENTFD_SIGNAL("io_eventfd_signal", Area.CQ, "tail"),
    /** io_cqring_wait: the owner waits for CQEs; {@code ready} is how many are there now. */
    IO_CQRING_WAIT("io_cqring_wait", Area.WAIT, "min_events", "ready"),

    // ---- links (timeout.c, io_uring.c) ----
    /** req_set_fail: REQ_F_FAIL; a soft link after the request will be cancelled. */
    REQ_SET_FAIL("req_set_fail", Area.LINK, "ud"),
    /** io_queue_next: the next member of the chain gets its turn. */
    IO_QUEUE_NEXT("io_queue_next", Area.LINK, "ud", "next"),
    /** __io_queue_sqe (5.6): io_put_req_find_next gave {@code next}, issued at once on this thread. */
    IO_PUT_REQ_FIND_NEXT("__io_queue_sqe: io_put_req_find_next", Area.LINK, "ud", "next"),
    /** io_fail_links: the rest of the chain is cancelled. */
    IO_FAIL_LINKS("io_fail_links", Area.LINK, "ud", "nr"),

    // ---- waitqueues (kernel/sched/wait.c) ----
    /** add_wait_queue on the named head. */
    ADD_WAIT_QUEUE("add_wait_queue", Area.WAITQUEUE, StepKind.LIST, "ud", "entries"),
    /** list_del_init of an entry of the named head. */
    LIST_DEL_INIT("list_del_init", Area.WAITQUEUE, StepKind.LIST, "ud", "entries"),
    /** __wake_up on the named head: every entry's callback runs. */
    WAKE_UP("__wake_up", Area.WAITQUEUE, "key", "entries"),

    // ---- poll (poll.c) ----
    /** __io_arm_poll_handler / io_arm_poll_handler: the poll entry is armed; {@code mask} ready at arm. */
    IO_POLL_ARM("__io_arm_poll_handler", Area.POLL, "ud", "events", "mask"),
    /** io_poll_wake: the poll-rearm strategy queued the task work ({@code queued} 1) or ignored the wakeup (0). */
    IO_POLL_WAKE("io_poll_wake", Area.POLL, "ud", "mask", "queued"),
    /** io_poll_task_func: the poll's task work runs with the mask the wakeup carried (0: re-poll). */
    IO_POLL_TASK_FUNC("io_poll_task_func", Area.POLL, "ud", "mask"),
    /** The poll-rearm strategy keeps a multishot poll armed after its CQE. */
    IO_POLL_REARM("io_poll_task_func: re-arm", Area.POLL, "ud"),
    /** io_poll_get_ownership: a wakeup raised poll_refs from {@code refs}; {@code owner} 1 when it took the request. */
    IO_POLL_GET_OWNERSHIP("io_poll_get_ownership", Area.POLL, "ud", "refs", "owner"),
    /** io_poll_check_events: a pass of the poll task work starts with poll_refs at {@code refs}. */
    IO_POLL_CHECK_EVENTS("io_poll_check_events", Area.POLL, "ud", "refs"),
    /** io_poll_remove: POLL_REMOVE looked for its target. */
    IO_POLL_REMOVE("io_poll_remove", Area.POLL, "target", "ret"),

    // ---- strategies' own steps ----
    /** io_aux_cqe: an aux CQE kept in submit_state.cqes[] (seed 000). */
    IO_AUX_CQE_DEFERRED("io_aux_cqe: deferred", Area.STRATEGY, "ud", "res", "cflags", "cqes_count"),
    /** __io_flush_post_cqes: the deferred CQE array written out (seed 000). */
    IO_FLUSH_POST_CQES("__io_flush_post_cqes", Area.STRATEGY, "nr"),
    /** io_poll_wake: READ_ONCE(poll->active) was false, the wakeup is ignored and the entry stays queued (seed 002). */
    IO_POLL_WAKE_INACTIVE("io_poll_wake: !READ_ONCE(poll->active)", Area.STRATEGY, "ud"),
    /** io_poll_wake: WRITE_ONCE(poll->active, false) before the task work is queued (seed 002). */
    IO_POLL_ACTIVE_CLEAR("io_poll_wake: WRITE_ONCE(poll->active, false)", Area.STRATEGY, "ud"),
    /** io_poll_task_func: WRITE_ONCE(poll->active, true) before io_commit_cqring, instead of add_wait_queue (seed 002). */
    IO_POLL_ACTIVE_SET("io_poll_task_func: WRITE_ONCE(poll->active, true)", Area.STRATEGY, "ud"),

    // ---- block layer (block/bio.c) ----
    /** bio_alloc_bioset / bio_alloc_kiocb on the emulated CPU {@code cpu}; {@code cached} 1 from the per-CPU cache. */
    BIO_ALLOC("bio_alloc_bioset", Area.BIO, "cpu", "cached"),
    /** bio_put: the bio is done; {@code cached} 1 when it went back to the per-CPU cache. */
    BIO_PUT("bio_put", Area.BIO, "cpu", "cached"),
    /** bio_alloc_cache_prune: {@code nr} bios of the per-CPU cache of {@code cpu} go back to the slab. */
    BIO_ALLOC_CACHE_PRUNE("bio_alloc_cache_prune", Area.BIO, "cpu", "nr"),
    /** bio_alloc_irq_cache_splice: the IRQ-freed bios of {@code cpu} join its task list. */
    BIO_ALLOC_IRQ_CACHE_SPLICE("bio_alloc_irq_cache_splice", Area.BIO, "cpu", "nr"),
    /** submit_bio: a bio of {@code len} bytes at {@code sector} goes to the device; {@code polled} REQ_POLLED kept. */
    SUBMIT_BIO("submit_bio", Area.BIO, "sector", "len", "polled"),
    /** bio_endio: the device is done with the bio; {@code irq} 1 from the completion interrupt. */
    BIO_ENDIO("bio_endio", Area.BIO, "sector", "status", "irq"),
    /** bio_poll (blk_poll): the poller ran the device's poll queue; {@code found} completions. */
    BIO_POLL("bio_poll", Area.BIO, "queue", "found"),
    /** io_do_iopoll: one pass over ctx->iopoll_list; {@code nr_events} requests reaped. */
    IO_DO_IOPOLL("io_do_iopoll", Area.BIO, "nr_events"),

    // ---- costed steps with no narration point of their own (recipes, DESIGN.md rule 10) ----
    // Emitted through Trace#step(StepKind, String); the subject is the step's name as a recipe
    // writes it, e.g. step(CALL, "io_eventfd_signal") or step(FENCE, "smp_mb(wq_has_sleeper)").
    /** An out-of-line call the kernel makes; the subject names the callee. */
    CALL("call", Area.STEP, StepKind.CALL),
    /** A locked read-modify-write other than a spin_lock that has its own point. */
    LOCKED("locked", Area.STEP, StepKind.LOCKED),
    /** A full fence. */
    FENCE("fence", Area.STEP, StepKind.FENCE),
    /** local_irq_save (and its restore). */
    IRQ("irq", Area.STEP, StepKind.IRQ),
    /** An RCU read-side critical section. */
    RCU("rcu", Area.STEP, StepKind.RCU),
    /** A store to a cache line another CPU reads. */
    SHARED_WRITE("shared-write", Area.STEP, StepKind.SHARED_WRITE),
    /** A slab allocation with no point of its own (kmalloc...). */
    SLAB_ALLOC("slab-alloc", Area.STEP, StepKind.SLAB_ALLOC),
    /** A slab free with no point of its own (kfree...). */
    SLAB_FREE("slab-free", Area.STEP, StepKind.SLAB_FREE),
    /** A system call other than io_uring_enter. */
    SYSCALL("syscall", Area.STEP, StepKind.SYSCALL),
    /** A task woken. */
    WAKEUP("wakeup", Area.STEP, StepKind.WAKEUP),
    /** A list operation with no point of its own. */
    LIST("list", Area.STEP, StepKind.LIST),
    /** A pass through a socket's protocol (tcp_sendmsg, tcp_recvmsg...); the subject names the protocol's function. */
    SOCKET("sock", Area.STEP, StepKind.SOCKET);

    /** The part of io_uring (and of the kernel around it) a point belongs to. */
    public enum Area {
        SUBMIT, REQ, SLAB, ISSUE, IO_WQ, DRAIN, TASK_WORK, CQ, LOCK, WAIT, LINK, WAITQUEUE, POLL, STRATEGY, BIO,
        /** The generic costed steps ({@link TracePoint#CALL} and its neighbours). */
        STEP
    }

    private final String function;
    private final Area area;
    private final StepKind kind;
    private final List<String> args;

    TracePoint(String function, Area area, String... args) {
        this(function, area, null, args);
    }

    TracePoint(String function, Area area, StepKind kind, String... args) {
        this.function = function;
        this.area = area;
        this.kind = kind;
        this.args = List.of(args);
    }

    /**
     * The kind of costed step this point is, or {@code null} when it only narrates (a recipe
     * does not list it). Set only where the kind is intrinsic to the function at every kernel
     * version: {@code spin_lock} is a locked read-modify-write, {@code kmem_cache_alloc} a slab
     * allocation, {@code io_commit_cqring} a shared write, {@code io_uring_enter} a system call.
     */
    public StepKind kind() {
        return kind;
    }

    /** Whether this is one of the generic step points, whose subject is the step's name. */
    public boolean genericStep() {
        return area == Area.STEP;
    }

    /** The generic step point of {@code kind}. */
    public static TracePoint step(StepKind kind) {
        return switch (kind) {
            case CALL -> CALL;
            case LOCKED -> LOCKED;
            case FENCE -> FENCE;
            case IRQ -> IRQ;
            case RCU -> RCU;
            case SHARED_WRITE -> SHARED_WRITE;
            case SLAB_ALLOC -> SLAB_ALLOC;
            case SLAB_FREE -> SLAB_FREE;
            case SYSCALL -> SYSCALL;
            case WAKEUP -> WAKEUP;
            case LIST -> LIST;
            case SOCKET -> SOCKET;
        };
    }

    /** The kernel function (or function and case) this step is, e.g. {@code io_commit_cqring}. */
    public String function() {
        return function;
    }

    public Area area() {
        return area;
    }

    /** The names of the event's numeric arguments, in order. */
    public List<String> args() {
        return args;
    }
}
