package dev.uringlab.core;

import static dev.uringlab.api.PollEvents.POLLIN;

import dev.uringlab.core.sync.WaitQueueEntry;
import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * ctx->poll_wq (6.3 on, io_uring/io_uring.c:367 at v6.18.2): where a poll of the ring fd waits
 * (io_uring_poll, :2924-2935), apart from cq_wait; __io_commit_cqring_flush wakes it on a ring
 * whose {@code poll_activated} is set ({@link IoCqRing#ioCommitCqringFlush}). No emulated file
 * polls the ring fd, so only a test puts an entry here: the kernels that have it still pay its
 * wq_has_sleeper on every flush.
 */
final class IoPollWq {
    private final WaitQueueHead head;
    private final Trace trace;

    IoPollWq(WaitQueueHead head, Trace trace) {
        this.head = head;
        this.trace = trace;
    }

    /**
     * io_poll_wq_wake (io_uring/io_uring.h:400-403 at v6.18.2, static inline) ->
     * __io_wq_wake(&amp;ctx->poll_wq) (:387-398): wq_has_sleeper (include/linux/wait.h:151-162:
     * smp_mb, then waitqueue_active), and __wake_up(&amp;ctx->poll_wq, TASK_NORMAL, 0,
     * poll_to_key(EPOLL_URING_WAKE | EPOLLIN)) only when an entry is queued (someone polls or
     * epolls the ring fd). The barrier pairs with the one poll_wait's add implies in
     * io_uring_poll (io_uring.c:2931-2935).
     */
    void ioPollWqWake() {
        trace.step(StepKind.FENCE, "smp_mb(io_poll_wq_wake)");
        if (head.wqHasSleeper()) {
            head.wakeUp(IoPollEvents.EPOLL_URING_WAKE | POLLIN);
        }
    }

    /** poll_wait's add in io_uring_poll: an entry waiting for the ring fd to be readable. */
    void addWaitQueue(WaitQueueEntry e) {
        head.addWaitQueue(e);
    }
}
