package dev.uringlab.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.IntStream;

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

    /** The CPUs of a list such as {@code 0-1,4}, lowest first. */
    static int[] cpus(String list) {
        return Arrays.stream(list.split(",")).flatMapToInt(r -> {
            String[] ends = r.split("-");
            return IntStream.rangeClosed(Integer.parseInt(ends[0]), Integer.parseInt(ends[ends.length - 1]));
        }).toArray();
    }
}
