/**
 * Seed 001, "[PATCH 00/16] squeeze more performance" (Pavel Begunkov, 2021-10-04; patches 1-15
 * applied for 5.16, 16/16 left aside): the {@code req-cache} implementation of the
 * {@code req-alloc} axis ({@link dev.uringlab.strategy.reqcache.ReqCacheRequestAllocation}) and
 * its provider, which brings the series' ev_posted patches along in a kernel profile
 * ({@code ev-posted=merged-waitqueue}, strategy-era). The race is the author's base
 * ({@code for-5.16-2021-10-04}: {@code req-alloc=free-stack}, {@code ev-posted=split-poll-wait})
 * against the same tree with the series; its steps, both arms, patch by patch, are the recipe
 * {@code nops32-5.16.recipe} here.
 *
 * <p>May not: depend on anything but ring-api ({@code dev.uringlab.api}, {@code dev.uringlab.spi});
 * the engine is reached only through {@link dev.uringlab.spi.StrategyContext} and the calls of
 * {@link dev.uringlab.spi.RequestAllocation}.
 */
package dev.uringlab.strategy.reqcache;
