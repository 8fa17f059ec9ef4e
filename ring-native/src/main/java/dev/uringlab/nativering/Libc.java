package dev.uringlab.nativering;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The system calls ring-native makes, as FFM downcalls into the C library and nothing else:
 * glibc has no wrappers for io_uring, so {@code io_uring_setup}, {@code io_uring_enter} and
 * {@code io_uring_register} go through {@code syscall(2)} by number, like liburing's
 * {@code __sys_io_uring_*} without its inline assembly.
 *
 * <p>Every call that can fail takes an <em>errno state</em> first: a segment of
 * {@link Linker.Option#captureStateLayout()} that the downcall fills with {@code errno} right
 * after the C call returns ({@link Linker.Option#captureCallState}), before the JVM can
 * clobber it. Its owner allocates it once ({@link #newErrnoState}) and reuses it, so a call
 * allocates nothing; one errno state serves one thread at a time. Each method returns what
 * the kernel returned: the result when non-negative, else {@code -errno}, as the raw system
 * call does.
 *
 * <p>Every {@code syscall} argument is passed as a 64-bit word (JAVA_LONG or ADDRESS): glibc's
 * {@code syscall} moves whole registers into the kernel's, so a 32-bit value would leave the
 * upper half of its register undefined. The handles are static finals, called with
 * {@code invokeExact}, so the JIT inlines the downcall stub into the caller.
 *
 * <p>The system call numbers are those of x86_64 and aarch64 (io_uring came after the
 * numbering was unified: 425, 426, 427 on every architecture but alpha). The class must not
 * be initialised before {@link NativeAvailability} has accepted the architecture.
 */
@SuppressWarnings("restricted") // Downcalls are this class's purpose; the JVM needs --enable-native-access for them.
final class Libc {
    private Libc() {}

    /** __NR_io_uring_setup. */
    static final long SYS_IO_URING_SETUP = 425;
    /** __NR_io_uring_enter. */
    static final long SYS_IO_URING_ENTER = 426;
    /** __NR_io_uring_register. */
    static final long SYS_IO_URING_REGISTER = 427;

    /** Whether this is aarch64 (the generic syscall table) rather than x86_64. */
    private static final boolean AARCH64 = "aarch64".equals(System.getProperty("os.arch"));
    /** __NR_perf_event_open: 298 on x86_64, 241 in the generic table (aarch64). */
    static final long SYS_PERF_EVENT_OPEN = AARCH64 ? 241 : 298;
    /** __NR_ioctl: 16 on x86_64, 29 in the generic table (aarch64). */
    static final long SYS_IOCTL = AARCH64 ? 29 : 16;

    /** PROT_READ | PROT_WRITE. */
    static final int PROT_READ_WRITE = 0x1 | 0x2;
    /** MAP_SHARED | MAP_POPULATE: liburing's flags for the ring mappings. */
    static final int MAP_SHARED_POPULATE = 0x01 | 0x8000;
    /** O_NONBLOCK (== EFD_NONBLOCK) on x86_64 and aarch64. */
    static final int O_NONBLOCK = 0x800;
    /** O_CLOEXEC (== EFD_CLOEXEC) on x86_64 and aarch64. */
    static final int O_CLOEXEC = 0x80000;
    /** O_RDWR. */
    static final int O_RDWR = 0x2;
    /** O_DIRECT (x86-64, arm64 generic: 040000). */
    static final int O_DIRECT = 0x4000;
    /** AF_UNIX. */
    static final int AF_UNIX = 1;
    /** SOCK_STREAM; SOCK_NONBLOCK and SOCK_CLOEXEC are O_NONBLOCK and O_CLOEXEC. */
    static final int SOCK_STREAM = 1;
    /** AF_INET. */
    static final int AF_INET = 2;
    /** sizeof(struct sockaddr_in): sin_family u16, sin_port u16 (network order), sin_addr u32 (network order), 8 bytes of zero. */
    static final int SOCKADDR_IN_SIZE = 16;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");
    private static final VarHandle ERRNO = Linker.Option.captureStateLayout().varHandle(groupElement("errno"));

    /** syscall(nr, a1, a2): io_uring_setup(entries, params). */
    private static final MethodHandle SYSCALL_2 = syscall(JAVA_LONG, ADDRESS);
    /** syscall(nr, a1..a4): io_uring_register(fd, opcode, arg, nr_args). */
    private static final MethodHandle SYSCALL_4 = syscall(JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG);
    /** syscall(nr, a1..a6): io_uring_enter(fd, to_submit, min_complete, flags, argp, argsz). */
    private static final MethodHandle SYSCALL_6 = syscall(JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG);
    /** syscall(nr, a1..a5): perf_event_open(attr, pid, cpu, group_fd, flags). */
    private static final MethodHandle SYSCALL_5 = syscall(ADDRESS, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG);
    /** syscall(nr, a1..a3): ioctl(fd, request, argp). */
    private static final MethodHandle SYSCALL_3 = syscall(JAVA_LONG, JAVA_LONG, ADDRESS);
    /** void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset). */
    private static final MethodHandle MMAP = libc("mmap", true,
            FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG));
    /** int munmap(void *addr, size_t length): no errno, it fails only for arguments it was not given by mmap. */
    private static final MethodHandle MUNMAP = libc("munmap", false, FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));
    /** int socketpair(int domain, int type, int protocol, int sv[2]). */
    private static final MethodHandle SOCKETPAIR = libc("socketpair", true,
            FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS));
    /** int socket(int domain, int type, int protocol). */
    private static final MethodHandle SOCKET = libc("socket", true, FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));
    /** int bind(int fd, const struct sockaddr *addr, socklen_t len); connect and getsockname (len by pointer) likewise. */
    private static final MethodHandle BIND = libc("bind", true, FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle CONNECT = libc("connect", true, FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle GETSOCKNAME = libc("getsockname", true, FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS));
    /** int listen(int fd, int backlog). */
    private static final MethodHandle LISTEN = libc("listen", true, FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    /** int accept4(int fd, struct sockaddr *addr, socklen_t *len, int flags). */
    private static final MethodHandle ACCEPT4 = libc("accept4", true, FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    /** int pipe2(int pipefd[2], int flags). */
    private static final MethodHandle PIPE2 = libc("pipe2", true, FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    /** int eventfd(unsigned int initval, int flags). */
    private static final MethodHandle EVENTFD = libc("eventfd", true, FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT));
    /** ssize_t read(int fd, void *buf, size_t count). */
    private static final MethodHandle READ = libc("read", true, FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    /** ssize_t write(int fd, const void *buf, size_t count). */
    private static final MethodHandle WRITE = libc("write", true, FunctionDescriptor.of(JAVA_LONG, JAVA_INT, ADDRESS, JAVA_LONG));
    /** int close(int fd). */
    private static final MethodHandle CLOSE = libc("close", true, FunctionDescriptor.of(JAVA_INT, JAVA_INT));
    /** int open(const char *path, int flags, ...): variadic, the mode not passed (no O_CREAT). */
    private static final MethodHandle OPEN = libc("open", true, FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));

    private static MethodHandle syscall(MemoryLayout... args) {
        MemoryLayout[] all = new MemoryLayout[args.length + 1];
        all[0] = JAVA_LONG;
        System.arraycopy(args, 0, all, 1, args.length);
        return LINKER.downcallHandle(symbol("syscall"), FunctionDescriptor.of(JAVA_LONG, all),
                Linker.Option.firstVariadicArg(1), CAPTURE_ERRNO);
    }

    private static MethodHandle libc(String name, boolean captureErrno, FunctionDescriptor fd) {
        return captureErrno ? LINKER.downcallHandle(symbol(name), fd, CAPTURE_ERRNO) : LINKER.downcallHandle(symbol(name), fd);
    }

    private static MemorySegment symbol(String name) {
        return LINKER.defaultLookup().find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("the C library has no symbol " + name));
    }

    /** A fresh errno state in {@code arena}, for one thread's calls. */
    static MemorySegment newErrnoState(Arena arena) {
        return arena.allocate(Linker.Option.captureStateLayout());
    }

    /** {@code -errno} when the C call returned -1, else its result. */
    private static long result(long ret, MemorySegment errnoState) {
        return ret == -1 ? -(int) ERRNO.get(errnoState, 0L) : ret;
    }

    /** io_uring_setup(2): the ring fd, or -errno; {@code params} is read and written back. */
    static int ioUringSetup(MemorySegment errnoState, int entries, MemorySegment params) {
        try {
            return (int) result((long) SYSCALL_2.invokeExact(errnoState, SYS_IO_URING_SETUP, (long) entries, params), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** io_uring_enter(2): SQEs consumed (or 0 when only waiting), or -errno. */
    static int ioUringEnter(MemorySegment errnoState, int ringFd, int toSubmit, int minComplete, int flags,
            MemorySegment arg, long argSize) {
        try {
            return (int) result((long) SYSCALL_6.invokeExact(errnoState, SYS_IO_URING_ENTER, (long) ringFd,
                    Integer.toUnsignedLong(toSubmit), Integer.toUnsignedLong(minComplete), Integer.toUnsignedLong(flags),
                    arg, argSize), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** io_uring_register(2): the opcode's result, or -errno. */
    static int ioUringRegister(MemorySegment errnoState, int ringFd, int opcode, MemorySegment arg, int nrArgs) {
        try {
            return (int) result((long) SYSCALL_4.invokeExact(errnoState, SYS_IO_URING_REGISTER, (long) ringFd,
                    Integer.toUnsignedLong(opcode), arg, Integer.toUnsignedLong(nrArgs)), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * perf_event_open(2) for the calling thread ({@code pid} 0) on any CPU ({@code cpu} -1),
     * no group, {@code PERF_FLAG_FD_CLOEXEC}: the event's fd, or -errno.
     */
    static int perfEventOpenThisThread(MemorySegment errnoState, MemorySegment attr) {
        final long perfFlagFdCloexec = 1L << 3;
        try {
            return (int) result((long) SYSCALL_5.invokeExact(errnoState, SYS_PERF_EVENT_OPEN, attr, 0L, -1L, -1L,
                    perfFlagFdCloexec), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** ioctl(2) with a pointer argument (or NULL): the result, or -errno. */
    static int ioctl(MemorySegment errnoState, int fd, long request, MemorySegment arg) {
        try {
            return (int) result((long) SYSCALL_3.invokeExact(errnoState, SYS_IOCTL, (long) fd, request, arg), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * mmap(2) of {@code length} bytes of {@code fd} at {@code offset}, shared and populated.
     *
     * @return the address, or -errno (MAP_FAILED is -1, and no mapping lies in the top page)
     */
    static long mmapShared(MemorySegment errnoState, long length, int fd, long offset) {
        try {
            MemorySegment addr = (MemorySegment) MMAP.invokeExact(errnoState, MemorySegment.NULL, length,
                    PROT_READ_WRITE, MAP_SHARED_POPULATE, fd, offset);
            return result(addr.address(), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** munmap(2): 0, or -1 when {@code mapping} was not a mapping (a bug, never a run-time condition). */
    static int munmap(MemorySegment mapping) {
        try {
            return (int) MUNMAP.invokeExact(mapping, mapping.byteSize());
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** pipe2(2) into {@code fds} (two ints): 0 or -errno. */
    static int pipe2(MemorySegment errnoState, MemorySegment fds, int flags) {
        try {
            return (int) result((int) PIPE2.invokeExact(errnoState, fds, flags), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** socketpair(2) into {@code fds} (two ints): 0 or -errno. */
    static int socketpair(MemorySegment errnoState, int domain, int type, MemorySegment fds) {
        try {
            return (int) result((int) SOCKETPAIR.invokeExact(errnoState, domain, type, 0, fds), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** socket(2): the fd, or -errno. */
    static int socket(MemorySegment errnoState, int domain, int type) {
        try {
            return (int) result((int) SOCKET.invokeExact(errnoState, domain, type, 0), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** bind(2) to {@code addr} (a sockaddr_in): 0 or -errno. */
    static int bind(MemorySegment errnoState, int fd, MemorySegment addr) {
        try {
            return (int) result((int) BIND.invokeExact(errnoState, fd, addr, (int) addr.byteSize()), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** listen(2): 0 or -errno. */
    static int listen(MemorySegment errnoState, int fd, int backlog) {
        try {
            return (int) result((int) LISTEN.invokeExact(errnoState, fd, backlog), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** getsockname(2) into {@code addr} (its size in {@code len}, an int, read and written): 0 or -errno. */
    static int getsockname(MemorySegment errnoState, int fd, MemorySegment addr, MemorySegment len) {
        try {
            return (int) result((int) GETSOCKNAME.invokeExact(errnoState, fd, addr, len), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** connect(2) to {@code addr} (a sockaddr_in): 0 or -errno (-EINPROGRESS from a non-blocking socket). */
    static int connect(MemorySegment errnoState, int fd, MemorySegment addr) {
        try {
            return (int) result((int) CONNECT.invokeExact(errnoState, fd, addr, (int) addr.byteSize()), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** accept4(2) without the peer's address: the fd, or -errno. */
    static int accept4(MemorySegment errnoState, int fd, int flags) {
        try {
            return (int) result((int) ACCEPT4.invokeExact(errnoState, fd, MemorySegment.NULL, MemorySegment.NULL, flags), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** eventfd(2): the fd, or -errno. */
    static int eventfd(MemorySegment errnoState, int initval, int flags) {
        try {
            return (int) result((int) EVENTFD.invokeExact(errnoState, initval, flags), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** read(2): the count, or -errno. */
    static int read(MemorySegment errnoState, int fd, MemorySegment buf, int len) {
        try {
            return (int) result((long) READ.invokeExact(errnoState, fd, buf, Integer.toUnsignedLong(len)), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** write(2): the count, or -errno. */
    static int write(MemorySegment errnoState, int fd, MemorySegment buf, int len) {
        try {
            return (int) result((long) WRITE.invokeExact(errnoState, fd, buf, Integer.toUnsignedLong(len)), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** open(2) of {@code path} (a NUL-terminated native string) without O_CREAT: the fd, or -errno. */
    static int open(MemorySegment errnoState, MemorySegment path, int flags) {
        try {
            return (int) result((int) OPEN.invokeExact(errnoState, path, flags), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** close(2): 0 or -errno (on Linux the fd is released even when it reports an error). */
    static int close(MemorySegment errnoState, int fd) {
        try {
            return (int) result((int) CLOSE.invokeExact(errnoState, fd), errnoState);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * A downcall throws only what Java code around it throws (a closed arena's segment, a
     * heap segment where an address is due): unchecked exceptions and errors, rethrown as is.
     */
    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("downcall failed", t);
    }
}
