package dev.uringlab.strategy.pollactive;

import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.trace.TracePoint;

/**
 * Multishot poll re-arming after "io_uring: reduce frequent add_wait_queue() overhead for
 * multi-shot poll request" (seed 002, Xiaoguang Wang, applied to for-5.16 on the 5.15 merge
 * window's fs/io_uring.c): an IORING_OP_POLL_ADD stays on the file's waitqueue for its whole
 * life, and a flag in {@code struct io_poll_iocb}, {@code bool active}, decides whether a
 * wakeup queues the task work. The baseline ({@code ReaddWaitQueuePollRearm}, 5.15) takes the
 * entry off the list in __io_async_wake and puts it back with add_wait_queue, a second round
 * trip through the waitqueue-head lock, per event. Internal polls ({@code struct async_poll},
 * a READ or WRITE waiting for its file: {@link PollWait#isInternal()}) keep that old path,
 * since the patch moved the list_del_init into io_async_wake for them.
 *
 * <p>The patch's lines, and where each lives here:
 * <ul>
 *   <li>io_init_poll_iocb: {@code poll->active = true;} is the engine's arm, which stores 0
 *       in the strategy word ({@link #ACTIVE});</li>
 *   <li>io_poll_wake: {@code if (!READ_ONCE(poll->active)) return 0;
 *       WRITE_ONCE(poll->active, false);} then __io_async_wake, which no longer calls
 *       list_del_init: {@link #pollWake};</li>
 *   <li>io_async_wake: {@code list_del_init(&poll->wait.entry);} moved here from
 *       __io_async_wake: {@link #pollWake} for an internal poll;</li>
 *   <li>io_poll_task_func (not done) and io_poll_rewait (POLL_ADD): {@code req->result = 0;
 *       WRITE_ONCE(req->poll.active, true);} in place of add_wait_queue, under the completion
 *       lock and before io_commit_cqring: {@link #pollRearm}; io_poll_rewait keeps
 *       add_wait_queue for the other opcodes;</li>
 *   <li>io_poll_task_func (done): {@code __io_poll_remove_one(req, ..., true)} takes the entry
 *       off, since no wake did: the engine's disarm, which removes a queued entry.</li>
 * </ul>
 *
 * <h2>The author's question: can a wakeup be lost between t2 and t4?</h2>
 * A wakeup that reads {@code active == false} is ignored: no task work, no CQE of its own, the
 * entry stays queued. That happens for every wakeup between the one that queued the task work
 * and the WRITE_ONCE of io_poll_task_func (t2), and, since neither access orders anything, it
 * can also happen for a wakeup that comes "after t2" in wall time: the author's "io_poll_wake()
 * will see the new value by using READ_ONCE()" is not what READ_ONCE promises. No data is lost
 * all the same, for two reasons that lie outside the flag: io_commit_cqring (t4) is a release
 * store of the CQ tail, which orders the flag store before the CQE becomes visible, and the
 * application reads the socket after it acquires that CQE, under the socket lock that the
 * writer also took before its wakeup. So either the writer's data is in the socket when the
 * application reads it after the CQE, or the application's read is ordered before the write,
 * and then the writer's io_poll_wake happens after t2 and must see {@code active == true}.
 * The jcstress tests in module {@code stress} ({@code PollActiveFlagWindow} and its baseline and
 * lockless variants) show exactly this: the outcome "wakeup ignored, nothing read, no CQE to
 * come" is never observed with the socket's lock and the release commit; with a lockless data
 * path (the writer's data store and its flag load unordered, the owner's flag store and the
 * reader's data load unordered) it is store buffering and is observed, which would need
 * smp_mb() on both sides (volatile, sequentially consistent accesses on both). READ_ONCE and
 * WRITE_ONCE suffice for the patch only because the order comes from the CQ commit and the
 * socket lock; storing the flag after io_commit_cqring, or committing with a plain store,
 * would lose the wakeup. See docs/poll-active-flag.md.
 *
 * <p>Where the emulated engine differs: the patch stores the flag under the completion lock
 * between filling the CQE and io_commit_cqring (5.15's io_poll_task_func order: fill, re-arm,
 * commit, unlock, ev_posted); ring-core's poll task work follows 6.1 and calls
 * {@link #pollRearm} after the CQE is posted, then re-checks the file under the waitqueue-head
 * lock and offers a wakeup that came while the flag was clear to {@link #pollWake}. So in the
 * engine the window is closed by that re-check, whatever the flag's order; the jcstress model
 * keeps the patch's order, without the re-check, to answer the question about the patch.
 *
 * <p>Trade-off: no list operation and no waitqueue-head lock per event, but every wakeup of the
 * file still calls io_poll_wake, which reads the flag, while the task work is pending (the
 * baseline's removed entry was not even visited), the flag's ordering rests on the commit and
 * the file's own locking rather than on the waitqueue lock, and a wakeup during the window
 * yields no CQE of its own: an application must drain the file on each CQE (edge-triggered),
 * as with the baseline.
 *
 * <p>Threading: {@link #pollWake} runs on the waker's thread with the waitqueue head lock
 * held (io_poll_wake is a waitqueue callback), {@link #pollRearm} on the ring owner's thread
 * in task work, without that lock; the flag is the one word they share and is accessed with
 * the patch's READ_ONCE/WRITE_ONCE only (opaque: {@link PollWait#loState}, {@link PollWait#woState}).
 * The strategy itself is stateless and shared by every poll of a ring.
 */
public final class ActiveFlagPollRearm implements PollRearm {
    /** {@code poll->active == true}: the engine arms a poll with its word at 0. */
    public static final int ACTIVE = 0;
    /** {@code poll->active == false}: the task work is queued and owns the request. */
    public static final int INACTIVE = 1;

    private final Trace trace;

    /**
     * @param trace the ring's trace: each ignored wakeup and each write of the flag is a step
     *              (the waitqueue operations and the gate's accepted/ignored counters are the engine's)
     */
    public ActiveFlagPollRearm(Trace trace) {
        this.trace = trace;
    }

    /**
     * io_poll_wake (POLL_ADD): {@code if (!READ_ONCE(poll->active)) return 0;} then
     * {@code WRITE_ONCE(poll->active, false);} and __io_async_wake queues the task work with
     * the entry left on the list. An internal poll goes through io_async_wake, which takes the
     * entry off with list_del_init first (the head lock is held: this is the wake callback).
     */
    @Override
    public boolean pollWake(PollWait poll) {
        if (poll.isInternal()) {
            poll.listDelInit();
            return true;
        }
        if (poll.loState() != ACTIVE) { // READ_ONCE(poll->active): opaque load, no ordering
            trace.emit(TracePoint.IO_POLL_WAKE_INACTIVE, poll.userData());
            return false;
        }
        poll.woState(INACTIVE); // WRITE_ONCE(poll->active, false): opaque store, ordered for the owner by the task-work queue's release
        trace.emit(TracePoint.IO_POLL_ACTIVE_CLEAR, poll.userData());
        return true;
    }

    /**
     * io_poll_task_func, not done (and io_poll_rewait for POLL_ADD): {@code req->result = 0;
     * WRITE_ONCE(req->poll.active, true);} instead of add_wait_queue. In the patch it comes before
     * io_commit_cqring, whose release store of the CQ tail orders it before the CQE; the emulated
     * engine calls it after the CQE (see the class comment). An internal poll keeps
     * io_poll_rewait's add_wait_queue. Either way a wakeup may have been refused meanwhile (the
     * flag was clear, or the entry off the list), so the engine re-checks
     * ({@link Rearmed#RECHECK}).
     */
    @Override
    public Rearmed pollRearm(PollWait poll) {
        if (poll.isInternal()) {
            poll.addWaitQueue();
            return Rearmed.RECHECK;
        }
        poll.woState(ACTIVE); // WRITE_ONCE(req->poll.active, true): opaque store; in the patch, io_commit_cqring's release orders it
        trace.emit(TracePoint.IO_POLL_ACTIVE_SET, poll.userData());
        return Rearmed.RECHECK;
    }
}
