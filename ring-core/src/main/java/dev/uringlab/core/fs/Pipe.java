package dev.uringlab.core.fs;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.PollEvents.POLLERR;
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
 * {@code struct pipe_inode_info} opened with {@code pipe2(O_NONBLOCK)}: a 64 KiB buffer
 * guarded by {@code pipe->mutex}, a read end and a write end ({@link #readEnd},
 * {@link #writeEnd}), and two waitqueues as since 5.5: {@code rd_wait} (woken with
 * POLLIN|POLLRDNORM by a write) and {@code wr_wait} (woken with POLLOUT|POLLWRNORM by a read).
 * Non-blocking semantics of fs/pipe.c: an empty pipe reads -EAGAIN while a writer exists,
 * else 0 (end of file); a write of at most PIPE_BUF bytes is atomic (-EAGAIN when it does
 * not fit whole), a longer one writes what fits; writing with no reader is -EPIPE. Closing an
 * end wakes both waitqueues without a key, as pipe_release does.
 */
public final class Pipe {
    /** The pipe's capacity: 16 pages, the default pipe size. */
    public static final int PIPE_SIZE = 65536;
    /** PIPE_BUF: writes up to this size are atomic. */
    public static final int PIPE_BUF = 4096;
    /** EPIPE (asm-generic/errno-base.h). */
    public static final int EPIPE = 32;

    private static final VarHandle COUNT;
    private static final VarHandle READER_OPEN;
    private static final VarHandle WRITER_OPEN;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            COUNT = l.findVarHandle(Pipe.class, "count", int.class);
            READER_OPEN = l.findVarHandle(Pipe.class, "readerOpen", boolean.class);
            WRITER_OPEN = l.findVarHandle(Pipe.class, "writerOpen", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ReentrantLock mutex = new ReentrantLock();
    private final MemorySegment buf = MemorySegment.ofArray(new byte[PIPE_SIZE]);
    private final WaitQueueHead rdWait;
    private final WaitQueueHead wrWait;
    /** Written under {@link #mutex}; pipe_poll reads {@code count} and the open flags without it. */
    private int head;
    private int count;
    private boolean readerOpen = true;
    private boolean writerOpen = true;

    /** The read end, opened O_RDONLY|O_NONBLOCK. */
    public final EmulatedFile readEnd = new ReadEnd();
    /** The write end, opened O_WRONLY|O_NONBLOCK. */
    public final EmulatedFile writeEnd = new WriteEnd();

    public Pipe(Counters counters, Trace trace) {
        this.rdWait = new WaitQueueHead(counters, trace, "rd_wait");
        this.wrWait = new WaitQueueHead(counters, trace, "wr_wait");
    }

    /** Names the waitqueues in the trace after the fds the ends got. */
    public void installed(int readFd, int writeFd) {
        rdWait.name("rd_wait(fd " + readFd + ")");
        wrWait.name("wr_wait(fd " + writeFd + ")");
    }

    /** pipe_read with O_NONBLOCK. */
    int pipeRead(MemorySegment dst, int len) {
        if (len == 0) {
            return 0;
        }
        int n;
        mutex.lock();
        try {
            if (count == 0) {
                return writerOpen ? -EAGAIN : 0;
            }
            n = Math.min(len, count);
            RingBytes.copyOut(buf, head, dst, n);
            head = (head + n) & (PIPE_SIZE - 1);
            count -= n;
        } finally {
            mutex.unlock();
        }
        wrWait.wakeUp(POLLOUT | POLLWRNORM);
        return n;
    }

    /** pipe_write with O_NONBLOCK. */
    int pipeWrite(MemorySegment src, int len) {
        int n;
        mutex.lock();
        try {
            if (!readerOpen) {
                return -EPIPE;
            }
            if (len == 0) {
                return 0;
            }
            int free = PIPE_SIZE - count;
            if (free == 0 || (len <= PIPE_BUF && free < len)) {
                return -EAGAIN;
            }
            n = Math.min(len, free);
            RingBytes.copyIn(src, buf, (head + count) & (PIPE_SIZE - 1), n);
            count += n;
        } finally {
            mutex.unlock();
        }
        rdWait.wakeUp(POLLIN | POLLRDNORM);
        return n;
    }

    /**
     * pipe_poll for the read end. Like the kernel's ("Reading pipe state only -- no need for
     * acquiring the semaphore"), it takes no mutex: racy loads of the state the mutex guards,
     * READ_ONCE, which is an opaque load ({@code getOpaque}: never torn, no ordering). The kernel makes the race harmless by queueing the poll entry
     * first; here a poller's add_wait_queue (or the head lock of its re-arm check) orders it
     * after any write whose wakeup it missed, and a later write wakes the queued entry.
     */
    private int pollRead() {
        return ((int) COUNT.getOpaque(this) > 0 ? POLLIN | POLLRDNORM : 0)
                | ((boolean) WRITER_OPEN.getOpaque(this) ? 0 : POLLHUP);
    }

    /** pipe_poll for the write end: lockless, as {@link #pollRead()}. */
    private int pollWrite() {
        return ((int) COUNT.getOpaque(this) < PIPE_SIZE ? POLLOUT | POLLWRNORM : 0)
                | ((boolean) READER_OPEN.getOpaque(this) ? 0 : POLLERR);
    }

    /** pipe_release of one end: wake both sides without a key so pollers re-poll and see POLLHUP/POLLERR. */
    private void release(boolean reader) {
        mutex.lock();
        try {
            if (reader) {
                readerOpen = false;
            } else {
                writerOpen = false;
            }
        } finally {
            mutex.unlock();
        }
        rdWait.wakeUp(0);
        wrWait.wakeUp(0);
    }

    private final class ReadEnd extends EmulatedFile {
        @Override public WaitQueueHead pollHead() { return rdWait; }
        @Override public int poll() { return pollRead(); }
        @Override public int read(MemorySegment dst, int len) { return pipeRead(dst, len); }
        @Override protected void release() { Pipe.this.release(true); }
    }

    private final class WriteEnd extends EmulatedFile {
        @Override public WaitQueueHead pollHead() { return wrWait; }
        @Override public int poll() { return pollWrite(); }
        @Override public int write(MemorySegment src, int len) { return pipeWrite(src, len); }
        @Override protected void release() { Pipe.this.release(false); }
    }
}
