package dev.uringlab.core;

import static dev.uringlab.api.Errno.EBADF;
import static dev.uringlab.api.Errno.EFAULT;
import static dev.uringlab.api.Errno.EINVAL;

import dev.uringlab.api.Syscalls;
import dev.uringlab.core.block.BlkdevFile;
import dev.uringlab.core.block.NvmeDev;
import dev.uringlab.core.fs.EmulatedFile;
import dev.uringlab.core.fs.EventFd;
import dev.uringlab.core.fs.Pipe;
import dev.uringlab.core.fs.StreamSocket;
import dev.uringlab.spi.trace.StepKind;
import java.lang.foreign.MemorySegment;

/**
 * The emulated process's system calls on the ring's file table: pipe2(O_NONBLOCK),
 * eventfd(0, EFD_NONBLOCK), socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK), a loopback TCP connection, read, write, close. Each returns what the system call returns;
 * on its way back to user space the calling task runs its pending task work (when it is the
 * ring's owner), as exit_to_user_mode does.
 */
final class EmulatedSyscalls implements Syscalls {
    private final IoRingCtx ctx;

    EmulatedSyscalls(IoRingCtx ctx) {
        this.ctx = ctx;
    }

    private void enter() {
        if (ctx.isClosed()) {
            throw new IllegalStateException("the ring is closed");
        }
    }

    @Override
    public int[] pipe() {
        enter();
        Pipe p = new Pipe(ctx.counters, ctx.trace);
        int[] fds = {ctx.fileTable.install(p.readEnd), ctx.fileTable.install(p.writeEnd)};
        p.installed(fds[0], fds[1]);
        ctx.returnToUser();
        return fds;
    }

    @Override
    public int eventfd() {
        enter();
        EventFd evfd = new EventFd(ctx.counters, ctx.trace);
        int fd = ctx.fileTable.install(evfd);
        evfd.installed(fd);
        ctx.returnToUser();
        return fd;
    }

    @Override
    public int[] socketpair() {
        return streamPair(StreamSocket.Family.UNIX);
    }

    @Override
    public int[] tcpPair() {
        return streamPair(StreamSocket.Family.TCP);
    }

    private int[] streamPair(StreamSocket.Family family) {
        enter();
        StreamSocket[] pair = StreamSocket.pair(family, ctx.counters, ctx.trace);
        int[] fds = {ctx.fileTable.install(pair[0]), ctx.fileTable.install(pair[1])};
        pair[0].installed(fds[0]);
        pair[1].installed(fds[1]);
        ctx.returnToUser();
        return fds;
    }

    @Override
    public int read(int fd, MemorySegment buf, int len) {
        return rw(fd, buf, len, true);
    }

    @Override
    public int write(int fd, MemorySegment buf, int len) {
        return rw(fd, buf, len, false);
    }

    /** read(2) / write(2) (fs/read_write.c:631, :656 at v5.15): a {@code syscall} step of the recipes. */
    private int rw(int fd, MemorySegment buf, int len, boolean read) {
        enter();
        ctx.trace.step(StepKind.SYSCALL, read ? "read" : "write");
        int ret;
        EmulatedFile f = ctx.fileTable.fget(fd);
        if (f == null) {
            ret = -EBADF;
        } else {
            if (len < 0) {
                ret = -EINVAL;
            } else if (buf.byteSize() < len) {
                ret = -EFAULT;
            } else {
                ret = read ? f.read(buf, 0, len) : f.write(buf, 0, len);
            }
            f.fput();
        }
        ctx.returnToUser();
        return ret;
    }

    /**
     * A memory-backed NVMe namespace of {@code size} bytes with {@code pollQueues} poll queues and
     * {@code completionNsec} of latency, opened O_RDWR | O_DIRECT: a {@link BlkdevFile} whose
     * device lives as long as the file. In deterministic mode the device has no IRQ thread.
     */
    @Override
    public int openBlockDevice(String name, long size, int pollQueues, long completionNsec) {
        enter();
        int ret;
        if (size <= 0 || size % NvmeDev.LOGICAL_BLOCK_SIZE != 0 || pollQueues < 0 || completionNsec < 0) {
            ret = -EINVAL;
        } else {
            ret = ctx.fileTable.install(new BlkdevFile(name, size, pollQueues, completionNsec, !ctx.deterministic,
                    ctx.bioSet, ctx.counters, ctx.trace));
        }
        ctx.returnToUser();
        return ret;
    }

    @Override
    public int close(int fd) {
        enter();
        int ret = ctx.fileTable.close(fd);
        ctx.returnToUser();
        return ret;
    }
}
