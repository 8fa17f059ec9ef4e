package dev.uringlab.core.fs;

import static dev.uringlab.api.Errno.EAGAIN;
import static dev.uringlab.api.Errno.EPIPE;
import static dev.uringlab.api.PollEvents.POLLERR;
import static dev.uringlab.api.PollEvents.POLLHUP;
import static dev.uringlab.api.PollEvents.POLLIN;
import static dev.uringlab.api.PollEvents.POLLOUT;
import static dev.uringlab.api.PollEvents.POLLRDNORM;
import static dev.uringlab.api.PollEvents.POLLWRNORM;

import dev.uringlab.core.sync.WaitQueueHead;
import dev.uringlab.spi.Counters;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;
import dev.uringlab.spi.recipe.OutOfLine;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code struct pipe_inode_info} opened with {@code pipe2(O_NONBLOCK)}: a ring of
 * {@link #PIPE_DEF_BUFFERS} slots ({@code struct pipe_buffer}), each one page with an offset and
 * a length, indexed by {@code head} (the writer's) and {@code tail} (the reader's), guarded by
 * {@code pipe->mutex}; a read end and a write end ({@link #readEnd}, {@link #writeEnd}), and two
 * waitqueues as since 5.5: {@code rd_wait}, woken with POLLIN|POLLRDNORM by a write that found the
 * pipe empty, or by any write once the pipe was polled ({@code poll_usage}), and {@code wr_wait},
 * woken with POLLOUT|POLLWRNORM by a read that frees a slot of a full pipe, never by others.
 *
 * <p>Capacity is counted in slots, not bytes, as pipe_write counts it: a write first merges its
 * sub-page remainder ({@code len & (PAGE_SIZE - 1)}) into the last page when the pipe is not
 * empty and it fits there whole, then fills fresh pages while a slot is free. So after a one-byte
 * write, 15 slots are left and a 64 KiB write writes 61440 bytes; a write of at most a page is
 * all or nothing (-EAGAIN when neither the merge nor a free slot can take it); the write end
 * polls writable while a slot is free. An empty pipe reads -EAGAIN while a writer exists, else 0
 * (end of file); writing with no reader is -EPIPE. Closing an end wakes both waitqueues without
 * a key, as pipe_release does.
 */
public final class Pipe {
    /** PIPE_DEF_BUFFERS: the slots of a new pipe (pipe->max_usage and ring_size). */
    public static final int PIPE_DEF_BUFFERS = 16;
    /** PAGE_SIZE: what one slot holds. */
    public static final int PAGE_SIZE = 4096;
    private static final int MASK = PIPE_DEF_BUFFERS - 1;

    private static final VarHandle HEAD;
    private static final VarHandle TAIL;
    private static final VarHandle READER_OPEN;
    private static final VarHandle WRITER_OPEN;
    private static final VarHandle POLL_USAGE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            HEAD = l.findVarHandle(Pipe.class, "head", int.class);
            TAIL = l.findVarHandle(Pipe.class, "tail", int.class);
            READER_OPEN = l.findVarHandle(Pipe.class, "readerOpen", boolean.class);
            WRITER_OPEN = l.findVarHandle(Pipe.class, "writerOpen", boolean.class);
            POLL_USAGE = l.findVarHandle(Pipe.class, "pollUsage", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ReentrantLock mutex = new ReentrantLock();
    /** pipe->bufs: one page per slot, allocated with the pipe (the kernel allocates on write and frees on read). */
    private final MemorySegment[] pages = new MemorySegment[PIPE_DEF_BUFFERS];
    /** buf->offset and buf->len of each slot. */
    private final int[] offset = new int[PIPE_DEF_BUFFERS];
    private final int[] length = new int[PIPE_DEF_BUFFERS];
    private final WaitQueueHead rdWait;
    private final WaitQueueHead wrWait;
    /** pipe->head, pipe->tail: free-running slot counters, written under {@link #mutex}; pipe_poll reads them without it. */
    private int head;
    private int tail;
    private boolean readerOpen = true;
    private boolean writerOpen = true;
    /** pipe->poll_usage: pipe_poll ran once (WRITE_ONCE, without the mutex); from then on every write wakes readers. */
    private boolean pollUsage;

    /** The read end, opened O_RDONLY|O_NONBLOCK. */
    public final EmulatedFile readEnd = new ReadEnd();
    /** The write end, opened O_WRONLY|O_NONBLOCK. */
    public final EmulatedFile writeEnd = new WriteEnd();

    public Pipe(Counters counters, Trace trace) {
        this.rdWait = new WaitQueueHead(counters, trace, "rd_wait");
        this.wrWait = new WaitQueueHead(counters, trace, "wr_wait");
        for (int i = 0; i < PIPE_DEF_BUFFERS; i++) {
            pages[i] = MemorySegment.ofArray(new byte[PAGE_SIZE]);
        }
    }

    /** Names the waitqueues in the trace after the fds the ends got. */
    public void installed(int readFd, int writeFd) {
        rdWait.name("rd_wait(fd " + readFd + ")");
        wrWait.name("wr_wait(fd " + writeFd + ")");
    }

    /** pipe_read with O_NONBLOCK: copy from the slot at the tail on, freeing each slot it empties. */
    int pipeRead(MemorySegment dst, long at, int len) {
        if (len == 0) {
            return 0;
        }
        int ret = 0;
        boolean wakeWriter = false;
        mutex.lock();
        try {
            if (head == tail) {
                return writerOpen ? -EAGAIN : 0;
            }
            while (head != tail && ret < len) {
                int slot = tail & MASK;
                int n = Math.min(length[slot], len - ret);
                MemorySegment.copy(pages[slot], offset[slot], dst, at + ret, n);
                offset[slot] += n;
                length[slot] -= n;
                ret += n;
                if (length[slot] == 0) {
                    wakeWriter |= head - tail == PIPE_DEF_BUFFERS; // pipe_full before the slot is freed
                    tail++; // pipe_update_tail: the slot is free again
                }
            }
        } finally {
            mutex.unlock();
        }
        if (wakeWriter) {
            wrWait.wakeUpSync(POLLOUT | POLLWRNORM); // wake_up_interruptible_sync_poll (fs/pipe.c:388 at v5.15)
        }
        return ret;
    }

    /**
     * pipe_write with O_NONBLOCK: merge the sub-page remainder into the last page if the pipe is
     * not empty and it fits (every buffer here is PIPE_BUF_FLAG_CAN_MERGE: an anonymous pipe without
     * O_DIRECT), then a page per free slot; -EAGAIN when nothing could be written.
     */
    int pipeWrite(MemorySegment src, long at, int len) {
        if (len == 0) {
            return 0;
        }
        int ret = 0;
        boolean wasEmpty = false;
        mutex.lock();
        try {
            if (!readerOpen) {
                ret = -EPIPE;
            } else {
                wasEmpty = head == tail;
                ret = copyIn(src, at, len);
            }
        } finally {
            mutex.unlock();
        }
        // "Epoll nonsensically wants a wakeup whether the pipe was already empty or not": once the
        // pipe was polled, every write wakes rd_wait, even one that wrote nothing.
        if (wasEmpty || (boolean) POLL_USAGE.getOpaque(this)) {
            rdWait.wakeUpSync(POLLIN | POLLRDNORM); // wake_up_interruptible_sync_poll (fs/pipe.c:592 at v5.15)
        }
        return ret;
    }

    /** pipe_write's copy, under the mutex: the merge, then a page per free slot; -EAGAIN when nothing fit. */
    private int copyIn(MemorySegment src, long at, int len) {
        int ret = 0;
        int chars = len & (PAGE_SIZE - 1);
        if (chars != 0 && head != tail) {
            int last = (head - 1) & MASK;
            int end = offset[last] + length[last];
            if (end + chars <= PAGE_SIZE) {
                MemorySegment.copy(src, at, pages[last], end, chars);
                length[last] += chars;
                ret = chars;
            }
        }
        while (ret < len && head - tail < PIPE_DEF_BUFFERS) {
            int slot = head & MASK;
            int n = Math.min(PAGE_SIZE, len - ret);
            MemorySegment.copy(src, at + ret, pages[slot], 0, n);
            offset[slot] = 0;
            length[slot] = n;
            head++;
            ret += n;
        }
        return ret == 0 ? -EAGAIN : ret; // pipe_full: no slot, and the merge could not take it
    }

    /**
     * pipe_poll for the read end. Like the kernel's ("Reading pipe state only -- no need for
     * acquiring the semaphore"), it takes no mutex: racy loads of the indexes the mutex guards,
     * READ_ONCE, which is an opaque load ({@code getOpaque}: never torn, no ordering). The kernel makes the race harmless by queueing the poll entry
     * first; here a poller's add_wait_queue (or the head lock of its re-arm check) orders it
     * after any write whose wakeup it missed, and a later write wakes the queued entry.
     */
    private int pollRead() {
        POLL_USAGE.setOpaque(this, true);
        return ((int) HEAD.getOpaque(this) != (int) TAIL.getOpaque(this) ? POLLIN | POLLRDNORM : 0)
                | ((boolean) WRITER_OPEN.getOpaque(this) ? 0 : POLLHUP);
    }

    /** pipe_poll for the write end, lockless as {@link #pollRead()}: writable while a slot is free (!pipe_full). */
    private int pollWrite() {
        POLL_USAGE.setOpaque(this, true);
        return ((int) HEAD.getOpaque(this) - (int) TAIL.getOpaque(this) < PIPE_DEF_BUFFERS ? POLLOUT | POLLWRNORM : 0)
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
        @Override public int read(MemorySegment dst, long at, int len) { return pipeRead(dst, at, len); }
        /** pipe_read (fs/pipe.c), pipefifo_fops.read_iter. */
        @Override
        @OutOfLine("pipe_read")
        public int readIter(Trace trace, MemorySegment dst, long at, int len) {
            trace.step(StepKind.CALL, "pipe_read");
            return pipeRead(dst, at, len);
        }
        @Override protected void release() { Pipe.this.release(true); }
    }

    private final class WriteEnd extends EmulatedFile {
        @Override public WaitQueueHead pollHead() { return wrWait; }
        @Override public int poll() { return pollWrite(); }
        @Override public int write(MemorySegment src, long at, int len) { return pipeWrite(src, at, len); }
        /** pipe_write (fs/pipe.c), pipefifo_fops.write_iter. */
        @Override
        @OutOfLine("pipe_write")
        public int writeIter(Trace trace, MemorySegment src, long at, int len) {
            trace.step(StepKind.CALL, "pipe_write");
            return pipeWrite(src, at, len);
        }
        @Override protected void release() { Pipe.this.release(false); }
    }
}
