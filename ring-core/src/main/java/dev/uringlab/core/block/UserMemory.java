package dev.uringlab.core.block;

import java.lang.foreign.MemorySegment;

/**
 * The application's memory as the device sees it: DMA to and from the pages the bio's
 * segments name (native addresses, pinned by bio_iov_iter_get_pages in the kernel). One
 * segment over the whole address space, so a transfer allocates nothing.
 */
final class UserMemory {
    @SuppressWarnings("restricted") // the bio's segments are the application's native buffers, as in the kernel
    static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private UserMemory() {}
}
