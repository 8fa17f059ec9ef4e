package dev.uringlab.api;

import java.lang.foreign.MemorySegment;

/**
 * The few system calls a workload makes outside the ring, on the same kernel the ring runs
 * on: the emulated one (its own file table of emulated pipes and eventfds) or the real one.
 * Calls return what the system call returns: a count, or a negative errno; they never throw
 * for a failing call. Like every system call, returning to user space runs the calling
 * task's pending task work.
 */
public interface Syscalls {

    /** pipe2(O_NONBLOCK): {@code {readFd, writeFd}}; throws {@link IllegalStateException} if no pipe can be had. */
    int[] pipe();

    /** eventfd(0, EFD_NONBLOCK); throws {@link IllegalStateException} if none can be had. */
    int eventfd();

    /**
     * socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0): {@code {fd0, fd1}}, two connected
     * stream sockets (partial reads and writes, POLLIN/POLLOUT); throws
     * {@link IllegalStateException} if none can be had.
     */
    int[] socketpair();

    /**
     * A TCP connection over loopback (socket, bind to 127.0.0.1 port 0, listen, connect, accept4),
     * both ends non-blocking: {@code {serverFd, clientFd}}, the accepted end first. Stream
     * semantics as {@link #socketpair()}; unlike AF_UNIX, a sender is woken with POLLOUT only after
     * it ran out of room (SOCK_NOSPACE). Throws {@link IllegalStateException} if none can be had.
     */
    int[] tcpPair();

    /** read(2) of up to {@code len} bytes into a native buffer: the count, or -errno (-EAGAIN when empty). */
    int read(int fd, MemorySegment buf, int len);

    /** write(2) of {@code len} bytes from a native buffer: the count, or -errno. */
    int write(int fd, MemorySegment buf, int len);

    /** close(2): 0 or -errno. */
    int close(int fd);

    /**
     * A block device of {@code size} bytes with 512-byte logical blocks, opened
     * {@code O_RDWR | O_DIRECT}: the fd, or -errno. The emulated kernel makes a memory-backed
     * NVMe namespace (one interrupt queue, {@code pollQueues} poll queues, completions visible
     * {@code completionNsec} after submission: the knobs null_blk also has) and opens it; -EINVAL for a size that is not a positive
     * multiple of 512 or a negative queue count or latency. The real kernel has no such device
     * to make without privileges, so the native engine opens an unlinked file of that size
     * {@code O_DIRECT} instead: IRQ completions only, so {@code pollQueues > 0} is -EOPNOTSUPP.
     *
     * @param name           the device's name, for messages
     * @param pollQueues     poll_queues: hardware queues completed by polling (0: IRQ only)
     * @param completionNsec how long the device takes per command (0: at once)
     */
    int openBlockDevice(String name, long size, int pollQueues, long completionNsec);
}
