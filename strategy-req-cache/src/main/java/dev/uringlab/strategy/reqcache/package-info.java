/**
 * Seed 001, "squeeze more performance" (Pavel Begunkov, 16 patches, merged for 5.16): the
 * {@code req-cache} implementation of the {@code req-alloc} axis
 * ({@link dev.uringlab.strategy.reqcache.FreeStackRequestAllocation}) and its provider. The
 * series' other mechanisms (the merged CQ/poll waitqueue, ev_posted without the SQPOLL
 * wakeup, late queueing into the completion batch) live in the engine, not here.
 *
 * <p>May not: depend on anything but ring-api ({@code dev.uringlab.api}, {@code dev.uringlab.spi});
 * the engine is reached only through {@link dev.uringlab.spi.StrategyContext} and the calls of
 * {@link dev.uringlab.spi.RequestAllocation}.
 */
package dev.uringlab.strategy.reqcache;
