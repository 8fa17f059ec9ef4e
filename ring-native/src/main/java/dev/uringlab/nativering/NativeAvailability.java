package dev.uringlab.nativering;

import dev.uringlab.api.Errno;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether this process may create io_uring instances, and if not, why, in words a user can
 * act on. The machine is probed once per JVM: the operating system and architecture, the
 * {@code kernel.io_uring_disabled} sysctl, and a real {@code io_uring_setup(1)} whose errno
 * becomes the reason. The system property {@value #DISABLE_PROPERTY} is read on every call,
 * so a test or a CI machine can force the engine off with a reason of its own.
 */
final class NativeAvailability {
    private NativeAvailability() {}

    /** {@code -Duringlab.native.disable=<reason>}: the native engine is unavailable, for that reason. */
    static final String DISABLE_PROPERTY = "uringlab.native.disable";

    private static final Path IO_URING_DISABLED = Path.of("/proc/sys/kernel/io_uring_disabled");
    private static final Path IO_URING_GROUP = Path.of("/proc/sys/kernel/io_uring_group");

    /** Why the native engine cannot open rings here, or empty when it can. */
    static Optional<String> unavailableReason() {
        String forced = System.getProperty(DISABLE_PROPERTY);
        if (forced != null) {
            return Optional.of("disabled by -D" + DISABLE_PROPERTY + ": " + (forced.isBlank() ? "(no reason given)" : forced));
        }
        return Probe.REASON;
    }

    /** The machine's answer, computed on first use (class-holder idiom) and kept for the JVM's life. */
    private static final class Probe {
        static final Optional<String> REASON = probe();
    }

    private static Optional<String> probe() {
        String os = System.getProperty("os.name", "");
        if (!os.equals("Linux")) {
            return Optional.of("io_uring is a Linux interface and this is " + os);
        }
        String arch = System.getProperty("os.arch", "");
        if (!arch.equals("amd64") && !arch.equals("x86_64") && !arch.equals("aarch64")) {
            return Optional.of("the io_uring system call numbers are known here for x86_64 and aarch64, and this is " + arch);
        }
        int disabled = readSysctl(IO_URING_DISABLED);
        if (disabled == 2) {
            // Documentation/admin-guide/sysctl/kernel.rst: 2 refuses io_uring_setup to every process, privileged or not.
            return Optional.of("io_uring is disabled for all processes (" + IO_URING_DISABLED + " = 2)");
        }
        int ret;
        try {
            ret = probeSetup();
        } catch (RuntimeException | LinkageError e) {
            return Optional.of("io_uring_setup cannot be called through FFM here: " + e);
        }
        if (ret >= 0) {
            return Optional.empty();
        }
        return Optional.of("io_uring_setup: " + Errno.name(-ret) + " (" + explain(-ret, disabled) + ")");
    }

    /** io_uring_setup(1) with zeroed params, closed at once: the fd, or -errno. */
    private static int probeSetup() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = Libc.newErrnoState(arena);
            int fd = Libc.ioUringSetup(errno, 1, arena.allocate(IoUringParamsDescriptor.LAYOUT));
            if (fd >= 0) {
                Libc.close(errno, fd);
            }
            return fd;
        }
    }

    private static String explain(int errno, int disabled) {
        return switch (errno) {
            case Errno.ENOSYS -> "kernel built without io_uring, CONFIG_IO_URING=n";
            case Errno.EPERM -> disabled == 1 ? refusedToUnprivileged()
                    : "refused without the io_uring_disabled sysctl, e.g. by a seccomp filter such as a container's default profile";
            case Errno.ENOMEM -> "no memory for the rings; before 5.12 they count against RLIMIT_MEMLOCK (ulimit -l)";
            case Errno.EMFILE -> "this process has no free file descriptor";
            default -> "unexpected for io_uring_setup(1)";
        };
    }

    /** io_uring_disabled = 1: rings are for CAP_SYS_ADMIN and, when io_uring_group is not -1, that group's members. */
    private static String refusedToUnprivileged() {
        int group = readSysctl(IO_URING_GROUP);
        return IO_URING_DISABLED + " = 1: only a process with CAP_SYS_ADMIN"
                + (group >= 0 ? " or in group " + group + " (" + IO_URING_GROUP + ")" : "") + " may create rings";
    }

    /** A numeric sysctl, or -1 when the file is absent (kernels before 6.6) or unreadable. */
    private static int readSysctl(Path path) {
        try {
            return Integer.parseInt(Files.readString(path).trim());
        } catch (IOException | NumberFormatException | SecurityException e) {
            return -1;
        }
    }
}
