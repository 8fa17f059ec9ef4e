/**
 * Seed 000, "io_uring: batch multishot completions" (Dylan Yudaken, merged for 6.2): the
 * {@code batched-cqe} implementation of the {@code completion} axis
 * ({@link dev.uringlab.strategy.batchedcqe.DeferredAuxCqePosting}) and its provider, and what
 * mainline replaced its array with, {@code post-cqe} (6.15 on, the {@code linux-6.18} profile's:
 * {@link dev.uringlab.strategy.batchedcqe.CqFlushPosting}, the aux CQE written at once and only its
 * commit and eventfd signal deferred, {@code cq_flush}).
 *
 * <p>May not: depend on anything but ring-api ({@code dev.uringlab.api}, {@code dev.uringlab.spi});
 * the engine is reached only through {@link dev.uringlab.spi.CompletionContext}.
 */
package dev.uringlab.strategy.batchedcqe;
