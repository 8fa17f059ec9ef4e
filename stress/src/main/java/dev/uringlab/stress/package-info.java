/**
 * jcstress tests of the emulated kernel's cross-thread protocols, each outcome named and
 * marked: {@link dev.uringlab.stress.CqTailReleaseAcquire} (io_commit_cqring's release store of
 * the CQ tail against the application's acquire), {@link dev.uringlab.stress.TaskWorkAddedWhileOwnerRuns}
 * (io_req_task_work_add from a waker while the owner runs tctx_task_work),
 * {@link dev.uringlab.stress.OwnerWakeup} (the owner parked in io_cqring_wait is woken by task work),
 * {@link dev.uringlab.stress.IoWqHandoff} (a request punted to io-wq comes back to the owner whole).
 * Seed 002's question, whether a poll wakeup can be lost between io_poll_wake and
 * io_poll_task_func's re-arm and commit, is asked of each {@code poll-rearm} strategy
 * ({@link dev.uringlab.stress.PollActiveFlagWindow}, {@link dev.uringlab.stress.PollBaselineReaddWindow},
 * {@link dev.uringlab.stress.PollRefsWindow}), and of the patch with a data path that takes no
 * lock ({@link dev.uringlab.stress.PollActiveFlagLocklessData}), always in the orders the kernel's
 * paths have (sock_def_readable's smp_mb before io_poll_wake, io_cqring_ev_posted's after the
 * re-arm); those drive the real strategies (found by alias) on a model poll,
 * {@link dev.uringlab.stress.PollWindow}, so that one window is tested alone (docs/poll-active-flag.md).
 * {@code ./mvnw verify} runs them in sanity mode; {@code -Djcstress.mode=quick} (or {@code default})
 * runs them for real, {@code -Djcstress.tests=REGEXP} picks some.
 *
 * <p>Why through the public API: every test drives an emulated ring as an application and a
 * waker would, through {@link dev.uringlab.api.Ring} and its {@link dev.uringlab.api.Syscalls},
 * in threaded mode ({@code deterministic(false)}), rather than by reaching package-private
 * classes of ring-core from a class in {@code dev.uringlab.core}. The protocols under test are
 * those the kernel promises at that boundary (the CQ ring's orderings, no lost wakeup, no lost
 * task work), so a test keeps its meaning when ring-core's classes are split or renamed, and the
 * same test could run on another engine. The cost: a state is a whole ring, so a test iterates
 * more slowly than a test of one field would.
 *
 * <p>Adding a test is one file: an annotated class in this package (jcstress's processor lists it,
 * and the {@code jcstress} execution of this module's pom runs every test listed), using
 * {@link dev.uringlab.stress.StressRings} to open its ring.
 *
 * <p>May not: import ring-core or a strategy module (the engine is found by name); sleep or spin
 * to provoke an interleaving (jcstress does that).
 */
package dev.uringlab.stress;
