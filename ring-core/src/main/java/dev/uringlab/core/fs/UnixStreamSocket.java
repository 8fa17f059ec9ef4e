package dev.uringlab.core.fs;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.PollEvents.POLLHUP;
import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.PollEvents.POLLOUT;
import static dev.uringlab.api.PollEvents.POLLRDNORM;
import static dev.uringlab.api.PollEvents.POLLWRNORM;

import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.trace.Trace;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One end of {@code socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0)} (net/unix/af_unix.c):
 * a receive queue ({@code sk_receive_queue}, its bytes guarded by the queue's lock) and one
 * waitqueue ({@code sk_wq}) for both directions. A send appends to the peer's receive queue
 * and wakes the peer's waitqueue with POLLIN|POLLRDNORM|POLLRDBAND ({@code sk_data_ready},
 * sock_def_readable); a recv consumes from this end's queue and, as the bytes it frees were
 * charged to the sender's {@code sk_wmem_alloc}, wakes the sender with
 * POLLOUT|POLLWRNORM|POLLWRBAND once it is writable again ({@code unix_write_space}).
 *
 * <p>Stream semantics: a recv returns what is queued, up to its length, across sends (a
 * partial read); a send of more than fits writes what fits (a partial write), and -EAGAIN when
 * nothing does; an empty queue reads -EAGAIN while the peer is open, then 0 (end of stream);
 * a send to a closed peer is -EPIPE. The send buffer is {@value #SNDBUF} bytes, and an end is
 * writable ({@code unix_writable}) while at most a quarter of it is in the peer's queue.
 * Closing an end shuts both directions for the peer and wakes it without a key
 * ({@code sk_state_change}, sock_def_wakeup). Both wakeups look first whether anyone waits
 * (skwq_has_sleeper: a full barrier, then a lockless look at the list) and take the head lock
 * only then.
 *
 * <p>Threads: any thread may send or recv; {@code ->poll} (unix_poll) takes no lock and reads
 * the queue lengths and the closed flags with opaque loads, as the kernel's lockless poll does.
 */
public final class UnixStreamSocket extends EmulatedFile {
    /** The send buffer: the bytes a sender may have in its peer's queue (a model of sk_sndbuf). */
    public static final int SNDBUF = 65536;
    /** POLLRDBAND. */
    static final int POLLRDBAND = 0x0080;
    /** POLLWRBAND. */
    static final int POLLWRBAND = 0x0200;
    /** POLLRDHUP. */
    static final int POLLRDHUP = 0x2000;

    private static final VarHandle COUNT;
    private static final VarHandle CLOSED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            COUNT = l.findVarHandle(UnixStreamSocket.class, "count", int.class);
            CLOSED = l.findVarHandle(UnixStreamSocket.class, "closed", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@code sk_receive_queue.lock}. */
    private final ReentrantLock queueLock = new ReentrantLock();
    private final MemorySegment queue = MemorySegment.ofArray(new byte[SNDBUF]);
    private final WaitQueueHead skWq;
    private UnixStreamSocket peer;
    /** The queue's first byte and length: written under {@link #queueLock}, read opaque by poll. */
    private int head;
    private int count;
    /** This end was released (its last reference dropped); opaque for the peer's lockless poll. */
    private boolean closed;

    private UnixStreamSocket(Counters counters, Trace trace) {
        this.skWq = new WaitQueueHead(counters, trace, "sk_wq");
    }

    /** unix_stream_connect's pair, as socketpair(2) makes it: two connected ends. */
    public static UnixStreamSocket[] socketpair(Counters counters, Trace trace) {
        UnixStreamSocket a = new UnixStreamSocket(counters, trace);
        UnixStreamSocket b = new UnixStreamSocket(counters, trace);
        a.peer = b;
        b.peer = a;
        return new UnixStreamSocket[] {a, b};
    }

    /** Names the waitqueue in the trace after the fd the end got. */
    public void installed(int fd) {
        skWq.name("sk_wq(fd " + fd + ")");
    }

    @Override
    public WaitQueueHead pollHead() {
        return skWq;
    }

    /** unix_poll: readable, peer gone (POLLRDHUP, and POLLHUP since both directions are shut), writable. */
    @Override
    public int poll() {
        int mask = (int) COUNT.getOpaque(this) > 0 ? POLLIN | POLLRDNORM : 0;
        if ((boolean) CLOSED.getOpaque(peer)) {
            return mask | POLLRDHUP | POLLIN | POLLRDNORM | POLLHUP;
        }
        if (unixWritable()) {
            mask |= POLLOUT | POLLWRNORM | POLLWRBAND;
        }
        return mask;
    }

    /** unix_writable: at most a quarter of the send buffer sits in the peer's queue. */
    private boolean unixWritable() {
        return ((int) COUNT.getOpaque(peer) << 2) <= SNDBUF;
    }

    /** unix_stream_recvmsg with MSG_DONTWAIT: up to {@code len} queued bytes, -EAGAIN, or 0 at end of stream. */
    @Override
    public int read(MemorySegment dst, int len) {
        if (len == 0) {
            return 0;
        }
        int n;
        queueLock.lock();
        try {
            if (count == 0) {
                return (boolean) CLOSED.getOpaque(peer) ? 0 : -EAGAIN;
            }
            n = Math.min(len, count);
            RingBytes.copyOut(queue, head, dst, n);
            head = (head + n) % SNDBUF;
            COUNT.setOpaque(this, count - n);
        } finally {
            queueLock.unlock();
        }
        if (peer.unixWritable() && peer.skWq.wqHasSleeper()) {
            peer.skWq.wakeUp(POLLOUT | POLLWRNORM | POLLWRBAND); // sock_wfree -> unix_write_space
        }
        return n;
    }

    /** unix_stream_sendmsg with MSG_DONTWAIT: what fits in the peer's queue, -EAGAIN when nothing does, -EPIPE to a closed peer. */
    @Override
    public int write(MemorySegment src, int len) {
        UnixStreamSocket to = peer;
        int n;
        to.queueLock.lock();
        try {
            if ((boolean) CLOSED.getOpaque(to)) {
                return -Pipe.EPIPE;
            }
            if (len == 0) {
                return 0;
            }
            int free = SNDBUF - to.count;
            if (free == 0) {
                return -EAGAIN;
            }
            n = Math.min(len, free);
            RingBytes.copyIn(src, to.queue, (to.head + to.count) % SNDBUF, n);
            COUNT.setOpaque(to, to.count + n);
        } finally {
            to.queueLock.unlock();
        }
        if (to.skWq.wqHasSleeper()) {
            to.skWq.wakeUp(POLLIN | POLLRDNORM | POLLRDBAND); // sk_data_ready: sock_def_readable
        }
        return n;
    }

    /** unix_release_sock: shut both directions for the peer and wake it without a key. */
    @Override
    protected void release() {
        queueLock.lock();
        try {
            CLOSED.setOpaque(this, true);
        } finally {
            queueLock.unlock();
        }
        peer.skWq.wakeUp(0);
    }
}
