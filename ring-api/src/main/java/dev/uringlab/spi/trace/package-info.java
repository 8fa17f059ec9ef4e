/**
 * The trace (DESIGN.md, "The trace"): every step the emulated kernel takes, named after its
 * kernel function ({@link dev.uringlab.spi.trace.TracePoint}), recorded as
 * {@link dev.uringlab.spi.trace.TraceEvent}s through a ring's {@link dev.uringlab.spi.trace.Trace}.
 * The engine and the strategies emit; the CLI's {@code run --trace}, the classroom demos and
 * the differential tests read. Counters are for benchmarks; the trace is for teaching.
 *
 * <p>Zero cost when off: tracing is compiled in only when the JVM starts with
 * {@code -Duringlab.trace=true} ({@link dev.uringlab.spi.trace.Trace#COMPILED}); JMH forks never
 * set it.
 *
 * <p>May not: depend on anything but {@code dev.uringlab.api}; hold engine code.
 */
package dev.uringlab.spi.trace;
