/**
 * Linked NOPs: the submit-and-reap loop of seed 003 ("[RFC] single cqe per link"), chains of N
 * NOPs linked with IOSQE_IO_LINK, optionally all punted with IOSQE_ASYNC, where the RFC's
 * author measured what one CQE per link saves: 206 -> 144 ns/nop for links of 100, 234 -> 181
 * for links of 10, 667 -> 569 for links of 10 with FORCE_ASYNC.
 *
 * <p>May not: import anything but {@code dev.uringlab.api} (DESIGN.md: workloads see ring-api
 * only), so the same loop runs on every strategy and on the real kernel.
 */
package dev.uringlab.workloads.linkednops;
