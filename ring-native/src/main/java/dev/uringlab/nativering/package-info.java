/**
 * ring-native: the running kernel's io_uring behind ring-api's {@link dev.uringlab.api.Ring},
 * through Java's FFM API and the C library only (no JNI, no liburing). The
 * {@link dev.uringlab.nativering.NativeRingProvider} registers it as the {@code native}
 * engine, so workloads, benchmarks and scenarios open it by name and run unchanged on the
 * kernel and on the emulator.
 *
 * <p>What lives here: the downcalls ({@code Libc}: io_uring_setup, io_uring_enter and
 * io_uring_register through {@code syscall(2)} with errno captured; mmap, munmap, pipe2,
 * eventfd, read, write, close), the layouts of the structs the kernel reads and writes
 * ({@code IoUringParamsDescriptor}, {@code GeteventsArgDescriptor}), the ring itself with its
 * mappings ({@link dev.uringlab.nativering.NativeRing}), the real system calls of
 * {@code Ring.sys()}, the availability probe and the check of what a
 * {@link dev.uringlab.api.RingConfig} may ask of the real kernel.
 *
 * <p>The SQ and CQ protocol is <em>not</em> here: ring-api's {@code SubmissionQueue} and
 * {@code CompletionQueue} (liburing's logic, acquire/release orderings named at each access)
 * run on the kernel's mapped memory as they run on the emulator's.
 *
 * <p>May not: depend on any uring-lab module but ring-api, load any native library but the
 * C library, or count what it cannot see (the kernel's internal work).
 */
package dev.uringlab.nativering;
