package dev.uringlab.core.fs;

import static dev.uringlab.api.Errno.EBADF;

import java.util.Arrays;

/**
 * {@code struct files_struct} of the emulated process: fds are small ints, the lowest free
 * one is handed out ({@code get_unused_fd_flags}), starting at 3 since 0-2 belong to the
 * process's standard streams. Lookups ({@link #fget}) are lockless and may run on any thread
 * (io-wq workers resolve their request's fd); install and close copy the array under the
 * table's monitor and publish it with a volatile store, as the kernel publishes an fdtable
 * under RCU.
 */
public final class FileTable {
    /** The first fd handed out. */
    public static final int FIRST_FD = 3;

    private volatile EmulatedFile[] fds = new EmulatedFile[16];

    /** fd_install at the lowest free fd; returns it. */
    public synchronized int install(EmulatedFile file) {
        EmulatedFile[] t = fds;
        int fd = FIRST_FD;
        while (fd < t.length && t[fd] != null) {
            fd++;
        }
        EmulatedFile[] copy = Arrays.copyOf(t, Math.max(t.length, fd < t.length ? t.length : t.length * 2));
        copy[fd] = file;
        fds = copy;
        return fd;
    }

    /** fget: the open file at {@code fd} with a reference taken ({@link EmulatedFile#fput} it), or null. */
    public EmulatedFile fget(int fd) {
        EmulatedFile[] t = fds;
        if (fd < 0 || fd >= t.length) {
            return null;
        }
        EmulatedFile f = t[fd];
        return f != null && f.tryGet() ? f : null;
    }

    /** close(2): 0, or -EBADF when {@code fd} names no open file. */
    public synchronized int close(int fd) {
        EmulatedFile[] t = fds;
        if (fd < 0 || fd >= t.length || t[fd] == null) {
            return -EBADF;
        }
        EmulatedFile f = t[fd];
        EmulatedFile[] copy = t.clone();
        copy[fd] = null;
        fds = copy;
        f.fput();
        return 0;
    }

    /** exit_files: close every fd. */
    public synchronized void closeAll() {
        for (int fd = 0; fd < fds.length; fd++) {
            if (fds[fd] != null) {
                close(fd);
            }
        }
    }
}
