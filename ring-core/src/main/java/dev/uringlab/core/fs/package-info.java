/**
 * The emulated kernel's files: a per-ring {@link dev.uringlab.core.fs.FileTable} of small-int
 * fds, {@link dev.uringlab.core.fs.Pipe}s ({@code pipe2(O_NONBLOCK)}, 64 KiB, a read and a
 * write waitqueue), {@link dev.uringlab.core.fs.EventFd}s ({@code eventfd(0, EFD_NONBLOCK)})
 * and {@link dev.uringlab.core.fs.StreamSocket} pairs ({@code socketpair(AF_UNIX, SOCK_STREAM)}, and a TCP
 * connection over loopback), each with {@code ->poll} (a ready mask and the waitqueue {@code poll_wait}
 * registers on) and wakeups carrying the event key, as {@code fs/pipe.c}, {@code fs/eventfd.c},
 * {@code net/unix/af_unix.c} and {@code net/ipv4/tcp.c} give them.
 * Calls return counts or negative errnos, never throw for a failing call.
 *
 * <p>May not: know about rings or requests; io_uring reaches files only through
 * {@link dev.uringlab.core.fs.EmulatedFile}.
 */
package dev.uringlab.core.fs;
