/**
 * The kernel's synchronisation primitives that io_uring's mechanisms are made of:
 * {@link dev.uringlab.core.sync.SpinLock} ({@code spinlock_t}: the completion lock, waitqueue
 * head locks) and waitqueues ({@link dev.uringlab.core.sync.WaitQueueHead},
 * {@link dev.uringlab.core.sync.WaitQueueEntry}: {@code wait_queue_head_t} with its lock and
 * an intrusive list of entries carrying wake callbacks). They are real: a lock is a CAS on an
 * owner word, an add is a list insert under the head lock, a wake walks the list.
 *
 * <p>May not: know about rings, requests or files (those sit on top of these), or use
 * {@code java.util.concurrent} locks in their place.
 */
package dev.uringlab.core.sync;
