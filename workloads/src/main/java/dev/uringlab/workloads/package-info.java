/**
 * Programs written against the {@link dev.uringlab.api.Ring} API only, so the same program
 * runs on every strategy set of the emulated engine and on the real kernel's io_uring:
 * the workloads the benchmarks race, (in {@link dev.uringlab.workloads.scenario}) the
 * scenario file format, and (in {@link dev.uringlab.workloads.fuzz}) the generator of scenario
 * programs that holds the emulator against the kernel.
 *
 * <p>May not: import anything but {@code dev.uringlab.api} and {@code dev.uringlab.spi} of
 * uring-lab (never ring-core, ring-native or a strategy module); a ring is obtained by engine
 * name through {@link dev.uringlab.api.Rings}.
 */
package dev.uringlab.workloads;
