package dev.uringlab.api;

import java.util.Map;

/**
 * The errno values (asm-generic/errno-base.h, errno.h) that io_uring reports as negative
 * {@code cqe->res} or io_uring_enter return values, with their names for scenario files, and
 * the kernel-internal ones the emulator passes between its layers (EIOCBQUEUED). Every errno
 * value of the project is declared here and nowhere else.
 */
public final class Errno {
    private Errno() {}

    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EFAULT = 14;
    public static final int EBUSY = 16;
    public static final int EEXIST = 17;
    public static final int ENODEV = 19;
    public static final int EINVAL = 22;
    public static final int EMFILE = 24;
    public static final int ENOSPC = 28;
    public static final int EPIPE = 32;
    public static final int ENOSYS = 38;
    public static final int EBADR = 53;
    public static final int ETIME = 62;
    public static final int EOVERFLOW = 75;
    public static final int EOPNOTSUPP = 95;
    public static final int EALREADY = 114;
    public static final int EINPROGRESS = 115;
    public static final int ECANCELED = 125;
    /**
     * EIOCBQUEUED (include/linux/errno.h): kernel-internal, never seen by user space; an IO was
     * queued and completes through ki_complete. io_uring's IOU_ISSUE_SKIP_COMPLETE is its negative.
     */
    public static final int EIOCBQUEUED = 529;

    private static final Map<String, Integer> BY_NAME = Map.ofEntries(
            Map.entry("EPERM", EPERM), Map.entry("ENOENT", ENOENT), Map.entry("EINTR", EINTR),
            Map.entry("EIO", EIO), Map.entry("EBADF", EBADF), Map.entry("EAGAIN", EAGAIN),
            Map.entry("ENOMEM", ENOMEM), Map.entry("EFAULT", EFAULT), Map.entry("EBUSY", EBUSY),
            Map.entry("EEXIST", EEXIST), Map.entry("EINVAL", EINVAL), Map.entry("EMFILE", EMFILE),
            Map.entry("ENODEV", ENODEV), Map.entry("ENOSPC", ENOSPC), Map.entry("EPIPE", EPIPE),
            Map.entry("ENOSYS", ENOSYS), Map.entry("EBADR", EBADR), Map.entry("ETIME", ETIME),
            Map.entry("EOVERFLOW", EOVERFLOW), Map.entry("EOPNOTSUPP", EOPNOTSUPP),
            Map.entry("EALREADY", EALREADY), Map.entry("EINPROGRESS", EINPROGRESS),
            Map.entry("ECANCELED", ECANCELED), Map.entry("EIOCBQUEUED", EIOCBQUEUED));

    /** The errno value of a name such as {@code "EINVAL"}, or -1 when the name is not known here. */
    public static int byName(String name) {
        return BY_NAME.getOrDefault(name, -1);
    }

    /** The name of an errno value, or {@code "errno <n>"} when it is not named here. */
    public static String name(int errno) {
        return BY_NAME.entrySet().stream().filter(e -> e.getValue() == errno).map(Map.Entry::getKey)
                .findFirst().orElse("errno " + errno);
    }
}
