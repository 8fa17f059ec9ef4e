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

/**
 * A benchmark's ring on one CPU: {@link BenchmarkRingState} pins the benchmark thread to the CPU it
 * runs on ({@code sched_getcpu(3)}, then {@code sched_setaffinity(2)} of the calling thread) before
 * the ring opens, and a thread inherits its creator's affinity mask ({@code clone(2)}), so the
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

    /**
     * Pins the calling thread to the CPU it runs on.
     *
     * @return that CPU, or empty (said once on standard error) where the machine refuses
     */
    public static Optional<Integer> pinHere() {
        if (CALLS.isEmpty()) {
            return warn("sched_getcpu or sched_setaffinity is not in this C library");
        }
        try (Arena arena = Arena.ofConfined()) {
            int cpu = (int) CALLS.get().schedGetcpu().invokeExact();
            if (cpu < 0 || cpu >= MASK_BYTES * 8) {
                return warn("sched_getcpu returned " + cpu);
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
