/**
 * The echo server seed 002 ("reduce frequent add_wait_queue() overhead for multi-shot poll
 * request") was measured with: {@link dev.uringlab.workloads.echo.EchoServer}, N TCP connections
 * over loopback, one multishot POLL_ADD per server socket, READ and WRITE SQEs per request,
 * 16-byte messages; transactions per second.
 *
 * <p>May not: import anything but {@code dev.uringlab.api} (DESIGN.md: workloads see ring-api
 * only), so the same server runs on every strategy and on the real kernel.
 */
package dev.uringlab.workloads.echo;
