package dev.uringlab.nativering;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.uringlab.api.Errno;
import dev.uringlab.spi.Counter;
import dev.uringlab.spi.KernelCounts;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The kernel's counts of a native ring's work: one perf_event_open counter per
 * {@linkplain Counter#tracepoint() tracepoint}, as {@code perf stat -e io_uring:... --tid}
 * counts them.
 *
 * <pre>
 *   struct perf_event_attr (the fields set; everything else 0)
 *   +0   u32 type      PERF_TYPE_TRACEPOINT (2)
 *   +4   u32 size      sizeof, PERF_ATTR_SIZE_VER7 (128)
 *   +8   u64 config    the tracepoint's id: tracefs events/SYSTEM/NAME/id
 *   +40  u64 flags     bit 1 inherit: threads the counted thread starts later count too
 * </pre>
 *
 * <p>Each counter counts the thread that opens this object ({@code pid} 0, {@code cpu} -1: the
 * thread wherever it runs) and, by {@code inherit}, every thread it creates afterwards: the
 * ring's io-wq workers (create_io_thread clones the submitting task with CLONE_THREAD, so
 * perf_event_init_task gives each a child counter) and the benchmark's own helper threads. A
 * read of the parent's fd sums the children (perf_event_read_value). Nothing global is touched:
 * no tracefs instance, no ftrace buffer, no other process's counters. A tracepoint with a
 * filter ({@code name == "io_kiocb"}) gets it with PERF_EVENT_IOC_SET_FILTER.
 *
 * <p>Every hit of a counted tracepoint runs perf's handler in the kernel, so counting slows the
 * counted path; the ring counts only when asked ({@link KernelCounts#PROPERTY}). Reads are a
 * read(2) per counter, one thread at a time.
 */
final class PerfKernelCounts implements KernelCounts {
    /** Where tracefs is mounted on current systems, then where debugfs used to carry it. */
    private static final List<Path> TRACEFS = List.of(Path.of("/sys/kernel/tracing"), Path.of("/sys/kernel/debug/tracing"));
    private static final int PERF_TYPE_TRACEPOINT = 2;
    private static final int PERF_ATTR_SIZE_VER7 = 128;
    private static final long ATTR_INHERIT = 1L << 1;
    /** PERF_EVENT_IOC_SET_FILTER: _IOW('$', 6, char *). */
    private static final long PERF_EVENT_IOC_SET_FILTER = 0x40082406L;
    private static final Path PARANOID = Path.of("/proc/sys/kernel/perf_event_paranoid");

    private final Arena arena = Arena.ofShared();
    private final MemorySegment errno = Libc.newErrnoState(arena);
    private final MemorySegment value = arena.allocate(JAVA_LONG);
    private final Map<Counter, Integer> fds = new EnumMap<>(Counter.class);
    /** Tracepoints this kernel lacks (a counter not counted, not an error). */
    private final List<String> missing = new ArrayList<>();
    private String reason;
    private boolean closed;

    private PerfKernelCounts() {}

    /**
     * Starts counting every tracepoint counter for the calling thread and the threads it starts
     * from now on; where the machine refuses, the result counts nothing and says why.
     */
    static PerfKernelCounts openForThisThread() {
        PerfKernelCounts k = new PerfKernelCounts();
        try {
            k.reason = k.open();
        } catch (RuntimeException e) {
            k.reason = "perf_event_open failed: " + e;
        }
        if (k.reason != null) {
            k.closeFds();
        }
        return k;
    }

    /** Opens every counter; the reason nothing is counted, or null. */
    private String open() {
        Optional<Path> events = TRACEFS.stream().map(p -> p.resolve("events")).filter(Files::isDirectory).findFirst();
        if (events.isEmpty()) {
            return "tracefs is not mounted at /sys/kernel/tracing (as root: mount -t tracefs nodev /sys/kernel/tracing)";
        }
        MemorySegment attr = arena.allocate(PERF_ATTR_SIZE_VER7, 8);
        for (Counter c : Counter.values()) {
            if (c.tracepoint().isEmpty()) {
                continue;
            }
            String spec = c.tracepoint().get();
            int space = spec.indexOf(' ');
            String point = space < 0 ? spec : spec.substring(0, space);
            String filter = space < 0 ? null : spec.substring(space + 1);
            Path idFile = events.get().resolve(point.replace(':', '/')).resolve("id");
            long id;
            try {
                id = Long.parseLong(Files.readString(idFile).trim());
            } catch (AccessDeniedException e) {
                return "tracefs event ids are readable by root only (" + idFile + ")";
            } catch (IOException | NumberFormatException e) {
                missing.add(point);
                continue;
            }
            attr.fill((byte) 0);
            attr.set(JAVA_INT, 0, PERF_TYPE_TRACEPOINT);
            attr.set(JAVA_INT, 4, PERF_ATTR_SIZE_VER7);
            attr.set(JAVA_LONG, 8, id);
            attr.set(JAVA_LONG, 40, ATTR_INHERIT);
            int fd = Libc.perfEventOpenThisThread(errno, attr);
            if (fd < 0) {
                return "perf_event_open(" + point + ") refused: " + Errno.name(-fd) + paranoia();
            }
            fds.put(c, fd);
            if (filter != null) {
                try (Arena a = Arena.ofConfined()) {
                    int ret = Libc.ioctl(errno, fd, PERF_EVENT_IOC_SET_FILTER, a.allocateFrom(filter));
                    if (ret < 0) {
                        return "PERF_EVENT_IOC_SET_FILTER(" + spec + "): " + Errno.name(-ret);
                    }
                }
            }
        }
        return fds.isEmpty() ? "this kernel has none of the counted tracepoints" : null;
    }

    private static String paranoia() {
        try {
            return " (perf_event_paranoid " + Files.readString(PARANOID).trim() + "; root counts any thread's tracepoints)";
        } catch (IOException e) {
            return "";
        }
    }

    @Override
    public Optional<String> unavailableReason() {
        return closed && reason == null ? Optional.of("the ring is closed") : Optional.ofNullable(reason);
    }

    @Override
    public boolean counts(Counter c) {
        return !closed && fds.containsKey(c);
    }

    /** read(2) of the counter's fd: its value with every inherited child's. */
    @Override
    public long get(Counter c) {
        Integer fd = closed ? null : fds.get(c);
        if (fd == null) {
            return 0;
        }
        int n = Libc.read(errno, fd, value, Long.BYTES);
        if (n != Long.BYTES) {
            throw new IllegalStateException("read of the perf counter of " + c.tracepoint().orElseThrow() + ": "
                    + (n < 0 ? Errno.name(-n) : n + " bytes"));
        }
        return value.get(JAVA_LONG, 0);
    }

    /** Tracepoints of {@link Counter} this kernel does not have. */
    List<String> missing() {
        return List.copyOf(missing);
    }

    /** Closes every counter (idempotent). */
    void close() {
        if (!closed) {
            closed = true;
            closeFds();
            arena.close();
        }
    }

    private void closeFds() {
        for (int fd : fds.values()) {
            Libc.close(errno, fd);
        }
        fds.clear();
    }

    @Override
    public String toString() {
        if (reason != null) {
            return "kernel counts unavailable: " + reason;
        }
        StringBuilder sb = new StringBuilder("kernel counts:");
        snapshot().forEach((c, v) -> sb.append(' ').append(c.metricName()).append('=').append(v));
        return sb.toString();
    }
}
