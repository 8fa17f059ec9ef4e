package dev.uringlab.stress;

import dev.uringlab.api.PollEvents;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.Bio;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.KmemCache;
import dev.uringlab.spi.PollRearm;
import dev.uringlab.spi.PollWait;
import dev.uringlab.spi.StrategyContext;
import dev.uringlab.spi.Strategies;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Seed 002's window (t1..t6 in the post), with a real {@code poll-rearm} strategy found by its
 * alias: one multishot POLL_ADD on a stream socket, a client that sends a second message while
 * the poll's task work for the first is running, and the task that owns the ring.
 *
 * <p>The state each test starts from: the poll was armed (its entry on the socket's waitqueue,
 * its strategy word 0), the first message arrived and its wakeup went through the strategy's
 * io_poll_wake, which queued the task work (the active flag cleared, or the entry taken off the
 * list). Then, concurrently:
 * <ul>
 *   <li>the client ({@link #sendLocked}/{@link #sendLockless}, then {@link #sockDefReadable}):
 *       writes message 2 into the socket, then sk_data_ready, sock_def_readable
 *       (net/core/sock.c:3047 at v5.15): skwq_has_sleeper, an smp_mb and a lockless look at the
 *       waitqueue, and for a non-empty one __wake_up, which calls the strategy's io_poll_wake of a
 *       queued entry under the head lock: does a second task work get queued?</li>
 *   <li>the owner ({@link #ioPollTaskFunc}, then {@link #recvLocked}/{@link #recvLockless}): runs
 *       io_poll_task_func for message 1 (the CQE filled, the strategy's re-arm, io_commit_cqring's
 *       release store of the CQ tail, then io_cqring_ev_posted, whose wq_has_sleeper is an
 *       smp_mb: fs/io_uring.c:1600-1607), then returns to user space, where the application
 *       sees CQE 1 and reads the socket: how many messages does it find?</li>
 * </ul>
 * A lost wakeup is the client's wakeup ignored while the application found only message 1:
 * message 2 sits in the socket, the poll is armed, and no CQE will ever report it.
 *
 * <p>What is a model and what is real: the strategy is the project's class, behind ring-api's
 * {@link PollWait}, which this class implements as the engine's poll does (the head lock is this
 * object's monitor; the strategy word is a field accessed with the orders the interface names).
 * The socket is a byte count: under a lock of its own ({@code sk_lock}, as unix_stream_sendmsg
 * and recvmsg take the peer's queue lock) or lockless (opaque), to show that the two barriers
 * the kernel's paths take, one on each side, decide the question whatever the data path. Only
 * the orders the kernel has are modelled: no path of the kernel reaches io_poll_wake without the
 * waker's barrier, nor the application's read without the owner's.
 */
final class PollWindow implements PollWait {
    private static final VarHandle STATE;
    private static final VarHandle QUEUED;
    private static final VarHandle DATA;
    private static final VarHandle CQ_TAIL;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(PollWindow.class, "state", int.class);
            QUEUED = l.findVarHandle(PollWindow.class, "queued", boolean.class);
            DATA = l.findVarHandle(PollWindow.class, "data", int.class);
            CQ_TAIL = l.findVarHandle(PollWindow.class, "cqTail", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** One strategy per alias, shared by every state as by every poll of a ring (a poll-rearm strategy is stateless). */
    private static final Map<String, PollRearm> STRATEGIES = new ConcurrentHashMap<>();

    private final PollRearm rearm;
    /** The socket's receive queue lock. */
    private final Object skLock = new Object();
    /** The entry is on the waitqueue: written under this object's monitor (the head lock), release; read there, or acquire by waitqueue_active. */
    @SuppressWarnings("unused")
    private boolean queued;
    /** The strategy's word: accessed only through the PollWait accessors. */
    @SuppressWarnings("unused")
    private int state;
    /** Messages in the socket: under {@link #skLock}, or opaque in the lockless variants. */
    @SuppressWarnings("unused")
    private int data;
    /** The owner's pass word (poll_refs read at the top of a pass of io_poll_check_events). */
    private int pass;
    /** The CQ tail, release-stored by io_commit_cqring. */
    @SuppressWarnings("unused")
    private int cqTail;

    /** Arms the poll and delivers message 1's wakeup, which must queue the task work. */
    PollWindow(String pollRearm) {
        rearm = STRATEGIES.computeIfAbsent(pollRearm, alias -> Strategies.find(Axis.POLL_REARM, alias).create(new Context()));
        addWaitQueue();
        DATA.setOpaque(this, 1);
        if (!sockDefReadable()) {
            throw new IllegalStateException(pollRearm + ": the first wakeup of an armed poll queued no task work");
        }
    }

    // ---- the client ----

    /** unix_stream_sendmsg of message 2: under the receive queue's lock. */
    void sendLocked() {
        synchronized (skLock) {
            DATA.setOpaque(this, (int) DATA.getOpaque(this) + 1);
        }
    }

    /** A send whose data store takes no lock: an opaque store. */
    void sendLockless() {
        DATA.setOpaque(this, (int) DATA.getOpaque(this) + 1);
    }

    /**
     * sock_def_readable: skwq_has_sleeper (wq_has_sleeper: smp_mb, then waitqueue_active, a
     * lockless look at the list), then for a non-empty list __wake_up: under the head lock,
     * io_poll_wake of a queued entry. True when it queued task work.
     */
    boolean sockDefReadable() {
        VarHandle.fullFence(); // smp_mb in wq_has_sleeper, pairs with the owner's in io_cqring_ev_posted
        if (!(boolean) QUEUED.getAcquire(this)) {
            return false; // waitqueue_active: nobody to wake
        }
        synchronized (this) {
            return (boolean) QUEUED.get(this) && rearm.pollWake(this, PollEvents.POLLIN);
        }
    }

    // ---- the owner ----

    /**
     * io_poll_task_func for message 1: (the CQE filled,) the strategy's re-arm, io_commit_cqring
     * (release store of the CQ tail), spin_unlock, then io_cqring_ev_posted's wq_has_sleeper.
     */
    void ioPollTaskFunc() {
        rearm.pollRearm(this);
        CQ_TAIL.setRelease(this, 1);
        ioCqringEvPosted();
    }

    /** io_cqring_ev_posted: wq_has_sleeper(&ctx->cq_wait), an smp_mb (fs/io_uring.c:1607 at v5.15; io_cqring_wake in 6.1). */
    private static void ioCqringEvPosted() {
        VarHandle.fullFence();
    }

    /**
     * One pass of 6.1's io_poll_check_events for message 1 (poll-refs): read poll_refs
     * (pollCheckEvents), post CQE 1 (io_post_aux_cqe: commit, unlock, ev_posted), then drop the
     * references read (pollRearm, atomic_sub_return).
     *
     * @return whether references were left, so the owner loops and polls the socket again
     */
    boolean ioPollCheckEventsLoops() {
        rearm.pollCheckEvents(this);
        CQ_TAIL.setRelease(this, 1);
        ioCqringEvPosted();
        return rearm.pollRearm(this) == PollRearm.Rearmed.LOOP;
    }

    /** The application, after it acquired CQE 1 (the tail): recv on the socket under its lock; the messages there. */
    int recvLocked() {
        int seen = (int) CQ_TAIL.getAcquire(this);
        synchronized (skLock) {
            return seen == 1 ? (int) DATA.getOpaque(this) : -1;
        }
    }

    /** The same read of a lockless data path: an opaque load. */
    int recvLockless() {
        int seen = (int) CQ_TAIL.getAcquire(this);
        return seen == 1 ? (int) DATA.getOpaque(this) : -1;
    }

    // ---- PollWait, as the engine's poll implements it ----

    @Override
    public synchronized void addWaitQueue() {
        if ((boolean) QUEUED.get(this)) {
            throw new IllegalStateException("add_wait_queue of a queued entry");
        }
        QUEUED.setRelease(this, true);
    }

    @Override
    public void listDelInit() {
        if (!Thread.holdsLock(this)) {
            throw new IllegalStateException("list_del_init without the head lock");
        }
        QUEUED.setRelease(this, false);
    }

    @Override public synchronized boolean isQueued() { return (boolean) QUEUED.get(this); }
    @Override public int events() { return PollEvents.POLLIN; }
    @Override public boolean isInternal() { return false; }
    @Override public long userData() { return 1; }
    @Override public int loState() { return (int) STATE.getOpaque(this); }
    @Override public void woState(int value) { STATE.setOpaque(this, value); }
    @Override public int lvState() { return (int) STATE.getVolatile(this); }
    @Override public void svState(int value) { STATE.setVolatile(this, value); }
    @Override public boolean casState(int expect, int update) { return STATE.compareAndSet(this, expect, update); }
    @Override public int xaddState(int delta) { return (int) STATE.getAndAdd(this, delta); }
    @Override public int lpPass() { return pass; }
    @Override public void spPass(int value) { pass = value; }

    /** What a poll-rearm strategy may ask of its ring: counters and options; it needs no slab. */
    private static final class Context implements StrategyContext {
        private final Counters counters = new Counters();

        @Override public Counters counters() { return counters; }
        @Override public Optional<String> option(String key) { return Optional.empty(); }
        @Override public KmemCache<IoKiocb> reqCachep() { throw new UnsupportedOperationException("a poll-rearm strategy has no requests to allocate"); }
        @Override public KmemCache<Bio> bioSlab() { throw new UnsupportedOperationException("a poll-rearm strategy has no bios to allocate"); }
        @Override public int cqEntries() { return 0; }
        @Override public int setupFlags() { return 0; }
    }
}
