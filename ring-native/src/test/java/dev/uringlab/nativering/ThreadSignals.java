package dev.uringlab.nativering;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test-only: interrupt one thread's system call with a signal, as the JVM's own signals do
 * (glibc's gettid and tgkill, 2.30+). SIGPIPE is used because the JVM installs a handler that
 * ignores it: delivering it interrupts a sleeping system call and nothing else.
 */
@SuppressWarnings("restricted")
final class ThreadSignals {
    private ThreadSignals() {}

    static final int SIGPIPE = 13;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle GETTID = LINKER.downcallHandle(
            LINKER.defaultLookup().find("gettid").orElseThrow(), FunctionDescriptor.of(JAVA_INT));
    private static final MethodHandle TGKILL = LINKER.downcallHandle(
            LINKER.defaultLookup().find("tgkill").orElseThrow(), FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT));

    /** The calling thread's kernel tid. */
    static int gettid() throws Throwable {
        return (int) GETTID.invokeExact();
    }

    /** tgkill(getpid(), tid, sig): 0 or -1. */
    static int tgkill(int tid, int sig) throws Throwable {
        return (int) TGKILL.invokeExact((int) ProcessHandle.current().pid(), tid, sig);
    }

    /** The system call number thread {@code tid} is blocked in ({@code /proc/self/task/TID/syscall}), or -1 when running. */
    static int blockedIn(int tid) throws IOException {
        String first = Files.readString(Path.of("/proc/self/task/" + tid + "/syscall")).split(" ", 2)[0].trim();
        return first.equals("running") ? -1 : Integer.parseInt(first);
    }
}
