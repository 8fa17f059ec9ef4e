package dev.uringlab.workloads.echo;

import static dev.uringlab.api.CqeFlags.IORING_CQE_F_MORE;
import static dev.uringlab.api.PollEvents.POLLIN;

import dev.uringlab.api.CqeHandler;
import dev.uringlab.api.Errno;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.Sqe;
import dev.uringlab.api.Syscalls;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.ThreadFactory;

/**
 * The echo server of seed 002 (Xiaoguang Wang's io_uring-echo-server, multishot branch), on
 * {@code connections} TCP connections over loopback, as the author ran it (a TCP echo server and
 * its client): the server holds the accepted end of each, with one
 * multishot POLL_ADD (POLLIN) armed on it; on each poll CQE it queues a READ of the request
 * (16 bytes) and, on the READ's CQE, a WRITE of the same bytes back; the client sends 16 bytes
 * and reads the 16-byte reply. One transaction is one request echoed; the metric is
 * transactions per second. A poll CQE without IORING_CQE_F_MORE (the poll ended) is re-armed.
 *
 * <p>Two ways to play the clients:
 * <ul>
 *   <li>{@link Clients#DETERMINISTIC}: the calling thread plays every client between its
 *       io_uring_enter calls. {@link #round()} sends one request on every connection, serves them
 *       all, then reads every reply. Single-threaded and repeatable: the stable mode for JMH.</li>
 *   <li>{@link Clients#THREADED}: one client thread, as the author ran a separate client
 *       program, sends a request on every connection it has no reply pending on and reads the
 *       replies that came (non-blocking, retrying on -EAGAIN); {@link #round()} serves
 *       {@code connections} transactions. The ring must be opened with
 *       {@code deterministic(false)}, since the wakeups come from another thread. One client
 *       thread only, since a ring's {@link Syscalls} serve the owner and one other thread.</li>
 * </ul>
 * The server side never calls read(2) or write(2) itself: everything it does goes through SQEs,
 * as the author's server does.
 *
 * <p>Why TCP and not AF_UNIX: the transport decides which wakeups reach the server's POLLIN
 * poll. On AF_UNIX every client read of a reply wakes the server's socket with POLLOUT
 * (unix_write_space), which a POLLIN poll ignores, but which stops seed 002's patch as posted
 * for good (scenarios/socketpair-pollout-wakeup.scn). On TCP a write-space wakeup comes only
 * after a send ran out of room (SOCK_NOSPACE), which 16-byte replies never do; so each
 * transaction is the one POLLIN wakeup the author measured.
 */
public final class EchoServer implements AutoCloseable {
    /** The request and reply size of the author's test. */
    public static final int MESSAGE = 16;
    /** SQ entries: the server queues at most one SQE per CQE it reaps and submits when the SQ is full. */
    public static final int SQ_ENTRIES = 256;

    /** Who plays the clients. */
    public enum Clients { DETERMINISTIC, THREADED }

    /** The THREADED mode's client thread's name. */
    public static final String CLIENT_THREAD = "echo-clients";

    private static final long POLL = 1L << 32;
    private static final long READ = 2L << 32;
    private static final long WRITE = 3L << 32;
    private static final long CONN = 0xffff_ffffL;

    private final Ring ring;
    private final Syscalls sys;
    private final int connections;
    private final int[] serverFds;
    private final int[] clientFds;
    private final Arena arena = Arena.ofShared();
    /** Per connection: the server's buffer (request in, reply out). */
    private final MemorySegment serverBufs;
    /** The deterministic clients' request and reply buffers. */
    private final MemorySegment request;
    private final MemorySegment reply;
    private final CqeHandler onCqe = this::onCqe;
    private final Thread clientThread;
    private volatile boolean stopping;
    /** Bytes the server's WRITEs echoed, since the start. */
    private long echoed;
    private boolean closed;

    /**
     * Makes {@code connections} loopback TCP connections and arms one multishot POLL_ADD on the server end
     * of each; in THREADED mode starts the client thread. {@code ring} must be sized by
     * {@link #setup}.
     *
     * @throws IllegalStateException when a system call or the submit fails
     */
    public EchoServer(Ring ring, int connections, Clients clients) {
        this(ring, connections, clients, Thread.ofPlatform().name(CLIENT_THREAD).factory());
    }

    /**
     * The same, the THREADED mode's client thread made by {@code clientThreads}: a benchmark that
     * keeps its ring on one CPU makes one that may run on any, as the author's clients were
     * another process.
     */
    public EchoServer(Ring ring, int connections, Clients clients, ThreadFactory clientThreads) {
        if (connections < 1 || connections > 1 << 14) {
            throw new IllegalArgumentException("connections must be 1..16384 (the CQ holds four CQEs per connection): " + connections);
        }
        this.ring = ring;
        this.sys = ring.sys();
        this.connections = connections;
        this.serverFds = new int[connections];
        this.clientFds = new int[connections];
        this.serverBufs = arena.allocate((long) MESSAGE * connections);
        this.request = arena.allocate(MESSAGE);
        this.reply = arena.allocate(MESSAGE);
        for (int i = 0; i < connections; i++) {
            int[] sv = sys.tcpPair();
            serverFds[i] = sv[0];
            clientFds[i] = sv[1];
            pollMulti(i);
        }
        submit();
        clientThread = clients == Clients.THREADED ? clientThreads.newThread(this::clientLoop) : null;
        if (clientThread != null) {
            clientThread.start();
        }
    }

    /**
     * io_uring_setup's arguments: {@value #SQ_ENTRIES} SQ entries and a CQ that holds a CQE for
     * every connection twice over (a round's poll CQEs, and its READ and WRITE CQEs, may all be
     * waiting at once), so it never overflows.
     */
    public static RingConfig.Builder setup(int connections, Clients clients) {
        int cq = Math.max(2 * SQ_ENTRIES, Integer.highestOneBit(Math.max(1, 4 * connections - 1)) << 1);
        return RingConfig.builder(SQ_ENTRIES).cqEntries(cq).deterministic(clients == Clients.DETERMINISTIC);
    }

    /**
     * Serves {@code connections} transactions: in DETERMINISTIC mode every client sends one
     * request, the server echoes them all, every client reads its reply; in THREADED mode the
     * server echoes as many requests from the client thread.
     *
     * @return the transactions served: {@code connections}
     * @throws IllegalStateException when a system call or the ring fails, or a reply is short
     */
    public int round() {
        long target = echoed + (long) MESSAGE * connections;
        if (clientThread == null) {
            for (int i = 0; i < connections; i++) {
                check(sys.write(clientFds[i], request, MESSAGE), MESSAGE, "client send");
            }
        }
        while (echoed < target) {
            int ret = ring.submitAndWait(1);
            if (ret < 0) {
                throw new IllegalStateException("io_uring_submit_and_wait: " + Errno.name(-ret));
            }
            ring.cqAdvance(ring.forEachCqe(onCqe));
        }
        if (clientThread == null) {
            for (int i = 0; i < connections; i++) {
                check(sys.read(clientFds[i], reply, MESSAGE), MESSAGE, "client recv");
            }
        }
        return connections;
    }

    /** The server's reaction to one CQE: a poll CQE queues a READ, a READ's a WRITE; a WRITE's counts. */
    private void onCqe(long userData, int res, int flags) {
        int conn = (int) (userData & CONN);
        long kind = userData & ~CONN;
        if (res < 0 && res != -Errno.EAGAIN) {
            throw new IllegalStateException("echo server: CQE ud=0x" + Long.toHexString(userData) + " res=" + Errno.name(-res));
        }
        if (kind == POLL) {
            sqe().prepRead(serverFds[conn], serverBufs.asSlice((long) MESSAGE * conn, MESSAGE), MESSAGE, 0).userData(READ | conn);
            if ((flags & IORING_CQE_F_MORE) == 0) {
                pollMulti(conn);
            }
        } else if (kind == READ && res > 0) {
            sqe().prepWrite(serverFds[conn], serverBufs.asSlice((long) MESSAGE * conn, MESSAGE), res, 0).userData(WRITE | conn);
        } else if (kind == WRITE) {
            echoed += res;
        }
        // a READ that found nothing (-EAGAIN: a spurious poll CQE) or end of stream (0) queues nothing
    }

    /**
     * The client thread: send a request on every connection without one outstanding, then read
     * whatever replies came (-EAGAIN is no reply yet). Non-blocking, as the author's client
     * multiplexes its connections; it stops when {@link #close()} says so.
     */
    private void clientLoop() {
        try (Arena own = Arena.ofConfined()) {
            MemorySegment req = own.allocate(MESSAGE);
            MemorySegment rsp = own.allocate(MESSAGE);
            int[] got = new int[connections];
            boolean[] pending = new boolean[connections];
            while (!stopping) {
                for (int i = 0; i < connections && !stopping; i++) {
                    if (!pending[i]) {
                        check(sys.write(clientFds[i], req, MESSAGE), MESSAGE, "client send");
                        pending[i] = true;
                        got[i] = 0;
                    }
                }
                for (int i = 0; i < connections && !stopping; i++) {
                    int n = sys.read(clientFds[i], rsp, MESSAGE - got[i]);
                    if (n > 0 && (got[i] += n) == MESSAGE) {
                        pending[i] = false;
                    } else if (n < 0 && n != -Errno.EAGAIN) {
                        throw new IllegalStateException("client recv: " + Errno.name(-n));
                    }
                }
            }
        }
    }

    private void pollMulti(int conn) {
        sqe().prepPollMultishot(serverFds[conn], POLLIN).userData(POLL | conn);
    }

    /** io_uring_get_sqe, submitting what is queued when the SQ is full. */
    private Sqe sqe() {
        Sqe sqe = ring.getSqe();
        if (sqe == null) {
            submit();
            sqe = ring.getSqe();
        }
        return sqe;
    }

    private void submit() {
        int ret = ring.submit();
        if (ret < 0) {
            throw new IllegalStateException("io_uring_submit: " + Errno.name(-ret));
        }
    }

    private static void check(int ret, int expected, String what) {
        if (ret != expected) {
            throw new IllegalStateException(what + ": " + (ret < 0 ? Errno.name(-ret) : ret + " bytes, expected " + expected));
        }
    }

    /** Stops the client thread and closes every socket; the ring stays open. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        stopping = true;
        if (clientThread != null) {
            try {
                clientThread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (int i = 0; i < connections; i++) {
            sys.close(clientFds[i]);
            sys.close(serverFds[i]);
        }
        arena.close();
    }
}
