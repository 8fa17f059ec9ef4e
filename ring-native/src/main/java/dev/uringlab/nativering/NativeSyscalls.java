package dev.uringlab.nativering;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Syscalls;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;

/**
 * {@link Syscalls} on the real kernel: pipe2, eventfd, socketpair, a loopback TCP connection, read, write and close through libc.
 * Every fd this object creates is remembered until it is closed through it, so the ring's
 * {@link NativeRing#close()} closes whatever the application left open. The rule that makes
 * this safe: close such an fd through this object or leave it to the ring; closed any other
 * way, its number may be reused by a file the ring would then close.
 *
 * <p>Pipes, eventfds and sockets are also {@code O_CLOEXEC}, so no child process (a JMH fork, a
 * launcher) inherits them; it changes nothing the ring can observe. Like the ring, one thread
 * at a time uses it: it has its own errno state, distinct from the ring's, so the ring owner
 * and one other thread (a writer poking a pipe) may call concurrently.
 */
final class NativeSyscalls implements Syscalls {
    /** sockaddr_in's sin_addr: network byte order. */
    private static final ValueLayout.OfInt IN_ADDR = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private final MemorySegment errno;
    /** int pipefd[2] for pipe2, and sv[2] for socketpair. */
    private final MemorySegment pipeFds;
    /** The fds created here and not yet closed here, by number. */
    private final BitSet open = new BitSet();
    private boolean closed;

    /** Allocates its errno state and pipe2 argument in the ring's {@code arena}. */
    NativeSyscalls(Arena arena) {
        this.errno = Libc.newErrnoState(arena);
        this.pipeFds = arena.allocate(JAVA_INT, 2);
    }

    @Override
    public int[] pipe() {
        ensureOpen();
        int ret = Libc.pipe2(errno, pipeFds, Libc.O_NONBLOCK | Libc.O_CLOEXEC);
        if (ret < 0) {
            throw new IllegalStateException("pipe2(O_NONBLOCK): " + Errno.name(-ret));
        }
        int[] fds = {pipeFds.getAtIndex(JAVA_INT, 0), pipeFds.getAtIndex(JAVA_INT, 1)};
        open.set(fds[0]);
        open.set(fds[1]);
        return fds;
    }

    @Override
    public int[] socketpair() {
        ensureOpen();
        int ret = Libc.socketpair(errno, Libc.AF_UNIX, Libc.SOCK_STREAM | Libc.O_NONBLOCK | Libc.O_CLOEXEC, pipeFds);
        if (ret < 0) {
            throw new IllegalStateException("socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK): " + Errno.name(-ret));
        }
        int[] fds = {pipeFds.getAtIndex(JAVA_INT, 0), pipeFds.getAtIndex(JAVA_INT, 1)};
        open.set(fds[0]);
        open.set(fds[1]);
        return fds;
    }

    /**
     * A TCP connection over loopback: a listener bound to 127.0.0.1, port 0 (the kernel picks one),
     * a non-blocking client connecting to it (-EINPROGRESS: the handshake completes in softirq on
     * loopback), the server's end from accept4; the listener is closed once it has handed it over.
     */
    @Override
    public int[] tcpPair() {
        ensureOpen();
        int type = Libc.SOCK_STREAM | Libc.O_CLOEXEC;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment addr = arena.allocate(Libc.SOCKADDR_IN_SIZE);
            addr.set(JAVA_SHORT, 0, (short) Libc.AF_INET);
            addr.set(IN_ADDR, 4, 0x7f000001); // sin_addr 127.0.0.1, sin_port 0
            MemorySegment len = arena.allocateFrom(JAVA_INT, Libc.SOCKADDR_IN_SIZE);
            int listener = check(Libc.socket(errno, Libc.AF_INET, type), "socket(AF_INET, SOCK_STREAM)");
            try {
                check(Libc.bind(errno, listener, addr), "bind(127.0.0.1:0)");
                check(Libc.listen(errno, listener, 1), "listen");
                check(Libc.getsockname(errno, listener, addr, len), "getsockname");
                int client = check(Libc.socket(errno, Libc.AF_INET, type | Libc.O_NONBLOCK), "socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK)");
                open.set(client);
                int ret = Libc.connect(errno, client, addr);
                if (ret < 0 && ret != -Errno.EINPROGRESS) {
                    throw new IllegalStateException("connect(127.0.0.1): " + Errno.name(-ret));
                }
                int server = check(Libc.accept4(errno, listener, Libc.O_NONBLOCK | Libc.O_CLOEXEC), "accept4");
                open.set(server);
                return new int[] {server, client};
            } finally {
                Libc.close(errno, listener);
            }
        }
    }

    private static int check(int ret, String what) {
        if (ret < 0) {
            throw new IllegalStateException(what + ": " + Errno.name(-ret));
        }
        return ret;
    }

    @Override
    public int eventfd() {
        ensureOpen();
        int fd = Libc.eventfd(errno, 0, Libc.O_NONBLOCK | Libc.O_CLOEXEC);
        if (fd < 0) {
            throw new IllegalStateException("eventfd(0, EFD_NONBLOCK): " + Errno.name(-fd));
        }
        open.set(fd);
        return fd;
    }

    @Override
    public int read(int fd, MemorySegment buf, int len) {
        ensureOpen();
        return Libc.read(errno, fd, requireNativeBuffer(buf, len), len);
    }

    @Override
    public int write(int fd, MemorySegment buf, int len) {
        ensureOpen();
        return Libc.write(errno, fd, requireNativeBuffer(buf, len), len);
    }

    /**
     * No null_blk can be made without privileges, so the block device is an unlinked file of
     * {@code size} bytes in java.io.tmpdir, written with zeros, opened O_RDWR | O_DIRECT: whatever the file system
     * does with O_DIRECT (ext4: iomap direct IO, IRQ completions; -EINVAL from open where the
     * file system has no O_DIRECT, as tmpfs before 6.6). Poll queues cannot be had:
     * {@code pollQueues > 0} is -EOPNOTSUPP; {@code completionNsec} is the device's own.
     */
    @Override
    public int openBlockDevice(String name, long size, int pollQueues, long completionNsec) {
        ensureOpen();
        if (size <= 0 || size % 512 != 0 || pollQueues < 0 || completionNsec < 0) {
            return -Errno.EINVAL;
        }
        if (pollQueues > 0) {
            return -Errno.EOPNOTSUPP;
        }
        Path file = null;
        try (Arena arena = Arena.ofConfined()) {
            file = Files.createTempFile("uringlab-" + name.replaceAll("[^A-Za-z0-9_-]", "_") + "-", ".img");
            writeZeros(file, size);
            int fd = Libc.open(errno, arena.allocateFrom(file.toString()), Libc.O_RDWR | Libc.O_DIRECT | Libc.O_CLOEXEC);
            if (fd >= 0) {
                open.set(fd);
            }
            return fd;
        } catch (IOException e) {
            throw new IllegalStateException("a " + size + "-byte file for block device " + name + ": " + e, e);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // the fd keeps the data; a leftover name in tmpdir is harmless
                }
            }
        }
    }

    /**
     * Writes {@code size} zero bytes and syncs them: every block is allocated and on disk, so an
     * O_DIRECT read is a real read of the device (a sparse file's holes would be zero-filled by
     * the file system without any IO).
     */
    private static void writeZeros(Path file, long size) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer zeros = ByteBuffer.allocate(1 << 20);
            for (long pos = 0; pos < size; ) {
                zeros.clear().limit((int) Math.min(zeros.capacity(), size - pos));
                pos += ch.write(zeros, pos);
            }
            ch.force(true);
        }
    }

    /** close(2); an fd created here is forgotten, since Linux releases it even when close reports an error. */
    @Override
    public int close(int fd) {
        ensureOpen();
        if (fd >= 0) {
            open.clear(fd);
        }
        return Libc.close(errno, fd);
    }

    /** Closes every fd created here and still open, and refuses calls from now on. The ring's close, before its arena goes. */
    void closeAll() {
        closed = true;
        for (int fd = open.nextSetBit(0); fd >= 0; fd = open.nextSetBit(fd + 1)) {
            Libc.close(errno, fd);
        }
        open.clear();
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the native ring these system calls belong to is closed");
        }
    }

    /** The kernel must not write past the segment: an undersized or heap buffer is API misuse. */
    private static MemorySegment requireNativeBuffer(MemorySegment buf, int len) {
        if (!buf.isNative() || len < 0 || buf.byteSize() < len) {
            throw new IllegalArgumentException("a read/write buffer must be a native segment of at least len=" + len
                    + " bytes: " + buf);
        }
        return buf;
    }
}
