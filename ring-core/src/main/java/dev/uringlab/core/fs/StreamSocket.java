package dev.uringlab.core.fs;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.Errno.EPIPE;
import static dev.uringlab.api.PollEvents.POLLHUP;
import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.PollEvents.POLLOUT;
import static dev.uringlab.api.PollEvents.POLLRDNORM;
import static dev.uringlab.api.PollEvents.POLLWRNORM;

import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.recipe.OutOfLine;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One end of a connected stream socket pair, non-blocking: {@code socketpair(AF_UNIX,
 * SOCK_STREAM)} (net/unix/af_unix.c) or a TCP connection over loopback (net/ipv4/tcp.c), the
 * transport of seed 002's echo server. Each end has a receive queue ({@code sk_receive_queue},
 * its bytes guarded by the queue's lock) and one waitqueue ({@code sk_wq}) for both directions. A
 * send appends to the peer's receive queue and wakes the peer's waitqueue with
 * POLLIN|POLLPRI|POLLRDNORM|POLLRDBAND ({@code sk_data_ready}: sock_def_readable,
 * net/core/sock.c:3047 at v5.15, for both families). The families differ in when a sender hears
 * that it may write again ({@link Family}): the case seed 002's patch as posted trips on.
 *
 * <p>The buffer is modelled, the protocol is not: what TCP does below tcp_sendmsg and
 * tcp_recvmsg (segments, ip output, loopback_xmit, the receive softirq, ACKs) and AF_UNIX's skb
 * handling are one {@code sock} step per send and per receive ({@link StepKind#SOCKET}), which
 * the kernel prices price as a lump.
 *
 * <p>Stream semantics: a recv returns what is queued, up to its length, across sends (a
 * partial read); a send of more than fits writes what fits (a partial write), and -EAGAIN when
 * nothing does; an empty queue reads -EAGAIN while the peer is open, then 0 (end of stream);
 * a send to a closed peer is -EPIPE. The send buffer is {@value #SNDBUF} bytes: what a sender may
 * have in its peer's queue (a model of sk_sndbuf, and of TCP's receive window on loopback, where
 * the ACK comes at once). Closing an end shuts both directions for the peer and wakes it without
 * a key ({@code sk_state_change}, sock_def_wakeup). Every wakeup looks first whether anyone waits
 * (skwq_has_sleeper: a full barrier, then a lockless look at the list) and takes the head lock
 * only then.
 *
 * <p>Threads: any thread may send or recv; {@code ->poll} takes no lock and reads the queue
 * lengths and the closed flags with opaque loads, as the kernel's lockless poll does.
 */
public final class StreamSocket extends EmulatedFile {
    /** The send buffer: the bytes a sender may have in its peer's queue (a model of sk_sndbuf). */
    public static final int SNDBUF = 65536;
    /**
     * The largest skb an AF_UNIX send makes: {@code (sk_sndbuf >> 1) - 64}, "keep two messages in
     * the pipe" (unix_stream_sendmsg, net/unix/af_unix.c:2446 at v6.18.2); its other bound, an
     * order-0 head plus 32 KiB of pages (2449), is larger for this buffer.
     */
    public static final int SKB_MAX = (SNDBUF >> 1) - 64;
    /** The receive buffer's first size ({@link #queue}). */
    static final int QUEUE_START = 512;
    /** POLLRDBAND. */
    static final int POLLRDBAND = 0x0080;
    /** POLLWRBAND. */
    static final int POLLWRBAND = 0x0200;
    /** POLLRDHUP. */
    static final int POLLRDHUP = 0x2000;
    /** POLLPRI. */
    static final int POLLPRI = 0x0002;
    /** The key of sock_def_readable's wakeup. */
    static final int DATA_READY = POLLIN | POLLPRI | POLLRDNORM | POLLRDBAND;
    /** The key of a write-space wakeup (unix_write_space, sk_stream_write_space). */
    static final int WRITE_SPACE = POLLOUT | POLLWRNORM | POLLWRBAND;

    /** The protocol, and with it when a sender is told it may write again. */
    public enum Family {
        /**
         * AF_UNIX: a send queues its bytes as skbs of at most {@value #SKB_MAX} bytes, each charged to
         * the sender (sk_wmem_alloc) until the peer has read all of it: a read that takes only part
         * of an skb frees nothing (net/unix/af_unix.c:3077 at v6.18.2); one that finishes it frees it
         * (consume_skb, 3085 -> sock_wfree -> unix_write_space, 597-609), which wakes the sender with
         * POLLOUT whenever it is then writable. Writable ({@code unix_writable}, 591) while at most a
         * quarter of the buffer is charged.
         */
        UNIX("unix_stream_sendmsg", "unix_stream_recvmsg"),
        /**
         * TCP: the sender is told only if it asked. SOCK_NOSPACE is set when a send ran out of room
         * (tcp_sendmsg_locked's wait_for_space, net/ipv4/tcp.c:1413 at v5.15) or tcp_poll found the
         * socket not writable (569); the ACK that frees room runs tcp_check_space
         * (tcp_input.c:5421), which calls sk_stream_write_space (net/core/stream.c:30), and so
         * wakes with POLLOUT, only with SOCK_NOSPACE set, clearing it. Writable
         * ({@code __sk_stream_is_writeable}) while the free space is at least half of what is queued.
         */
        TCP("tcp_sendmsg", "tcp_recvmsg");

        private final String sendmsg;
        private final String recvmsg;

        Family(String sendmsg, String recvmsg) {
            this.sendmsg = sendmsg;
            this.recvmsg = recvmsg;
        }

        /** The protocol's {@code proto_ops.sendmsg} below sock_sendmsg (tcp_sendmsg by way of inet_sendmsg): a {@code sock} step's name. */
        public String sendmsg() {
            return sendmsg;
        }

        /** The protocol's {@code proto_ops.recvmsg} below sock_recvmsg (tcp_recvmsg by way of inet_recvmsg): a {@code sock} step's name. */
        public String recvmsg() {
            return recvmsg;
        }
    }

    private static final VarHandle COUNT;
    private static final VarHandle CLOSED;
    private static final VarHandle NOSPACE;
    private static final VarHandle WMEM;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            COUNT = l.findVarHandle(StreamSocket.class, "count", int.class);
            CLOSED = l.findVarHandle(StreamSocket.class, "closed", boolean.class);
            NOSPACE = l.findVarHandle(StreamSocket.class, "noSpace", boolean.class);
            WMEM = l.findVarHandle(StreamSocket.class, "wmem", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Family family;
    private final Trace trace;
    /** The ring's counters: {@link Counter#SOCK_SEND} and {@link Counter#SOCK_RECV}, by whichever thread sends or receives. */
    private final Counters counters;
    /** {@code sk_receive_queue.lock}. */
    private final ReentrantLock queueLock = new ReentrantLock();
    /**
     * The queued bytes, a circular buffer under {@link #queueLock}: it starts at
     * {@value #QUEUE_START} bytes and doubles when a send needs more, up to {@value #SNDBUF}. The
     * kernel's skbs are as large as the data sent, taken from and given back to the slab, so a
     * connection of 16-byte echoes keeps its queue in a few hot cache lines; a buffer of the
     * whole send buffer's size, written 16 bytes further on each time, would stream the echo
     * server's 1000 connections through memory instead.
     */
    private MemorySegment queue = MemorySegment.ofArray(new byte[QUEUE_START]);
    private final WaitQueueHead skWq;
    /** AF_UNIX: the skb boundaries of this end's receive queue, under {@link #queueLock}. */
    private final SkbQueue skbs = new SkbQueue();
    private StreamSocket peer;
    /** The queue's first byte and length: written under {@link #queueLock}, read opaque by poll. */
    private int head;
    private int count;
    /** This end was released (its last reference dropped); opaque for the peer's lockless poll. */
    private boolean closed;
    /**
     * AF_UNIX: {@code sk_wmem_alloc}, the bytes of this end's skbs still in the peer's queue (in
     * bytes, not truesize): added by this end's sends, subtracted by the peer's reads as they free
     * whole skbs (atomic, a refcount); read opaque, as unix_writable's refcount_read.
     */
    private int wmem;
    /** SOCK_NOSPACE in {@code sock->flags} (TCP): set_bit/clear_bit, volatile; set and read with the barriers tcp_poll and tcp_check_space take. */
    @SuppressWarnings("unused") // accessed through NOSPACE
    private volatile boolean noSpace;

    private StreamSocket(Family family, Counters counters, Trace trace) {
        this.family = family;
        this.trace = trace;
        this.counters = counters;
        this.skWq = new WaitQueueHead(counters, trace, "sk_wq");
    }

    /** Two connected ends: socketpair(2)'s for AF_UNIX; for TCP, socket/bind/listen/connect/accept over loopback. */
    public static StreamSocket[] pair(Family family, Counters counters, Trace trace) {
        StreamSocket a = new StreamSocket(family, counters, trace);
        StreamSocket b = new StreamSocket(family, counters, trace);
        a.peer = b;
        b.peer = a;
        return new StreamSocket[] {a, b};
    }

    /** Names the waitqueue in the trace after the fd the end got. */
    public void installed(int fd) {
        skWq.name("sk_wq(fd " + fd + ")");
    }

    @Override
    public WaitQueueHead pollHead() {
        return skWq;
    }

    /**
     * unix_poll / tcp_poll: readable, peer gone (POLLRDHUP, and POLLHUP since both directions are
     * shut), writable. tcp_poll, finding the socket not writable, sets SOCK_NOSPACE, then (a full
     * barrier, smp_mb__after_atomic) looks again: the race breaker against tcp_check_space.
     */
    @Override
    public int poll() {
        int mask = (int) COUNT.getOpaque(this) > 0 ? POLLIN | POLLRDNORM : 0;
        if ((boolean) CLOSED.getOpaque(peer)) {
            return mask | POLLRDHUP | POLLIN | POLLRDNORM | POLLHUP;
        }
        boolean writable = writable();
        if (!writable && family == Family.TCP) {
            NOSPACE.setVolatile(this, true); // set_bit(SOCK_NOSPACE), then smp_mb__after_atomic
            writable = writable();
        }
        if (!writable) {
            return mask;
        }
        return mask | (family == Family.UNIX ? WRITE_SPACE : POLLOUT | POLLWRNORM); // tcp_poll leaves out POLLWRBAND
    }

    /** unix_writable, or TCP's __sk_stream_is_writeable (sk_stream_wspace >= sk_stream_min_wspace). */
    private boolean writable() {
        if (family == Family.UNIX) {
            return (int) WMEM.getOpaque(this) << 2 <= SNDBUF;
        }
        int queued = (int) COUNT.getOpaque(peer);
        return SNDBUF - queued >= queued >> 1;
    }

    /** The bytes this end may still send: what its skbs leave of the buffer (AF_UNIX), or the room in the peer's queue (TCP). */
    private int sendRoom(StreamSocket to) {
        return SNDBUF - (family == Family.UNIX ? (int) WMEM.getOpaque(this) : to.count);
    }

    /** sock_read_iter (net/socket.c:1018 at v5.15), socket_file_ops.read_iter: sock_recvmsg and the protocol's recvmsg below it. */
    @Override
    @OutOfLine("sock_read_iter")
    public int readIter(Trace trace, MemorySegment dst, long at, int len) {
        trace.step(StepKind.CALL, "sock_read_iter");
        return read(dst, at, len);
    }

    /** sock_write_iter (net/socket.c:1040 at v5.15), socket_file_ops.write_iter: sock_sendmsg and the protocol's sendmsg below it. */
    @Override
    @OutOfLine("sock_write_iter")
    public int writeIter(Trace trace, MemorySegment src, long at, int len) {
        trace.step(StepKind.CALL, "sock_write_iter");
        return write(src, at, len);
    }

    /**
     * sock_read_iter's sock_recvmsg into unix_stream_recvmsg / tcp_recvmsg with MSG_DONTWAIT: up to
     * {@code len} queued bytes, -EAGAIN, or 0 at end of stream. A read of nothing returns before
     * the protocol ("Match SYS5 behaviour", net/socket.c:1032 at v5.15, :1167 at v6.18.2); any
     * other is one {@code sock} step, the protocol's pass ({@link StepKind#SOCKET}: sock_recvmsg,
     * :1035 and :958 at v5.15, :1170 and :1096 at v6.18.2, -> inet_recvmsg -> tcp_recvmsg,
     * net/ipv4/af_inet.c:852 at v5.15, :885 at v6.18.2), the same from read(2) and from io_uring's
     * READ.
     */
    @Override
    public int read(MemorySegment dst, long at, int len) {
        if (len == 0) {
            return 0;
        }
        trace.step(StepKind.SOCKET, family.recvmsg);
        counters.incShared(Counter.SOCK_RECV); // trace_sock_recv_length, net/socket.c:1082-1083 at v6.18.2
        int n;
        int writeSpaceWakes = 0;
        queueLock.lock();
        try {
            if (count == 0) {
                return (boolean) CLOSED.getOpaque(peer) ? 0 : -EAGAIN;
            }
            n = Math.min(len, count);
            RingBytes.copyOut(queue, head, dst, at, n);
            head = (head + n) % (int) queue.byteSize();
            COUNT.setOpaque(this, count - n);
            if (family == Family.UNIX) {
                for (int size = n; size > 0; ) {
                    int chunk = skbs.chunk(size);
                    size -= chunk;
                    int freed = skbs.consume(chunk);
                    if (freed > 0 && peer.sockWfree(freed)) {
                        writeSpaceWakes++;
                    }
                }
            }
        } finally {
            queueLock.unlock();
        }
        if (family == Family.TCP) {
            peer.tcpCheckSpace();
        }
        for (; writeSpaceWakes > 0; writeSpaceWakes--) {
            peer.unixWriteSpaceWake();
        }
        return n;
    }

    /**
     * sock_wfree of one of this end's skbs, which the peer's read finished: its bytes leave
     * sk_wmem_alloc, and unix_write_space asks unix_writable (net/unix/af_unix.c:602 at v6.18.2).
     * Called under the peer's queue lock; the wakeup it calls for comes after that lock is dropped
     * ({@link #unixWriteSpaceWake}), in the order of the skbs freed.
     *
     * @return whether the sender is writable once this skb is freed, so unix_write_space wakes it
     */
    private boolean sockWfree(int skbLen) {
        WMEM.getAndAdd(this, -skbLen);
        return writable();
    }

    /** unix_write_space's wakeup (net/unix/af_unix.c:604-606 at v6.18.2): skwq_has_sleeper, then wake_up_interruptible_sync_poll with POLLOUT. */
    private void unixWriteSpaceWake() {
        if (skWq.wqHasSleeper()) {
            skWq.wakeUpSync(WRITE_SPACE);
        }
    }

    /**
     * TCP: the sender learns that the bytes its peer just read are free, through the ACK's
     * tcp_check_space (smp_mb, then test_bit(SOCK_NOSPACE)) -> tcp_new_space ->
     * sk_stream_write_space: only with SOCK_NOSPACE set, which it clears when writable.
     */
    private void tcpCheckSpace() {
        VarHandle.fullFence(); // tcp_check_space: smp_mb, pairs with tcp_poll
        if (!(boolean) NOSPACE.getVolatile(this) || !writable()) {
            return;
        }
        NOSPACE.setVolatile(this, false); // clear_bit(SOCK_NOSPACE)
        if (skWq.wqHasSleeper()) {
            skWq.wakeUp(WRITE_SPACE);
        }
    }

    /**
     * sock_write_iter's sock_sendmsg into unix_stream_sendmsg / tcp_sendmsg with MSG_DONTWAIT: what
     * fits in the peer's queue, -EAGAIN when nothing does, -EPIPE to a closed peer. Every send is
     * one {@code sock} step, the protocol's pass ({@link StepKind#SOCKET}: sock_sendmsg,
     * net/socket.c:1057 and :719 at v5.15, __sock_sendmsg :1195 and :737 at v6.18.2, ->
     * inet_sendmsg -> tcp_sendmsg, net/ipv4/af_inet.c:821 at v5.15, :853 at v6.18.2), from write(2)
     * and from io_uring's WRITE alike; on TCP loopback the peer's sk_data_ready runs inside it, as
     * here after the bytes are queued.
     */
    @Override
    public int write(MemorySegment src, long at, int len) {
        trace.step(StepKind.SOCKET, family.sendmsg);
        counters.incShared(Counter.SOCK_SEND); // trace_sock_send_length, net/socket.c:732-733 at v6.18.2
        StreamSocket to = peer;
        int n;
        to.queueLock.lock();
        try {
            if ((boolean) CLOSED.getOpaque(to)) {
                return -EPIPE;
            }
            if (len == 0) {
                return 0;
            }
            int free = sendRoom(to);
            n = Math.min(len, free);
            if (n < len && family == Family.TCP) {
                NOSPACE.setVolatile(this, true); // wait_for_space: set_bit(SOCK_NOSPACE)
            }
            if (free == 0) {
                return -EAGAIN;
            }
            to.reserve(to.count + n);
            RingBytes.copyIn(src, at, to.queue, (to.head + to.count) % (int) to.queue.byteSize(), n);
            COUNT.setOpaque(to, to.count + n);
            if (family == Family.UNIX) {
                WMEM.getAndAdd(this, n);
                for (int skb = 0; skb < n; skb += SKB_MAX) {
                    to.skbs.add(Math.min(SKB_MAX, n - skb));
                }
            }
        } finally {
            to.queueLock.unlock();
        }
        to.sockDefReadable();
        return n;
    }

    /** Grows {@link #queue} to hold {@code bytes} (at most {@value #SNDBUF}), its bytes moved to the start; the caller holds {@link #queueLock}. */
    private void reserve(int bytes) {
        int size = (int) queue.byteSize();
        if (bytes <= size) {
            return;
        }
        while (size < bytes) {
            size <<= 1;
        }
        MemorySegment grown = MemorySegment.ofArray(new byte[size]);
        RingBytes.copyOut(queue, head, grown, 0, count);
        queue = grown;
        head = 0;
    }

    /**
     * sk->sk_data_ready = sock_def_readable (net/core/sock.c:3047 at v5.15), through the pointer:
     * under rcu_read_lock (:3051), skwq_has_sleeper (include/net/sock.h:2216: wq_has_sleeper, an
     * smp_mb, include/linux/wait.h:162), then wake_up_interruptible_sync_poll (:3054), i.e.
     * __wake_up_sync_key with the head lock.
     */
    @OutOfLine("sock_def_readable")
    private void sockDefReadable() {
        trace.step(StepKind.CALL, "sock_def_readable");
        trace.step(StepKind.RCU, "rcu_read_lock(sock_def_readable)");
        trace.step(StepKind.FENCE, "smp_mb(skwq_has_sleeper)");
        if (skWq.wqHasSleeper()) {
            skWq.wakeUpSync(DATA_READY);
        }
    }

    /** unix_release_sock / tcp_close: shut both directions for the peer and wake it without a key. */
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
