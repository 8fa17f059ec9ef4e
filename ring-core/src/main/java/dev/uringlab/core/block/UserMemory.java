package dev.uringlab.core.block;

import java.lang.foreign.MemorySegment;

/**
 * The application's memory as the kernel sees it: DMA to and from the pages the bio's
 * segments name (native addresses, pinned by bio_iov_iter_get_pages in the kernel), and
 * copy_to_user / copy_from_user at an SQE's {@code addr}. One segment over the whole address
 * space, so a transfer allocates nothing.
 */
public final class UserMemory {
    /** Every address: a buffer is its address in this segment, so a copy to or from it allocates nothing. */
    @SuppressWarnings("restricted") // the bio's segments and the SQEs' addresses are the application's native buffers, as in the kernel
    public static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private UserMemory() {}
}
