package dev.uringlab.strategy.pollactive;

import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;

/**
 * Multishot poll re-arming after "io_uring: reduce frequent add_wait_queue() overhead for
 * multi-shot poll request" (seed 002, Xiaoguang Wang, v2 of 2021-09-24, on for-5.16's
 * fs/io_uring.c): an IORING_OP_POLL_ADD stays on the file's waitqueue for its whole life, and a
 * flag in {@code struct io_poll_iocb}, {@code bool active}, decides whether a wakeup queues the
 * task work. The baseline ({@code ReaddWaitQueuePollRearm}, 5.15) takes the entry off the list in
 * __io_async_wake and puts it back with add_wait_queue, a second round trip through the
 * waitqueue-head lock, per event. Two aliases, one class:
 * <ul>
 *   <li>{@value PollActiveProvider#ALIAS}: the patch as posted, line by line, its bug included
 *       ({@link Order#AS_POSTED}). io_poll_wake tests and clears the flag before
 *       __io_async_wake tests the wakeup's mask, so a wakeup for someone else on the same
 *       waitqueue (a POLLOUT on a POLLIN poll: an AF_UNIX socket gets one each time its peer
 *       reads, unix_write_space) clears the flag and queues nothing; nothing sets it again, and
 *       the poll never fires again. Likewise io_async_wake takes an internal poll off the list
 *       before that test, so a READ waiting for POLLIN is dropped by a POLLOUT wakeup. This is
 *       the race's patched arm: the author measured it on TCP, whose write-space wakeups come
 *       only after a sender ran out of room (SOCK_NOSPACE; docs/poll-active-flag.md).</li>
 *   <li>{@value PollActiveProvider#MASK_FIRST_ALIAS}: the same patch with the mask tested first
 *       ({@link Order#MASK_FIRST}), as 5.17's poll rework and every later io_poll_wake do: the
 *       form the patch needed to be correct on any file. Raced nowhere; kept for the scenarios
 *       and demos that show the difference.</li>
 * </ul>
 *
 * <p>The patch's lines (v5.15 numbers with the patch applied; the post's base, for-5.16 of
 * 2021-09-24, lacked 5.15's {@code poll.done} lines, a few lines off), and where each lives here:
 * <ul>
 *   <li>io_init_poll_iocb: {@code poll->active = true;} (5442) is the engine's arm, which stores
 *       0 in the strategy word ({@link #ACTIVE});</li>
 *   <li>io_poll_wake: {@code if (!READ_ONCE(poll->active)) return 0;
 *       WRITE_ONCE(poll->active, false);} (5811-5814), then __io_async_wake, whose mask test
 *       (5249) now comes second and whose list_del_init is gone: {@link #pollWake};</li>
 *   <li>io_async_wake: {@code list_del_init(&poll->wait.entry);} (5542), moved here from
 *       __io_async_wake, ahead of its mask test: {@link #pollWake} for an internal poll;</li>
 *   <li>io_poll_task_func, not done: {@code req->result = 0; WRITE_ONCE(req->poll.active,
 *       true);} (5387-5388) in place of add_wait_queue, under the completion lock, after the
 *       CQE's fill and before io_commit_cqring (5390): {@link #pollRearm}, called by the engine
 *       in that place ({@link #rearmInPost}); io_poll_rewait (5284-5288) does the same for
 *       POLL_ADD and keeps add_wait_queue for the other opcodes;</li>
 *   <li>io_poll_task_func, done: {@code __io_poll_remove_one(req, ..., true)} (5383) takes the
 *       entry off, since no wake did: the engine's completion, which removes a queued entry.</li>
 * </ul>
 *
 * <h2>The author's question: can a wakeup between t2 and t4 be lost?</h2>
 * t2 is io_poll_task_func's {@code WRITE_ONCE(req->poll.active, true)}, t4 its
 * io_commit_cqring. A wakeup that reads {@code active == false} is ignored: no task work, no CQE
 * of its own, the entry stays queued. That is every wakeup between the one that queued the task
 * work and t2, by design, and nothing is lost by it: CQE 1 is committed after t2, and the
 * application, edge-triggered, reads the socket after it sees CQE 1, so it finds the data that
 * wakeup announced. The question is the other order: can a wakeup that comes after t2 still
 * read {@code false}, while the application's read after CQE 1 misses its data? The author's
 * answer ("io_poll_wake() will see the new value by using READ_ONCE()") is not what READ_ONCE
 * promises: it orders nothing. What rules it out are two full barriers the kernel's paths take
 * for their own reasons, one on each side of the store-buffering pair (the waker's data store
 * then flag load; the owner's flag store then data load):
 * <ul>
 *   <li>the waker: unix_stream_sendmsg queues the data, then sk_data_ready, sock_def_readable
 *       (net/core/sock.c:3047), whose skwq_has_sleeper is wq_has_sleeper, an smp_mb, before
 *       __wake_up takes the waitqueue-head lock and calls io_poll_wake;</li>
 *   <li>the owner: after t2 come io_commit_cqring (a release store) and spin_unlock, then
 *       io_cqring_ev_posted (fs/io_uring.c:1600), whose wq_has_sleeper(&ctx->cq_wait) is an
 *       smp_mb, all before the task work returns and the application reads CQE 1 and the socket.</li>
 * </ul>
 * With a full barrier on both sides the two loads cannot both miss the two stores: either the
 * waker's READ_ONCE sees {@code true} (a second task work, a CQE for the data), or the
 * application's read finds the data. No wakeup is lost in the window, with any data path, and
 * the answer rests on those barriers, not on READ_ONCE. The jcstress tests in module
 * {@code stress} ({@code PollActiveFlagWindow}, {@code PollBaselineReaddWindow}) take these
 * orders and never see the lost outcome. The flag's real hazard is the other one above: a wakeup
 * it should not have taken at all.
 *
 * <p>Trade-off: no list operation and no waitqueue-head lock per event, but every wakeup of the
 * file still calls io_poll_wake, which reads the flag, while the task work is pending (the
 * baseline's removed entry was not even visited), and a wakeup during the window yields no CQE
 * of its own: an application must drain the file on each CQE (edge-triggered), as with the
 * baseline.
 *
 * <p>Threading: {@link #pollWake} runs on the waker's thread with the waitqueue head lock
 * held (io_poll_wake is a waitqueue callback), {@link #pollRearm} on the ring owner's thread
 * in task work, under the completion lock but not the head lock; the flag is the one word they
 * share and is accessed with the patch's READ_ONCE/WRITE_ONCE only (opaque:
 * {@link PollWait#loState}, {@link PollWait#woState}). Stateless apart from the order; shared by
 * every poll of a ring.
 */
public final class ActiveFlagPollRearm implements PollRearm {
    /** {@code poll->active == true}: the engine arms a poll with its word at 0. */
    public static final int ACTIVE = 0;
    /** {@code poll->active == false}: the task work is queued and owns the request. */
    public static final int INACTIVE = 1;

    /** Where the wake callbacks test the wakeup's mask. */
    public enum Order {
        /** The patch as posted: after the flag (io_poll_wake) and after list_del_init (io_async_wake). */
        AS_POSTED,
        /** Repaired: the mask first, so a wakeup for another waiter touches neither flag nor list. */
        MASK_FIRST
    }

    private final Trace trace;
    private final boolean maskFirst;

    /**
     * @param trace the ring's trace: each ignored wakeup and each write of the flag is a step
     * @param order where the wakeup's mask is tested
     */
    public ActiveFlagPollRearm(Trace trace, Order order) {
        this.trace = trace;
        this.maskFirst = order == Order.MASK_FIRST;
    }

    /**
     * io_poll_wake (POLL_ADD): {@code if (!READ_ONCE(poll->active)) return 0;
     * WRITE_ONCE(poll->active, false);} then __io_async_wake, which tests the mask and queues
     * the task work with the entry left on the list. io_async_wake (an internal poll):
     * list_del_init, then __io_async_wake's test. With {@link Order#MASK_FIRST} the test comes
     * first in both. The head lock is held: this is the wake callback.
     */
    @Override
    public boolean pollWake(PollWait poll, int mask) {
        boolean other = mask != 0 && (mask & poll.events()) == 0; // __io_async_wake: not an event this poll waits for
        if (maskFirst && other) {
            return false;
        }
        if (poll.isInternal()) {
            poll.listDelInit(); // io_async_wake: list_del_init (as posted, whatever the mask)
            return !other;
        }
        if (poll.loState() != ACTIVE) { // READ_ONCE(poll->active): opaque load, no ordering
            trace.emit(TracePoint.IO_POLL_WAKE_INACTIVE, poll.userData());
            return false;
        }
        poll.woState(INACTIVE); // WRITE_ONCE(poll->active, false): opaque store, ordered for the owner by the task-work queue's release
        trace.emit(TracePoint.IO_POLL_ACTIVE_CLEAR, poll.userData());
        return !other; // as posted, a wakeup for another waiter leaves the flag cleared and queues nothing
    }

    /**
     * io_poll_task_func, not done (and io_poll_rewait for POLL_ADD): {@code req->result = 0;
     * WRITE_ONCE(req->poll.active, true);} instead of add_wait_queue, between the CQE's fill and
     * io_commit_cqring. An internal poll keeps io_poll_rewait's add_wait_queue. Nothing is
     * re-checked: a wakeup refused meanwhile is the window the class comment answers.
     */
    @Override
    public Rearmed pollRearm(PollWait poll) {
        if (poll.isInternal()) {
            poll.addWaitQueue();
            return Rearmed.NO_ACTION;
        }
        poll.woState(ACTIVE); // WRITE_ONCE(req->poll.active, true): opaque store, before io_commit_cqring's release
        trace.emit(TracePoint.IO_POLL_ACTIVE_SET, poll.userData());
        return Rearmed.NO_ACTION;
    }

    /**
     * __io_poll_remove_one, which the patch left alone (5652 of v5.15): the remove takes the
     * request when the entry is on the list, and with the flag it always is, a pending task work
     * or not. So a remove that races the task work succeeds where 5.15's failed with -EALREADY;
     * in the kernel the task work then completes the request a second time (a second -ECANCELED
     * CQE and a second put of the request: a use after free), which the engine cannot emulate:
     * its task work finds the poll done and posts nothing.
     */
    @Override
    public boolean pollDisarm(PollWait poll) {
        return poll.isQueued();
    }

    /**
     * The patch keeps 5.15's place: the flag is set under the completion lock, before
     * io_commit_cqring (5388-5390), which 5.15's completion strategy ({@code batch-5.15}) keeps.
     */
    @Override
    public boolean rearmInPost() {
        return true;
    }
}
