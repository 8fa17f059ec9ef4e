package dev.uringlab.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A task's CPUs as the kernel reports them: the {@code Cpus_allowed_list} of its /proc status file. */
final class CpusAllowed {
    private CpusAllowed() {}

    /** The calling thread's status file. */
    static final Path SELF = Path.of("/proc/thread-self/status");

    /** The {@code Cpus_allowed_list} of the task whose status file is {@code status}. */
    static String of(Path status) throws IOException {
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst().orElseThrow()
                .substring("Cpus_allowed_list:".length()).trim();
    }

    /** The calling thread's. */
    static String self() throws IOException {
        return of(SELF);
    }
}
