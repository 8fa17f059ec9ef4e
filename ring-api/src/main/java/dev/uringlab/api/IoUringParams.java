package dev.uringlab.api;

/**
 * What io_uring_setup copied back into {@code struct io_uring_params}: the ring sizes it
 * chose, the setup flags in force, and the kernel's features word ({@link Features}).
 */
public record IoUringParams(int sqEntries, int cqEntries, int flags, int features) {

    public boolean hasFeature(int feature) {
        return (features & feature) == feature;
    }

    @Override
    public String toString() {
        return "sq_entries=" + sqEntries + " cq_entries=" + cqEntries + " flags=0x" + Integer.toHexString(flags)
                + " features=" + Features.describe(features);
    }
}
