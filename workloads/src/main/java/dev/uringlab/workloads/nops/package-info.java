/**
 * nops32: the NOP submit-and-reap loop of fio's {@code t/io_uring -N1}, the workload of seed 001
 * ("squeeze more performance"). It measures the fixed cost io_uring pays per request (SQE
 * consumption, request allocation and free, CQE posting) with no file and no device behind it.
 *
 * <p>May not: import anything but {@code dev.uringlab.api} (DESIGN.md: workloads see ring-api
 * only), so the same loop runs on every strategy and on the real kernel.
 */
package dev.uringlab.workloads.nops;
