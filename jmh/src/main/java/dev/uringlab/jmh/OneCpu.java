package dev.uringlab.jmh;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.IntStream;

/**
 * A benchmark's ring on one CPU: {@link BenchmarkRingState} pins the benchmark thread to one CPU
 * ({@code sched_setaffinity(2)} of the calling thread) before the ring opens, the one the fork's
 * system property {@value #CPU_PROPERTY} names or else the one it runs on ({@code sched_getcpu(3)}),
 * and a thread inherits its creator's affinity mask ({@code clone(2)}), so the
 * threads the ring starts share that CPU: the emulator's io-wq workers, a device's interrupt
 * thread, and the kernel's own io-wq workers (below). A thread that stands for another process
 * (the echo server's client thread) is {@linkplain #release released} to the process's CPUs.
 *
 * <h2>Why</h2>
 * On this 2-vCPU virtual machine a handoff across vCPUs costs microseconds more than one on a
 * single CPU (measured below; the likely reason, not counted: the woken vCPU is often halted and is
 * kicked with an interprocessor interrupt, which a guest pays with exits to the hypervisor).
 * Seed 003's FORCE_ASYNC workload hands every chain to an io-wq worker and back, and measured
 * unpinned (2026-12-03, {@code LinkedNopsBenchmark} links of 10 with IOSQE_ASYNC, 5.6,
 * {@code -f 4..8 -wi 4 -i 3}) it ran 70k-240k NOPs/s from fork to fork on the emulator, as the
 * scheduler placed the two threads together or apart, and the real kernel was as slow (110k-160k);
 * with the whole fork on one CPU ({@code taskset -c 1}) 750k-930k on the emulator and 540k-630k on
 * the kernel, and a paired race's per-second ratios spread 0.013-0.032 (sd) against 0.09-0.31.
 * On one CPU a handoff is a wakeup and a context switch on that CPU, and both arms of a paired
 * race run on the same CPU, so the pairing cancels that CPU's slow phases. The JIT's and the collector's
 * threads keep every CPU.
 *
 * <p>The real kernel's io-wq workers share the CPU too: a worker is cloned from the submitter
 * (create_io_thread), which copies its user-requested mask (v6.18.2 kernel/sched/core.c:2767,
 * dup_user_cpus_ptr), and the cpuset's CPUs that io_init_new_worker then allows it
 * (io_uring/io-wq.c:785, 1247) are intersected with that mask (kernel/sched/core.c:3152-3155).
 * Measured: a native FORCE_ASYNC fork's {@code iou-wrk} thread has the benchmark thread's one CPU
 * in its {@code Cpus_allowed_list}.
 *
 * <h2>Which CPU</h2>
 * The two vCPUs of this machine do not always run alike: a memory-bound probe once swung from 0.59x to
 * 2.37x of its median for seconds on one of them and stayed within 10% on the other (issue 22), and
 * seed 003's FORCE_ASYNC arms, each alone in forks of their own held to one vCPU ({@code taskset -c},
 * three rounds, 2026-12-03 19:39-19:43), raced 1.026x, 1.044x, 1.028x on CPU 0 and 0.955x, 1.053x, 1.191x on
 * CPU 1; at other times they match (seed 001's NOPs alone, 19:46: 34.2 and 35.0 M NOPs/s on CPU 0,
 * 34.9 and 34.8 M on CPU 1). A fork that pins itself where it happens to start draws its vCPU by luck,
 * and in a race fork by fork one arm may draw the worse one more often than the other. So
 * {@code uring-lab compare} gives each fork a slot, {@code -D}{@value #CPU_PROPERTY}{@code =k}, its
 * point's count of forks so far: slot {@code k} is the {@code (k mod n)}th of the process's {@code n}
 * CPUs, so the two arms of a race fork by fork run their {@code k}th forks on the same CPU, and every
 * race's forks take the CPUs in turn. Without the property ({@code java -jar benchmarks.jar}) a fork
 * pins itself where it runs.
 *
 * <p>Where the calls fail (not Linux, a C library without {@code sched_getcpu}), the benchmark
 * runs unpinned and says so once on standard error.
 */
@SuppressWarnings("restricted") // two libc downcalls are this class's purpose; forks get --enable-native-access
public final class OneCpu {
    private OneCpu() {}

    /** The CPU mask's size in bytes: glibc's cpu_set_t, 1024 CPUs. */
    private static final long MASK_BYTES = 128;
    /** The three libc functions this class calls. */
    private record Calls(MethodHandle schedGetcpu, MethodHandle schedSetaffinity, MethodHandle schedGetaffinity) {}

    private static final Optional<Calls> CALLS = link();
    /** The process's CPUs: the main thread's mask, which no benchmark pins; empty where the calls are missing. */
    private static final Optional<byte[]> PROCESS_MASK = CALLS.flatMap(c -> mask(c, pid()));
    private static volatile boolean warned;
    /** The system property naming a fork's CPU slot (see "Which CPU"). */
    public static final String CPU_PROPERTY = "uringlab.cpu";

    /**
     * Pins the calling thread to one CPU: slot {@code k}'s when the system property
     * {@value #CPU_PROPERTY} is {@code k}, else the CPU it runs on.
     *
     * @return that CPU, or empty (said once on standard error) where the machine refuses
     * @throws IllegalArgumentException when the property is set but is not a slot (a number from 0)
     */
    public static Optional<Integer> pin() {
        OptionalInt slot = slot(System.getProperty(CPU_PROPERTY));
        if (CALLS.isEmpty()) {
            return warn("sched_getcpu or sched_setaffinity is not in this C library");
        }
        try (Arena arena = Arena.ofConfined()) {
            int cpu = slot.isPresent() && PROCESS_MASK.isPresent() ? slotCpu(PROCESS_MASK.get(), slot.getAsInt())
                    : (int) CALLS.get().schedGetcpu().invokeExact();
            if (cpu < 0 || cpu >= MASK_BYTES * 8) {
                return warn((slot.isPresent() ? "slot " + slot.getAsInt() + " names" : "sched_getcpu returned") + " CPU " + cpu);
            }
            MemorySegment mask = arena.allocate(MASK_BYTES);
            mask.set(JAVA_BYTE, cpu / 8, (byte) (1 << (cpu % 8)));
            int ret = (int) CALLS.get().schedSetaffinity().invokeExact(0, MASK_BYTES, mask);
            return ret == 0 ? Optional.of(cpu) : warn("sched_setaffinity failed (" + ret + ")");
        } catch (Throwable t) {
            return warn(t.toString());
        }
    }

    /** Gives the calling thread the process's CPUs (a thread that stands for another process). */
    public static void release() {
        if (CALLS.isEmpty() || PROCESS_MASK.isEmpty()) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            int ret = (int) CALLS.get().schedSetaffinity().invokeExact(0, MASK_BYTES, arena.allocateFrom(JAVA_BYTE, PROCESS_MASK.get()));
            if (ret != 0) {
                warn("sched_setaffinity to the process's CPUs failed (" + ret + ")");
            }
        } catch (Throwable t) {
            warn(t.toString());
        }
    }

    /** The slot a value of {@value #CPU_PROPERTY} names; empty when unset. */
    static OptionalInt slot(String value) {
        if (value == null) {
            return OptionalInt.empty();
        }
        try {
            int k = Integer.parseInt(value.strip());
            if (k >= 0) {
                return OptionalInt.of(k);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("-D" + CPU_PROPERTY + "=" + value + ": a CPU slot is a number from 0 (slot k is the"
                + " (k mod n)th of the process's n CPUs)");
    }

    /** Slot {@code k}'s CPU: the {@code (k mod n)}th of the {@code n} CPUs set in {@code mask}, lowest first; -1 when none is. */
    static int slotCpu(byte[] mask, int k) {
        int[] cpus = IntStream.range(0, mask.length * 8).filter(c -> (mask[c / 8] & (1 << (c % 8))) != 0).toArray();
        return cpus.length == 0 ? -1 : cpus[k % cpus.length];
    }

    private static Optional<Integer> warn(String why) {
        if (!warned) {
            warned = true;
            System.err.println("uring-lab: a benchmark's threads run on any CPU, not on one: " + why);
        }
        return Optional.empty();
    }

    private static int pid() {
        return (int) ProcessHandle.current().pid();
    }

    /** sched_getaffinity(pid): the mask of the thread whose id is {@code pid}. */
    private static Optional<byte[]> mask(Calls calls, int pid) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(MASK_BYTES);
            int ret = (int) calls.schedGetaffinity().invokeExact(pid, MASK_BYTES, mask);
            return ret == 0 ? Optional.of(mask.toArray(JAVA_BYTE)) : Optional.empty();
        } catch (Throwable t) {
            return Optional.empty();
        }
    }

    /** sched_getcpu, sched_setaffinity, sched_getaffinity; empty where the C library lacks one. */
    private static Optional<Calls> link() {
        try {
            Linker linker = Linker.nativeLinker();
            var libc = linker.defaultLookup();
            FunctionDescriptor affinity = FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_LONG, ADDRESS);
            return Optional.of(new Calls(
                    linker.downcallHandle(libc.find("sched_getcpu").orElseThrow(), FunctionDescriptor.of(JAVA_INT)),
                    linker.downcallHandle(libc.find("sched_setaffinity").orElseThrow(), affinity),
                    linker.downcallHandle(libc.find("sched_getaffinity").orElseThrow(), affinity)));
        } catch (RuntimeException | LinkageError e) {
            return Optional.empty();
        }
    }
}
