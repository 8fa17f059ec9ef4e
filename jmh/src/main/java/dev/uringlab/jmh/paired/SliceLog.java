package dev.uringlab.jmh.paired;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The measured slices of one fork of a paired race, in the order they ran, and the file they
 * are written to at the fork's end: one CSV line per slice,
 * <pre>
 * iteration,arm,start_ns,ns,ops,cpu_ns,arm_cpu_ns,threads
 * 1,a,0,20001234,655360,19998765,19998765,0
 * 1,b,20004321,20000987,683008,12000321,27000456,2
 * </pre>
 * {@code iteration} counts measurement iterations from 1, {@code arm} is {@code a} or
 * {@code b}, {@code start_ns} is the slice's start from the first measured slice's, {@code ns}
 * its length, {@code ops} the operations its arm did in it and {@code cpu_ns} the time the
 * benchmark thread was on a CPU during it (less than {@code ns} when other work took the CPU, or
 * when the arm waits for threads of its own), {@code arm_cpu_ns} the CPU time in it of the
 * benchmark thread and the arm's own threads together ({@code cpu_ns} when it has none; more
 * than {@code ns} when they ran at once on several CPUs; -1 when unknown: on the native ring,
 * whose kernel threads the JVM does not see), {@code threads} the threads the slice's arm had
 * besides the benchmark thread by the slice's end ({@link ArmThreads}), or -1 when the kernel may
 * work for it on threads of its own ({@code ring=native}). Slices come in blocks of four
 * ({@link PairedBenchmark}), so slice {@code 2k} and {@code 2k+1} are always neighbours of
 * different arms.
 */
final class SliceLog {
    /** The first line of the file. */
    static final String HEADER = "iteration,arm,start_ns,ns,ops,cpu_ns,arm_cpu_ns,threads";
    private static final int FIELDS = 8;

    private long[] data = new long[FIELDS * 1024];
    private int n;
    private long origin = -1;

    /** Records one measured slice. */
    void add(int iteration, int arm, long startNanos, long nanos, long ops, long cpuNanos, long armCpuNanos, int threads) {
        if (origin < 0) {
            origin = startNanos;
        }
        if (n + FIELDS > data.length) {
            data = Arrays.copyOf(data, data.length * 2);
        }
        data[n++] = iteration;
        data[n++] = arm;
        data[n++] = startNanos - origin;
        data[n++] = nanos;
        data[n++] = ops;
        data[n++] = cpuNanos;
        data[n++] = armCpuNanos;
        data[n++] = threads;
    }

    /** Slices recorded so far. */
    int size() {
        return n / FIELDS;
    }

    /** Writes the CSV above to {@code file}. */
    void write(Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.write('\n');
            for (int i = 0; i < n; i += FIELDS) {
                StringBuilder line = new StringBuilder().append(data[i]).append(',').append(data[i + 1] == 0 ? 'a' : 'b');
                for (int f = 2; f < FIELDS; f++) {
                    line.append(',').append(data[i + f]);
                }
                w.write(line.append('\n').toString());
            }
        }
    }
}
