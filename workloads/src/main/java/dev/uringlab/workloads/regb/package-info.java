/**
 * reg.b set 1, "poll_multi eventfd": the multishot-poll flood of liburing's {@code benchmark/reg.c}
 * that seed 000 ("io_uring: batch multishot completions") was measured with. It stresses the
 * aux-CQE posting path: every round, {@value dev.uringlab.workloads.regb.RegbPollMulti#NSQE}
 * multishot polls each post one CQE, and with an eventfd registered each posting may signal it.
 *
 * <p>May not: import anything but {@code dev.uringlab.api} (DESIGN.md: workloads see ring-api
 * only), so the same loop runs on every strategy and on the real kernel.
 */
package dev.uringlab.workloads.regb;
