/**
 * What users of uring-lab program against: the io_uring ABI (SQE, CQE, opcodes and flags
 * named as in {@code include/uapi/linux/io_uring.h}), the {@link dev.uringlab.api.Ring}
 * interface in liburing's vocabulary, and {@link dev.uringlab.api.Rings}, which finds a ring
 * engine ({@code emulated}, {@code native}) by name through {@link java.util.ServiceLoader}.
 * No engine code lives here: nothing in this package knows how a ring is executed.
 *
 * <h2>Who owns which index</h2>
 * As in {@code struct io_rings}: the application owns the SQ tail and the CQ head; the kernel
 * (emulated or real) owns the SQ head and the CQ tail. Each side only ever stores to the
 * indexes it owns and loads the other side's.
 *
 * <h2>Memory-ordering glossary (JCTools' naming)</h2>
 * <ul>
 *   <li>{@code lp}/{@code sp}: plain load/store, only for a field the caller alone writes;</li>
 *   <li>{@code lv}: load-acquire ({@code smp_load_acquire}, liburing {@code io_uring_smp_load_acquire});</li>
 *   <li>{@code so}: store-release ({@code smp_store_release}, liburing {@code io_uring_smp_store_release});</li>
 *   <li>{@code lo}: opaque load ({@code READ_ONCE}: never torn, no ordering);</li>
 *   <li>{@code wo}: opaque store ({@code WRITE_ONCE}: never torn, no ordering);</li>
 *   <li>{@code cas}, {@code xadd}: atomic read-modify-write with volatile semantics.</li>
 * </ul>
 * The pairing, as io_uring.c's opening comment states it: the producer writes entries, then
 * {@code so}-stores its tail; the consumer {@code lv}-loads the tail, reads the entries, then
 * {@code so}-stores its head, which the producer {@code lv}-loads before reusing a slot.
 *
 * <h2>Padding policy (written once, here)</h2>
 * <ul>
 *   <li>Ring indexes written by different sides sit on different cache lines, as
 *       {@code struct io_rings} puts head and tail ({@code ____cacheline_aligned_in_smp}).</li>
 *   <li>Counters: the ring owner's are a plain array with one writer and no padding; those other
 *       threads bump ({@link dev.uringlab.spi.Counters#incShared} off the owner's thread) are a
 *       separate array with 64 bytes of padding on each side, so the owner's lines are never
 *       shared with another thread's atomics.</li>
 *   <li>Nothing else is padded: array edges and small per-request fields are not, since no two
 *       threads write them at once.</li>
 * </ul>
 * No fence is taken on the per-request path that the kernel does not take: single-writer state
 * is plain, cross-thread hand-offs are release/acquire, and volatile (full-fence) stores are kept
 * for Dekker pairs (a waiter's flag against a waker's queue).
 *
 * <p>May not: depend on any other uring-lab module.
 */
package dev.uringlab.api;
