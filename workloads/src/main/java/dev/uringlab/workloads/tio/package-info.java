/**
 * fio's {@code t/io_uring}: its submit-and-reap loop ({@link dev.uringlab.workloads.tio.Submitter}),
 * once, for the workloads that are its analogues (nops32, polled reads), which bring their own
 * SQE preparation and CQE reaping.
 *
 * <p>May not: hold a workload's own SQEs or checks, or import anything but ring-api.
 */
package dev.uringlab.workloads.tio;
