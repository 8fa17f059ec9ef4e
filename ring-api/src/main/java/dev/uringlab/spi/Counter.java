package dev.uringlab.spi;

/**
 * The things a mechanism counts (DESIGN.md rule 4: counted, not computed). Each counter is
 * bumped where the work happens, by the code doing it; the javadoc names the kernel path.
 */
public enum Counter {
    /** io_uring_enter calls. */
    ENTER("io_uring_enter calls", "syscalls:sys_enter_io_uring_enter"),
    /** SQEs consumed from the SQ ring (io_submit_sqes). */
    SQE_SUBMITTED("SQEs submitted", "io_uring:io_uring_submit_req"),
    /** spin_lock(&ctx->completion_lock) acquisitions. */
    COMPLETION_LOCK("completion-lock acquisitions"),
    /** CQEs written into the CQ ring (io_fill_cqe_req, io_fill_cqe_aux, overflow flush). */
    CQE_FILLED("CQEs filled", "io_uring:io_uring_complete"),
    /** io_commit_cqring: release stores of the CQ tail. */
    CQ_COMMIT("CQ tail commits"),
    /** io_cqring_ev_posted calls (on a 6.x task_complete or IOPOLL ring: io_commit_cqring_flush, which stands in for it). */
    EV_POSTED("ev_posted calls"),
    /** eventfd_signal from io_eventfd_signal. */
    EVENTFD_SIGNAL("eventfd signals"),
    /** Aux (multishot) CQEs stored in the submit state's CQE array (seed 000). */
    AUX_CQE_DEFERRED("aux CQEs deferred"),
    /** CQEs that went to ctx->cq_overflow_list (io_cqring_event_overflow). */
    CQ_OVERFLOW("CQEs overflowed", "io_uring:io_uring_cqe_overflow"),
    /** Overflowed CQEs moved into the CQ ring (__io_cqring_overflow_flush). */
    CQ_OVERFLOW_FLUSHED("overflowed CQEs flushed"),
    /** spin_lock(&wq_head->lock): waitqueue-head lock acquisitions, by any thread (add, remove, wake, and poll's own checks). */
    WAITQUEUE_LOCK("waitqueue-head lock acquisitions"),
    /** add_wait_queue. */
    WAITQUEUE_ADD("waitqueue adds"),
    /** list_del_init / remove_wait_queue of a wait entry. */
    WAITQUEUE_REMOVE("waitqueue removes"),
    /** __wake_up calls that found the waitqueue non-empty. */
    WAITQUEUE_WAKE("waitqueue wakes"),
    /** io_poll_wake: wakeups the poll-rearm strategy's gate accepted (task work queued). */
    POLL_WAKE_ACCEPTED("poll wakeups accepted by the gate"),
    /** io_poll_wake: wakeups the poll-rearm strategy's gate ignored (the poll's task work already owns it). */
    POLL_WAKE_IGNORED("poll wakeups ignored by the gate"),
    /** io_req_task_work_add. */
    TASK_WORK_QUEUED("task_work queued"),
    /** task_work callbacks run (tctx_task_work / handle_tw_list). */
    TASK_WORK_RUN("task_work run"),
    /** io_wq_enqueue: requests punted to an io-wq worker. */
    IO_WQ_ENQUEUE("io-wq enqueues", "io_uring:io_uring_queue_async_work"),
    /** io_alloc_req: requests handed to the submission path. */
    REQ_ALLOC("requests allocated"),
    /** Requests given back by the completion path. */
    REQ_FREE("requests freed"),
    /** kmem_cache_alloc(req_cachep): requests taken from the slab. */
    REQ_SLAB_ALLOC("requests from the slab", "kmem:kmem_cache_alloc name == \"io_kiocb\""),
    /** kmem_cache_free(req_cachep): requests returned to the slab. */
    REQ_SLAB_FREE("requests to the slab", "kmem:kmem_cache_free name == \"io_kiocb\""),
    /**
     * io_alloc_req found the submit-side request cache empty and went to refill it: 5.15's
     * io_flush_cached_reqs (from the free list, else a bulk allocation), 5.16's
     * __io_alloc_req_refill.
     */
    REQ_CACHE_REFILL("request-cache refills"),
    /** kmem_cache_alloc_bulk(req_cachep) calls, IO_REQ_ALLOC_BATCH requests each (the requests count in REQ_SLAB_ALLOC). */
    REQ_BULK_ALLOC("bulk slab allocations"),
    /** Requests put on ctx->locked_free_list under the completion lock (__io_free_req). */
    REQ_LOCKED_FREE("requests to the locked free list"),
    /** io_flush_cached_locked_reqs: ctx->locked_free_list spliced into the submit-side cache. */
    REQ_LOCKED_FLUSH("locked free list splices"),
    /**
     * Gets and puts of ctx->refs by the request cache (percpu_ref_tryget_many, percpu_ref_get_many,
     * percpu_ref_put_many: one RCU read section each, {@link PercpuRef}).
     */
    CTX_REF("ctx reference gets and puts"),
    /** bio_alloc_bioset: bios handed out. */
    BIO_ALLOC("bios allocated"),
    /** bios taken from the slab/mempool. */
    BIO_SLAB_ALLOC("bios from the slab"),
    /** bios returned to the slab/mempool. */
    BIO_SLAB_FREE("bios to the slab"),
    /** bio_put: bios whose last reference went (to a cache or to the slab). */
    BIO_PUT("bios put"),
    /** A bio taken from a per-CPU bio cache (bio_alloc_kiocb / bio_alloc_percpu_cache hit). */
    BIO_CACHE_HIT("bio cache hits"),
    /** An allocation that asked for the per-CPU cache and found it empty (it went to the slab). */
    BIO_CACHE_MISS("bio cache misses"),
    /** submit_bio: bios sent to a device. */
    BIO_SUBMIT("bios submitted", "block:block_bio_queue"),
    /** io_do_iopoll calls (each polls the ring's iopoll_list once). */
    IOPOLL_LOOP("io_do_iopoll loops"),
    /** bio_endio run by a device's completion interrupt (the IRQ path, not polling). */
    BIO_IRQ_COMPLETE("IRQ completions"),

    // The counters below are the kernel's tracepoints that no mechanism counter above already
    // is: each counts where its tracepoint fires in the kernel the profile names (linux-6.18).

    /** io_queue_deferred / io_drain_req: a request held back by IOSQE_IO_DRAIN (trace_io_uring_defer). */
    REQ_DEFERRED("requests deferred by a drain", "io_uring:io_uring_defer"),
    /** io_submit_sqe: a request added to the link being built (trace_io_uring_link). */
    REQ_LINKED("requests added to a link", "io_uring:io_uring_link"),
    /** io_fail_links: a link member failed because an earlier one did (trace_io_uring_fail_link). */
    LINK_FAILED("link members failed", "io_uring:io_uring_fail_link"),
    /** io_req_defer_failed / io_init_req failing: a request failed at submission (trace_io_uring_req_failed). */
    REQ_FAILED("requests failed at submission", "io_uring:io_uring_req_failed"),
    /**
     * io_arm_apoll: an internal poll (IORING_FEAT_FAST_POLL) armed and not ready at once
     * (trace_io_uring_poll_arm, 6.18 poll.c:690); a POLL_ADD's arming is not counted.
     */
    POLL_ARM("internal polls armed", "io_uring:io_uring_poll_arm"),
    /**
     * __io_poll_execute: a poll's task work queued, from a wakeup that took ownership (or an arm
     * that found the poll ready) (trace_io_uring_task_add, 6.18 poll.c:200). The tracepoint's
     * name says task_add, but only polls fire it: other task work (a link's next member, an
     * io-wq completion) has no tracepoint, so {@link #TASK_WORK_QUEUED} has none.
     */
    POLL_EXECUTE("poll task work queued", "io_uring:io_uring_task_add"),
    /** tctx_task_work_run: passes over the task's task_work list (trace_io_uring_task_work_run, once per pass). */
    TASK_WORK_PASS("task_work passes", "io_uring:io_uring_task_work_run"),
    /** __io_run_local_work: passes over a DEFER_TASKRUN ring's local work list (trace_io_uring_local_work_run). */
    LOCAL_WORK_PASS("local work passes", "io_uring:io_uring_local_work_run"),
    /** io_cqring_wait: a GETEVENTS wait that found too few CQEs and went to wait (trace_io_uring_cqring_wait). */
    CQRING_WAIT("CQ waits", "io_uring:io_uring_cqring_wait"),
    /** try_to_wake_up by the counted threads: a task woken (trace_sched_waking). */
    SCHED_WAKING("tasks woken", "sched:sched_waking"),
    /** __schedule: the counted threads taken off the CPU (trace_sched_switch fires in the outgoing task). */
    SCHED_SWITCH("context switches", "sched:sched_switch"),
    /**
     * A send through a socket's protocol: sock_sendmsg_nosec's call of the protocol's sendmsg
     * (tcp_sendmsg by way of inet_sendmsg, unix_stream_sendmsg), from write(2) and io_uring's
     * WRITE alike (sock_write_iter -> __sock_sendmsg); trace_sock_send_length fires after it
     * returns, whatever it returned (v6.18.2 net/socket.c:725-735). One
     * {@link dev.uringlab.spi.trace.StepKind#SOCKET sock} step each, so the kernel counts the
     * emulator's {@code sock} sends.
     */
    SOCK_SEND("socket protocol sends", "sock:sock_send_length"),
    /**
     * A receive through a socket's protocol: sock_recvmsg_nosec's call of the protocol's recvmsg
     * (tcp_recvmsg by way of inet_recvmsg, unix_stream_recvmsg), from read(2) and io_uring's READ
     * alike (sock_read_iter -> sock_recvmsg, which a read of 0 bytes never reaches: net/socket.c:1167);
     * trace_sock_recv_length fires after it returns, -EAGAIN included (v6.18.2 net/socket.c:1075-1085).
     * One {@link dev.uringlab.spi.trace.StepKind#SOCKET sock} step each.
     */
    SOCK_RECV("socket protocol receives", "sock:sock_recv_length");

    private final String description;
    private final String tracepoint;

    Counter(String description) {
        this(description, null);
    }

    Counter(String description, String tracepoint) {
        this.description = description;
        this.tracepoint = tracepoint;
    }

    /**
     * The kernel tracepoint that counts the same work on the running kernel (linux-6.18), as
     * {@code system:name}, optionally followed by a space and a tracefs filter on its fields
     * ({@code kmem:kmem_cache_alloc name == "io_kiocb"}); empty for a counter no tracepoint sees
     * (locks, commits, waitqueue operations...). The native ring counts these
     * ({@link dev.uringlab.api.Ring#kernelCounts()}); {@code linux-6.18} must count the same.
     */
    public java.util.Optional<String> tracepoint() {
        return java.util.Optional.ofNullable(tracepoint);
    }

    /** A short human description, for reports. */
    public String description() {
        return description;
    }

    /** The name used in JMH secondary metrics and reports: lower case with dashes, e.g. {@code completion-lock}. */
    public String metricName() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
