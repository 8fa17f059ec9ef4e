/**
 * Seed 002, "io_uring: reduce frequent add_wait_queue() overhead for multi-shot poll request"
 * (Xiaoguang Wang, applied for 5.16 and later superseded by the poll_refs rework): the
 * {@code active-flag} implementation of the {@code poll-rearm} axis
 * ({@link dev.uringlab.strategy.pollactive.ActiveFlagPollRearm}) and its provider.
 *
 * <p>May not: depend on anything but ring-api ({@code dev.uringlab.api}, {@code dev.uringlab.spi});
 * the engine's poll is reached only through {@link dev.uringlab.spi.PollWait}.
 */
package dev.uringlab.strategy.pollactive;
