/**
 * jcstress tests of the emulator's cross-thread protocols, each outcome named and marked
 * ACCEPTABLE, ACCEPTABLE_INTERESTING or FORBIDDEN with a description. Here: seed 002's
 * question, whether a poll wakeup can be lost in the window between io_poll_wake and
 * io_poll_task_func's re-arm and commit, for each {@code poll-rearm} strategy
 * ({@link dev.uringlab.stress.PollActiveFlagWindow}, {@link dev.uringlab.stress.PollBaselineReaddWindow},
 * {@link dev.uringlab.stress.PollRefsWindow})
 * and for a lockless data path with and without smp_mb()
 * ({@link dev.uringlab.stress.PollActiveFlagLocklessData}, {@link dev.uringlab.stress.PollActiveFlagLocklessDataMb},
 * {@link dev.uringlab.stress.PollBaselineReaddLocklessData}); the model is
 * {@link dev.uringlab.stress.PollWindow}. {@code ./mvnw verify} runs every test in sanity mode
 * and fails on a FORBIDDEN outcome; {@code -Djcstress.mode=quick} (or {@code default}) runs them
 * for real, {@code -Djcstress.tests=REGEXP} picks some.
 *
 * <p>Adding a test is one file: an annotated class in this package (jcstress's processor lists
 * it, and the {@code jcstress} execution of this module's pom runs every test listed).
 *
 * <p>May not: import ring-core or a strategy module (strategies and engines are found by name
 * through ring-api's registry); sleep or spin to provoke an interleaving (jcstress does that).
 */
package dev.uringlab.stress;
